import { Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OidcKeyRotateBody } from '../../../generated/types';

type Algorithm = NonNullable<OidcKeyRotateBody['signingKeyAlgorithm']>;

/** The grace periods offered, in hours (0: the new key signs at once). */
const GRACE_HOURS = [0, 1, 24, 168] as const;

/**
 * Asks before a rotation; for private keys, with the algorithm of the new key (EC by default, as the API) and a
 * grace period during which the new key is published before it signs (none: at once).
 */
export const RotateDialog = ({
  open,
  withAlgorithm,
  title,
  description,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  withAlgorithm: boolean;
  title: string;
  description: string;
  onCancel: () => void;
  onConfirm: (body: OidcKeyRotateBody) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const [algorithm, setAlgorithm] = useState<Algorithm>('EC');
  const [graceHours, setGraceHours] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm(
        withAlgorithm
          ? { signingKeyAlgorithm: algorithm, ...(graceHours ? { rotationGracePeriod: graceHours * 3600 } : {}) }
          : {},
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('signing_keys.rotate_confirm')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      {withAlgorithm && (
        <div className="gh-keys-algorithm">
          <span id="signing-key-algorithm">{t('signing_keys.algorithm')}</span>
          <Radio.Group
            aria-labelledby="signing-key-algorithm"
            value={algorithm}
            onChange={(event) => setAlgorithm(event.target.value as Algorithm)}
            options={[
              { value: 'EC', label: t('signing_keys.algorithm_ec') },
              { value: 'RSA', label: t('signing_keys.algorithm_rsa') },
            ]}
          />
          <span id="signing-key-grace">{t('signing_keys.grace_period')}</span>
          <Radio.Group
            aria-labelledby="signing-key-grace"
            value={graceHours}
            onChange={(event) => setGraceHours(Number(event.target.value))}
            options={GRACE_HOURS.map((hours) => ({
              value: hours,
              label: hours === 0 ? t('signing_keys.grace_none') : t('signing_keys.grace_hours', { count: hours }),
            }))}
          />
          <Typography.Text type="secondary">{t('signing_keys.grace_period_hint')}</Typography.Text>
        </div>
      )}
    </Modal>
  );
};
