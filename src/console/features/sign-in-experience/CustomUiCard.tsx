import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { requestFailed } from '../../generic/request-failed';
import type { ApiError } from '../../providers/http';
import { read, Section, type TabProps } from './fields';

interface CustomUiAssets {
  id: string;
  createdAt: number;
}

const assetsOf = (value: unknown): CustomUiAssets | undefined =>
  value && typeof value === 'object' && typeof (value as CustomUiAssets).id === 'string'
    ? (value as CustomUiAssets)
    : undefined;

/**
 * The tenant's own sign-in pages (`customUiAssets`): a zip uploaded here replaces the built-in pages once the
 * settings are saved; the built-in pages come back the same way.
 */
export const CustomUiCard = ({ values, set, disabled }: TabProps) => {
  const { t, i18n } = useTranslation();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  const current = assetsOf(read(values, 'customUiAssets'));

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await mutateAsync({
        url: apiRoutes.signInExperience.actions.customUiAssets,
        method: 'post',
        values: form as never,
        successNotification: false,
        errorNotification: (error) => requestFailed(t, error),
      });
      set('customUiAssets', { id: String(answer.data.customUiAssetId), createdAt: Date.now() });
    } catch {
      // The notice above says why.
    }
  };

  return (
    <Section titleKey="sign_in_exp_console.custom_ui.title" later>
      <Typography.Paragraph type="secondary">{t('sign_in_exp_console.custom_ui.description')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="custom-ui-status">
        {current
          ? t('sign_in_exp_console.custom_ui.current', {
              id: current.id,
              date: new Date(current.createdAt).toLocaleString(i18n.language),
            })
          : t('sign_in_exp_console.custom_ui.none')}
      </Typography.Paragraph>
      <Space wrap>
        <Upload
          accept=".zip,application/zip"
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button disabled={disabled} loading={mutation.isPending}>
            {t('sign_in_exp_console.custom_ui.upload')}
          </Button>
        </Upload>
        {current && (
          <Button disabled={disabled} onClick={() => set('customUiAssets', null)}>
            {t('sign_in_exp_console.custom_ui.remove')}
          </Button>
        )}
      </Space>
    </Section>
  );
};
