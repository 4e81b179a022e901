import { type BaseRecord, useCustom, useCustomMutation, useNotification } from '@refinedev/core';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { useResourceAccess } from '../../access/AccessContext';
import { ErrorState } from '../../generic/states';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { useSettingsRecord } from './use-settings-record';

const provider = requireResource('captchaProvider');
const types = ['Turnstile', 'RecaptchaEnterprise'] as const;
const modes = ['invisible', 'checkbox'] as const;
type Config = {
  type: (typeof types)[number];
  siteKey: string;
  secretKey: string;
  projectId?: string;
  domain?: string;
  mode?: (typeof modes)[number];
};

/** The body of a PUT: the fields of the chosen type only, optional ones when given. */
const body = ({ type, siteKey, secretKey, projectId, domain, mode }: Config) =>
  type === 'Turnstile'
    ? { type, siteKey, secretKey }
    : {
        type,
        siteKey,
        secretKey,
        projectId: projectId ?? '',
        ...(domain ? { domain } : {}),
        ...(mode ? { mode } : {}),
      };

const empty: Config = { type: 'Turnstile', siteKey: '', secretKey: '' };

/** The tenant's CAPTCHA provider (`apiRoutes.captchaProvider`), or that there is none: its type and keys, saved with PUT or removed. */
export const CaptchaProviderCard = () => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const { write } = useResourceAccess(provider);
  // Asked through `/state`, which answers a missing provider with null: its `GET` answers 404
  // then (as Logto's does), and the browser would log each visit as a failed request.
  const { result, query } = useCustom<{ provider: { config: Config } | null }>({
    url: apiRoutes.captchaProvider.actions.state,
    method: 'get',
    errorNotification: false,
  });
  const stored = result?.data?.provider?.config;
  const [config, setConfig] = useState<Config>(empty);
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  useEffect(() => setConfig(stored ?? empty), [stored]);
  // Removing the provider also switches the policy off (server side): the policy form below shows it.
  const settings = useSettingsRecord();

  const send = async (method: 'put' | 'delete') => {
    try {
      await mutateAsync({
        url: apiRoutes.captchaProvider.actions[method],
        method,
        values: method === 'put' ? { config: body(config) } : {},
        successNotification: false,
        errorNotification: (error) => ({
          type: 'error',
          message: t('sign_in_exp_console.captcha.failed'),
          description: error?.message,
        }),
      });
      open?.({ type: 'success', message: t('notifications.saved') });
      await query.refetch();
      if (method === 'delete') await settings.query.refetch();
    } catch {
      // The error notification has told the admin.
    }
  };
  const text = (key: 'siteKey' | 'secretKey' | 'projectId' | 'domain') => {
    const props = {
      id: `captcha-${key}`,
      value: config[key] ?? '',
      disabled: !write,
      onChange: (event: { target: { value: string } }) => setConfig({ ...config, [key]: event.target.value }),
    };
    return (
      <Form.Item
        label={t(`sign_in_exp_console.captcha.${key}`)}
        htmlFor={`captcha-${key}`}
        {...(key === 'domain' ? { extra: t('sign_in_exp_console.captcha.domain_hint') } : {})}
      >
        {key === 'secretKey' ? <Input.Password {...props} autoComplete="off" /> : <Input {...props} />}
      </Form.Item>
    );
  };

  return (
    <section className="gh-card gh-sie-section" aria-label={t('sign_in_exp_console.captcha.title')}>
      <h2 className="gh-sie-section-title">{t('sign_in_exp_console.captcha.title')}</h2>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
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
          {config.type === 'RecaptchaEnterprise' && (
            <>
              {text('projectId')}
              {text('domain')}
              <Form.Item label={t('sign_in_exp_console.captcha.mode')} htmlFor="captcha-mode">
                <Select
                  id="captcha-mode"
                  value={config.mode ?? 'invisible'}
                  disabled={!write}
                  onChange={(mode) => setConfig({ ...config, mode })}
                  options={modes.map((value) => ({ value, label: t(`sign_in_exp_console.captcha.mode_${value}`) }))}
                />
              </Form.Item>
            </>
          )}
          {!stored && !query.isLoading && (
            <Alert type="info" showIcon className="gh-captcha-hint" message={t('sign_in_exp_console.captcha.none')} />
          )}
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
      )}
    </section>
  );
};
