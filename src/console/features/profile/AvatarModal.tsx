import { UploadOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Flex, Modal, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProfileAccount, profileApi } from './profile-api';
import { useProfileFailure } from './use-profile-failure';

/** Spec §9: the console's image uploader takes at most 500 KB (or less, where the server takes less). */
const CONSOLE_LIMIT = 500 * 1024;
const TYPES: Record<string, string> = {
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpeg',
  'image/vnd.microsoft.icon': '.ico',
  'image/x-icon': '.ico',
};

/**
 * Changes the avatar (spec §6): one image (svg, png, jpeg or an icon) within the smaller of 500 KB and the server's
 * limit, uploaded to the server's storage and then saved on the account; or removes it.
 */
export const AvatarModal = ({
  account,
  onSaved,
  onClose,
}: {
  account: ProfileAccount;
  onSaved: (account: ProfileAccount) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const failed = useProfileFailure();
  const [limit, setLimit] = useState<number | null>();
  const [url, setUrl] = useState(account.avatar ?? '');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    profileApi.assetStatus().then(
      (status) =>
        setLimit(status.status === 'ready' ? Math.min(CONSOLE_LIMIT, status.maxUploadFileSize ?? CONSOLE_LIMIT) : null),
      () => setLimit(null),
    );
  }, []);

  const upload = async (file: File) => {
    setProblem(undefined);
    if (!TYPES[file.type]) {
      setProblem(t('profile.avatar.error_file_type', { extensions: [...new Set(Object.values(TYPES))].join(', ') }));
      return;
    }
    if (limit && file.size > limit) {
      setProblem(t('profile.avatar.error_file_size', { limit: `${Math.round(limit / 1024)} KB` }));
      return;
    }
    setBusy(true);
    try {
      setUrl((await profileApi.upload(file)).url);
    } catch {
      setProblem(t('profile.avatar.error_upload'));
    } finally {
      setBusy(false);
    }
  };
  const save = async (avatar: string) => {
    setBusy(true);
    try {
      onSaved(await profileApi.update({ avatar: avatar || null }));
      onClose();
    } catch (error) {
      failed(error);
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('profile.avatar.title')}
      okText={t('profile.save')}
      cancelText={t('profile.cancel')}
      okButtonProps={{ disabled: busy || url === (account.avatar ?? '') }}
      onOk={() => void save(url)}
      onCancel={onClose}
    >
      <Flex vertical gap={16} align="flex-start">
        <Avatar size={96} src={url || undefined} alt={t('profile.avatar.preview')}>
          {(account.name ?? account.username ?? '?').slice(0, 1).toUpperCase()}
        </Avatar>
        {limit === null ? <Alert type="info" showIcon message={t('profile.avatar.not_configured')} /> : null}
        <Flex gap={8}>
          <Upload
            accept={Object.keys(TYPES).join(',')}
            showUploadList={false}
            maxCount={1}
            disabled={!limit || busy}
            beforeUpload={(file, files) => {
              if (files.length > 1) setProblem(t('profile.avatar.error_file_count'));
              else void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} disabled={!limit}>
              {t('profile.avatar.upload')}
            </Button>
          </Upload>
          {url ? (
            <Button danger onClick={() => setUrl('')}>
              {t('profile.avatar.remove')}
            </Button>
          ) : null}
        </Flex>
        {problem ? <Alert type="error" showIcon message={problem} role="alert" /> : null}
        {limit ? (
          <span className="gh-hint">{t('profile.avatar.hint', { limit: `${Math.round(limit / 1024)} KB` })}</span>
        ) : null}
      </Flex>
    </Modal>
  );
};
