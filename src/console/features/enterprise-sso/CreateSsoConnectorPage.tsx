import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRoutes } from '../../../generated/api-paths';
import { errorKey } from '../../../shared/text-keys';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import type { ApiError } from '../../providers/http';
import { type SsoConnector, useSsoProviders } from './use-sso';
import './enterprise-sso.css';

/**
 * `/console/enterprise-sso/create`: the provider (a card each, with its logo and description) and the connector's
 * name; created before its connection, it then opens on its connection tab.
 */
export const CreateSsoConnectorPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('enterprise_sso.create.title'));
  const navigate = useNavigate();
  const { providers, error, loading } = useSsoProviders();
  const [providerName, setProviderName] = useState<string>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();

  const create = async () => {
    if (!providerName) return;
    if (!name.trim()) {
      setNameError(t('validation.required'));
      return;
    }
    try {
      const created = await mutateAsync({
        url: apiRoutes.ssoConnector.list,
        method: 'post',
        values: { providerName, connectorName: name.trim() },
        successNotification: false,
        errorNotification: false,
      });
      navigate(`../${encodeURIComponent(String((created.data as SsoConnector).id))}/connection`, { relative: 'path' });
    } catch (failure) {
      const { code, message } = failure as ApiError;
      setNameError(code ? t(errorKey(code), { defaultValue: message }) : message);
    }
  };

  return (
    <div className="gh-page gh-enterprise-sso">
      <PageHeader title={t('enterprise_sso.create.title')} subtitle={t('enterprise_sso.create.subtitle')} />
      {error ? (
        <ErrorState error={error} onRetry={() => window.location.reload()} />
      ) : (
        <section className="gh-sso-section" aria-busy={loading}>
          <Typography.Title level={2} className="gh-connectors-subtitle">
            {t('enterprise_sso.create.provider')}
          </Typography.Title>
          <ul className="gh-sso-providers">
            {providers.map((provider) => (
              <li key={provider.providerName}>
                <button
                  type="button"
                  className="gh-sso-provider-card"
                  aria-pressed={provider.providerName === providerName}
                  onClick={() => setProviderName(provider.providerName)}
                >
                  <img src={provider.logo} alt="" width={32} height={32} />
                  <span className="gh-sso-provider-text">
                    <strong>{provider.name}</strong>
                    <Typography.Text type="secondary">{provider.description}</Typography.Text>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="gh-sso-field">
            <label htmlFor="sso-connector-name">{t('enterprise_sso.create.name')}</label>
            <Input
              id="sso-connector-name"
              value={name}
              maxLength={128}
              status={nameError ? 'error' : undefined}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'sso-connector-name-error' : undefined}
              placeholder={t('enterprise_sso.create.name_placeholder')}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
            {nameError && (
              <Typography.Text type="danger" id="sso-connector-name-error">
                {nameError}
              </Typography.Text>
            )}
          </div>
          <Space>
            <Button type="primary" disabled={!providerName} loading={mutation.isPending} onClick={() => void create()}>
              {t('enterprise_sso.create.submit')}
            </Button>
            <Button onClick={() => navigate('..', { relative: 'path' })}>{t('connectors.cancel')}</Button>
          </Space>
        </section>
      )}
    </div>
  );
};
