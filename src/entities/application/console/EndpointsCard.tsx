import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../console/generic/CopyField';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';

/** Where the tenant's OpenID provider lives: the default tenant is served at the console's origin. */
export const providerEndpoints = (origin: string) => ({
  discovery: `${origin}/oidc/.well-known/openid-configuration`,
  token: `${origin}/oidc/token`,
});

/**
 * What a developer needs to configure a client: the app ID (the OAuth client_id), the provider's discovery
 * document, and for machine-to-machine apps the token endpoint of the client credentials grant.
 */
export const EndpointsCard = ({ record }: OverrideProps) => {
  const { t } = useTranslation();
  const endpoints = providerEndpoints(window.location.origin);
  const fields = [
    { id: 'application-app-id', label: t('applications.endpoints.app_id'), value: String(record.id) },
    { id: 'application-discovery', label: t('applications.endpoints.discovery'), value: endpoints.discovery },
    ...(record.type === 'MachineToMachine'
      ? [{ id: 'application-token-endpoint', label: t('applications.endpoints.token'), value: endpoints.token }]
      : []),
  ];
  return (
    <SectionCard title={t('applications.endpoints.title')} description={t('applications.endpoints.description')}>
      {fields.map((field) => (
        <div key={field.id} className="gh-field">
          <label className="gh-field-label" htmlFor={field.id}>
            {field.label}
          </label>
          <CopyField id={field.id} value={field.value} name={field.label} />
        </div>
      ))}
    </SectionCard>
  );
};
