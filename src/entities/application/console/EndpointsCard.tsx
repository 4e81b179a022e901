import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../console/generic/CopyField';
import type { OverrideProps } from '../../../console/generic/override-types';
import { SectionCard } from '../../../console/generic/SectionCard';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';

/** Where the tenant's OpenID provider lives: the default tenant is served at the console's origin. */
export const providerEndpoints = (origin: string) => ({
  discovery: `${origin}/oidc/.well-known/openid-configuration`,
  token: `${origin}/oidc/token`,
});

/**
 * What a SAML service provider is configured with: the identity provider's metadata, entity ID (not an API path:
 * the name the server gives itself) and sign-on URL.
 */
export const samlEndpoints = (origin: string, id: string) => ({
  metadata: `${origin}/api${apiPath(apiRoutes.samlApplication.actions.metadata, { id })}`,
  entityId: `${origin}/saml/${encodeURIComponent(id)}`,
  singleSignOn: `${origin}/api${apiPath(apiRoutes.samlSignOn.actions.authnRedirect, { id })}`,
});

type Translate = ReturnType<typeof useTranslation>['t'];

/** The card's values for a SAML application, whose service provider speaks SAML rather than OpenID Connect. */
const samlFields = (t: Translate, id: string) => {
  const saml = samlEndpoints(window.location.origin, id);
  return [
    { id: 'application-app-id', label: t('applications.endpoints.app_id'), value: id },
    { id: 'application-saml-metadata', label: t('applications.endpoints.saml_metadata'), value: saml.metadata },
    { id: 'application-saml-entity-id', label: t('applications.endpoints.saml_entity_id'), value: saml.entityId },
    { id: 'application-saml-sso', label: t('applications.endpoints.saml_sso'), value: saml.singleSignOn },
  ];
};

/**
 * What a developer needs to configure a client: the app ID (the OAuth client_id), the provider's discovery
 * document, and for machine-to-machine apps the token endpoint of the client credentials grant; for a SAML
 * application, the identity provider's metadata, entity ID and single sign-on URL instead.
 */
export const EndpointsCard = ({ record }: OverrideProps) => {
  const { t } = useTranslation();
  const endpoints = providerEndpoints(window.location.origin);
  const isSaml = record.type === 'SAML';
  const fields = isSaml
    ? samlFields(t, String(record.id))
    : [
        { id: 'application-app-id', label: t('applications.endpoints.app_id'), value: String(record.id) },
        { id: 'application-discovery', label: t('applications.endpoints.discovery'), value: endpoints.discovery },
        ...(record.type === 'MachineToMachine'
          ? [{ id: 'application-token-endpoint', label: t('applications.endpoints.token'), value: endpoints.token }]
          : []),
      ];
  return (
    <SectionCard
      title={t('applications.endpoints.title')}
      description={t(isSaml ? 'applications.endpoints.saml_description' : 'applications.endpoints.description')}
    >
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
