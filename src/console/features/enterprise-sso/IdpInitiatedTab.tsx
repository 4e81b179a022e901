import { type BaseRecord, useCustom, useCustomMutation } from '@refinedev/core';
import { Input, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { errorKey } from '../../../shared/text-keys';
import { useResourceAccess } from '../../access/AccessContext';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { SaveFooter } from './SaveFooter';
import type { SsoConnector } from './use-sso';

const resource = requireResource('ssoConnector');
const routes = apiRoutes.ssoConnectorIdpInitiatedAuthConfig.actions;

interface Settings {
  defaultApplicationId: string;
  redirectUri: string | null;
  authParameters: { scope?: string };
  autoSendAuthorizationRequest: boolean;
  clientIdpInitiatedAuthCallbackUri: string | null;
}
interface Application {
  id: string;
  name: string;
  type: string;
  oidcClientMetadata?: { redirectUris?: string[] };
}

/** The settings as stored (404: IdP-initiated sign-in is off) and the applications it may sign users in to. */
const useSettings = (connectorId: string) => {
  const settings = useCustom<Settings>({
    url: apiPath(routes.get, { id: connectorId }),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const applications = useCustom<Application[]>({
    url: apiRoutes.application.list,
    method: 'get',
    errorNotification: false,
  });
  const list = applications.result?.data;
  return {
    stored: settings.query.isSuccess ? settings.result?.data : undefined,
    loading: settings.query.isLoading || applications.query.isLoading,
    applications: (Array.isArray(list) ? list : []).filter((app) => app.type === 'Traditional' || app.type === 'SPA'),
  };
};

/**
 * The IdP-initiated tab of a SAML connector: whether a sign-in the identity provider starts is taken, the application
 * it signs the user in to (with the redirect URI and scopes of its authorization request), and whether Gatehouse
 * sends that request or the application's own callback does.
 */
export const IdpInitiatedTab = ({ connector, onSaved }: { connector: SsoConnector; onSaved: () => Promise<void> }) => {
  const { t } = useTranslation();
  const { write } = useResourceAccess(resource);
  const { stored, loading, applications } = useSettings(connector.id);
  if (connector.providerType !== 'saml') {
    return <Typography.Paragraph>{t('enterprise_sso.idp_initiated.saml_only')}</Typography.Paragraph>;
  }
  if (loading) return null;
  return <IdpInitiatedForm key={stored ? 'on' : 'off'} {...{ connector, stored, applications, write, onSaved }} />;
};

const IdpInitiatedForm = (props: {
  connector: SsoConnector;
  stored: Settings | undefined;
  applications: Application[];
  write: boolean;
  onSaved: () => Promise<void>;
}) => {
  const { connector, stored, applications, write, onSaved } = props;
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(Boolean(stored));
  const [values, setValues] = useState<Settings>(
    () =>
      stored ?? {
        defaultApplicationId: '',
        redirectUri: null,
        authParameters: {},
        autoSendAuthorizationRequest: true,
        clientIdpInitiatedAuthCallbackUri: null,
      },
  );
  const [error, setError] = useState<string>();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  const set = (patch: Partial<Settings>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(undefined);
  };
  const application = applications.find((app) => app.id === values.defaultApplicationId);

  const save = async () => {
    const id = connector.id;
    try {
      if (!enabled) {
        await mutateAsync({
          url: apiPath(routes.delete, { id }),
          method: 'delete',
          values: {},
          successNotification: false,
          errorNotification: false,
        });
      } else {
        const body = {
          ...values,
          authParameters: values.authParameters.scope ? { scope: values.authParameters.scope } : {},
          clientIdpInitiatedAuthCallbackUri: values.autoSendAuthorizationRequest
            ? null
            : values.clientIdpInitiatedAuthCallbackUri,
        };
        await mutateAsync({
          url: apiPath(routes.replace, { id }),
          method: 'put',
          values: body,
          successNotification: false,
          errorNotification: false,
        });
      }
      await onSaved();
    } catch (failure) {
      const { code, message } = failure as ApiError;
      setError(code ? t(errorKey(code), { defaultValue: message, type: 'Traditional, SPA' }) : message);
    }
  };

  return (
    <section className="gh-sso-section" aria-label={t('enterprise_sso.tab.idp_initiated_auth')}>
      <Typography.Paragraph type="secondary">{t('enterprise_sso.idp_initiated.description')}</Typography.Paragraph>
      <div className="gh-sso-field">
        <label htmlFor="sso-idp-enabled">{t('enterprise_sso.idp_initiated.enabled')}</label>
        <Switch id="sso-idp-enabled" checked={enabled} disabled={!write} onChange={setEnabled} />
      </div>
      {enabled && (
        <>
          <div className="gh-sso-field">
            <label htmlFor="sso-idp-application">{t('enterprise_sso.idp_initiated.application')}</label>
            <Select
              id="sso-idp-application"
              value={values.defaultApplicationId || undefined}
              disabled={!write}
              placeholder={t('enterprise_sso.idp_initiated.application_placeholder')}
              options={applications.map((app) => ({ value: app.id, label: app.name }))}
              onChange={(defaultApplicationId: string) => set({ defaultApplicationId, redirectUri: null })}
            />
          </div>
          <div className="gh-sso-field">
            <label htmlFor="sso-idp-redirect">{t('enterprise_sso.idp_initiated.redirect_uri')}</label>
            <Select
              id="sso-idp-redirect"
              allowClear
              value={values.redirectUri ?? undefined}
              disabled={!write || !application}
              placeholder={t('enterprise_sso.idp_initiated.redirect_uri_placeholder')}
              options={(application?.oidcClientMetadata?.redirectUris ?? []).map((uri) => ({ value: uri, label: uri }))}
              onChange={(redirectUri?: string) => set({ redirectUri: redirectUri ?? null })}
            />
          </div>
          <div className="gh-sso-field">
            <label htmlFor="sso-idp-scope">{t('enterprise_sso.idp_initiated.scope')}</label>
            <Input
              id="sso-idp-scope"
              value={values.authParameters.scope ?? ''}
              disabled={!write}
              placeholder="profile email"
              onChange={(event) => set({ authParameters: { scope: event.target.value } })}
            />
          </div>
          <Radio.Group
            aria-label={t('enterprise_sso.idp_initiated.request')}
            value={values.autoSendAuthorizationRequest ? 'auto' : 'client'}
            disabled={!write}
            onChange={(event) => set({ autoSendAuthorizationRequest: event.target.value === 'auto' })}
            options={[
              { value: 'auto', label: t('enterprise_sso.idp_initiated.request_auto') },
              { value: 'client', label: t('enterprise_sso.idp_initiated.request_client') },
            ]}
          />
          {!values.autoSendAuthorizationRequest && (
            <div className="gh-sso-field">
              <label htmlFor="sso-idp-callback">{t('enterprise_sso.idp_initiated.callback')}</label>
              <Input
                id="sso-idp-callback"
                type="url"
                value={values.clientIdpInitiatedAuthCallbackUri ?? ''}
                disabled={!write}
                placeholder="https://"
                onChange={(event) => set({ clientIdpInitiatedAuthCallbackUri: event.target.value || null })}
              />
            </div>
          )}
        </>
      )}
      <SaveFooter error={error} write={write} saving={mutation.isPending} onSave={() => void save()} />
    </section>
  );
};
