import { type BaseRecord, useCustom, useCustomMutation, useNotification } from '@refinedev/core';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../access/AccessContext';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';

const provider = requireResource('captchaProvider');
const types = ['Turnstile', 'RecaptchaEnterprise'] as const;
type Config = { type: (typeof types)[number]; siteKey: string; secretKey: string; projectId?: string };

const empty: Config = { type: 'Turnstile', siteKey: '', secretKey: '' };

/** The tenant's CAPTCHA provider (`/api/captcha-provider`): its type and keys, saved with PUT or removed. */
export const CaptchaProviderCard = () => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { write } = useResourceAccess(provider);
  const { result, query } = useCustom<{ config?: Config }>({
    url: provider.apiPath,
    method: 'get',
    errorNotification: false,
  });
  const stored = query.isError ? undefined : result?.data?.config;
  const [config, setConfig] = useState<Config>(empty);
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  useEffect(() => setConfig(stored ?? empty), [stored]);

  const send = async (method: 'put' | 'delete') => {
    const { projectId, ...rest } = config;
    try {
      await mutateAsync({
        url: provider.apiPath,
        method,
        values: method === 'put' ? { config: config.type === 'Turnstile' ? rest : { ...rest, projectId } } : {},
        successNotification: false,
        errorNotification: (error) => ({
          type: 'error',
          message: t('sign_in_exp_console.captcha.failed'),
          description: error?.message,
        }),
      });
      open?.({ type: 'success', message: t('notifications.saved') });
      await query.refetch();
    } catch {
      // The error notification has told the admin.
    }
  };
  const text = (key: 'siteKey' | 'secretKey' | 'projectId') => (
    <Form.Item label={t(`sign_in_exp_console.captcha.${key}`)} htmlFor={`captcha-${key}`}>
      <Input
        id={`captcha-${key}`}
        value={config[key] ?? ''}
        disabled={!write}
        onChange={(event) => setConfig({ ...config, [key]: event.target.value })}
      />
    </Form.Item>
  );

  return (
    <section className="gh-card gh-sie-section" aria-label={t('sign_in_exp_console.captcha.title')}>
      <h2 className="gh-sie-section-title">{t('sign_in_exp_console.captcha.title')}</h2>
      <Form layout="vertical" component="div">
        <Form.Item label={t('sign_in_exp_console.captcha.type')} htmlFor="captcha-type">
          <Select
            id="captcha-type"
            value={config.type}
            disabled={!write}
            onChange={(type) => setConfig({ ...config, type })}
            options={types.map((value) => ({ value, label: t(`sign_in_exp_console.captcha.type_${value}`) }))}
          />
        </Form.Item>
        {text('siteKey')}
        {text('secretKey')}
        {config.type === 'RecaptchaEnterprise' && text('projectId')}
        {write && (
          <Space>
            <Button type="primary" loading={mutation.isPending} onClick={() => void send('put')}>
              {t('sign_in_exp_console.captcha.save')}
            </Button>
            {stored && (
              <Button danger disabled={mutation.isPending} onClick={() => void send('delete')}>
                {t('sign_in_exp_console.captcha.remove')}
              </Button>
            )}
          </Space>
        )}
      </Form>
    </section>
  );
};
