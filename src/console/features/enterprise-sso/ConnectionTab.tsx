import { type BaseRecord, useCustomMutation } from '@refinedev/core';
import { hashForSchema } from '@rjsf/utils';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { FormModel } from '../../../shared/descriptor';
import { useResourceAccess } from '../../access/AccessContext';
import { CopyField } from '../../generic/CopyField';
import { useServerErrors } from '../../generic/use-server-errors';
import { useTenantBaseUrl } from '../../generic/use-tenant-base-url';
import type { ApiError } from '../../providers/http';
import { requireResource } from '../../registry';
import { type FormData, type FormHandle, type FormResource, SchemaForm } from '../../rjsf/SchemaForm';
import { withinField } from '../../rjsf/server-errors';
import { initialFormData } from '../../rjsf/validator';
import type { SsoConnector, SsoProvider } from './use-sso';

const ssoConnector = requireResource('ssoConnector');
/** How the connection's inputs look: the secret hidden, pasted metadata and certificates as text areas. */
const resource: FormResource = {
  name: ssoConnector.name,
  titleKey: 'enterprise_sso.title',
  uiSchema: {
    clientSecret: { 'ui:widget': 'password' },
    metadata: { 'ui:widget': 'textarea' },
    x509Certificate: { 'ui:widget': 'textarea' },
  },
};

/**
 * What the identity provider's administrator registers: Gatehouse's redirect URI (OpenID Connect), or its SAML
 * service provider as the server describes it (`providerConfig.serviceProvider`).
 */
const ServiceProviderFields = ({ connector }: { connector: SsoConnector }) => {
  const { t } = useTranslation();
  const base = useTenantBaseUrl();
  const serviceProvider = connector.providerConfig?.serviceProvider;
  if (connector.providerType !== 'saml' && base === undefined) return <Skeleton.Input active block />;
  const values =
    connector.providerType === 'saml'
      ? [
          ['entity_id', serviceProvider?.entityId ?? ''],
          ['acs_url', serviceProvider?.assertionConsumerServiceUrl ?? ''],
        ]
      : [['redirect_uri', `${base}/callback/sso/${encodeURIComponent(connector.id)}`]];
  return (
    <>
      {values.map(([key = '', value = '']) => (
        <div className="gh-sso-field" key={key}>
          <label htmlFor={`sso-${key}`}>{t(`enterprise_sso.connection.${key}`)}</label>
          <CopyField id={`sso-${key}`} value={value} name={t(`enterprise_sso.connection.${key}`)} />
        </div>
      ))}
    </>
  );
};

/**
 * The connection tab: what to register at the identity provider, then the provider's configuration as the form its
 * schema makes (precompiled like every form). Saving checks that the provider answers (its discovery document or
 * metadata); the server's refusal shows on the form.
 */
export const ConnectionTab = (props: {
  connector: SsoConnector;
  provider: SsoProvider | undefined;
  onSaved: () => Promise<void>;
}) => {
  const { connector, provider, onSaved } = props;
  const { t } = useTranslation();
  const { write } = useResourceAccess(ssoConnector);
  const form = useMemo<FormModel | undefined>(() => {
    if (!provider?.configSchema) return undefined;
    const schema = provider.configSchema as FormModel['schema'];
    return { schema, validatorKey: hashForSchema(schema as object) };
  }, [provider]);
  const [config, setConfig] = useState<FormData | undefined>();
  const formRef = useRef<FormHandle>(null);
  const { extraErrors, report, clear } = useServerErrors(ssoConnector, form);
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  if (!form) return <Skeleton active />;
  const current =
    config ?? (Object.keys(connector.config ?? {}).length > 0 ? connector.config : initialFormData(form, undefined));

  const save = async (values: FormData) => {
    try {
      await mutateAsync({
        url: apiPath(apiRoutes.ssoConnector.item, { id: connector.id }),
        method: 'patch',
        values: { config: values },
        successNotification: false,
        errorNotification: false,
      });
      await onSaved();
    } catch (error) {
      report(withinField('config', error as ApiError));
    }
  };

  return (
    <section className="gh-sso-section" aria-label={t('enterprise_sso.tab.connection')}>
      <Typography.Title level={2} className="gh-connectors-subtitle">
        {t('enterprise_sso.connection.service_provider')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(`enterprise_sso.connection.service_provider_${connector.providerType === 'saml' ? 'saml' : 'oidc'}`)}
      </Typography.Paragraph>
      <ServiceProviderFields connector={connector} />
      <Typography.Title level={2} className="gh-connectors-subtitle">
        {t('enterprise_sso.connection.identity_provider')}
      </Typography.Title>
      <SchemaForm
        resource={resource}
        form={form}
        idPrefix={`sso-${connector.providerName}`}
        formData={current}
        formRef={formRef}
        extraErrors={extraErrors}
        disabled={!write}
        onChange={(values) => {
          setConfig(values);
          if (extraErrors) clear();
        }}
        onSubmit={(values) => void save(values)}
      />
      {write && (
        <Space>
          <Button type="primary" loading={mutation.isPending} onClick={() => formRef.current?.submit()}>
            {t('connectors.save')}
          </Button>
        </Space>
      )}
    </section>
  );
};
