import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCustomMutation, useNotification } from '@refinedev/core';
import { App, Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import type { ApiError } from '../../../console/providers/http';
import { apiRoutes } from '../../../generated/api-paths';

const MASK = '•'.repeat(32);

/** The webhook's signing key: masked with show/hide and copy, and Regenerate behind a confirm dialog. */
export const SigningKeyCard = ({ resource, record, refetch }: OverrideProps) => {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { open } = useNotification();
  const [visible, setVisible] = useState(false);
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const { write } = useResourceAccess(resource);
  const signingKey = typeof record.signingKey === 'string' ? record.signingKey : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(signingKey);
      void message.success(t('actions.copied'));
    } catch {
      void message.error(t('webhooks.signing_key.copy_failed'));
    }
  };

  const regenerate = () =>
    modal.confirm({
      title: t('webhooks.signing_key.regenerate_title'),
      content: t('webhooks.signing_key.regenerate_description'),
      okText: t('webhooks.signing_key.regenerate'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await mutateAsync({
            url: apiRoutes.hook.actions.regenerateSigningKey,
            method: 'patch',
            values: {},
            meta: { params: { id: record.id } },
            successNotification: false,
            errorNotification: false,
          });
          await refetch();
          setVisible(false);
          open?.({ type: 'success', message: t('webhooks.signing_key.regenerated') });
        } catch (error) {
          open?.({ type: 'error', message: t('notifications.request_failed'), description: (error as Error).message });
        }
      },
    });

  return (
    <SectionCard title={t('webhooks.signing_key.title')} description={t('webhooks.signing_key.description')}>
      <div className="gh-field">
        <label className="gh-field-label" htmlFor="hook-signing-key">
          {t('webhooks.signing_key.label')}
        </label>
        <Space.Compact className="gh-secret">
          <Input id="hook-signing-key" readOnly value={visible ? signingKey : MASK} className="gh-secret-input" />
          <Tooltip title={visible ? t('actions.hide') : t('actions.show')}>
            <Button
              icon={visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              aria-label={visible ? t('webhooks.signing_key.hide') : t('webhooks.signing_key.show')}
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
            />
          </Tooltip>
          <Tooltip title={t('actions.copy')}>
            <Button icon={<CopyOutlined />} aria-label={t('webhooks.signing_key.copy')} onClick={() => void copy()} />
          </Tooltip>
        </Space.Compact>
        <div className="gh-field-description">{t('webhooks.signing_key.hint')}</div>
      </div>
      {write && (
        <Button icon={<ReloadOutlined />} loading={mutation.isPending} onClick={regenerate}>
          {t('webhooks.signing_key.regenerate')}
        </Button>
      )}
    </SectionCard>
  );
};
