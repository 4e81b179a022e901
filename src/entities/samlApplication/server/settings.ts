import type { RequestContext } from '../../../server/crud/context.js';
import type { Entity } from '../../../server/crud/repository.js';
import { tenantBaseUrl } from '../../../server/tenants/urls.js';

export const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The settings a SAML application keeps beside its application row (`saml_application_configs`). */
export const SETTINGS = ['attributeMapping', 'entityId', 'acsUrl', 'encryption', 'nameIdFormat'] as const;
/** The application's own fields a SAML application's body may carry. */
export const APPLICATION_FIELDS = ['name', 'description', 'customData', 'appLevelAccessControlEnabled'] as const;

const pick = (from: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => key in from).map((key) => [key, from[key]]));
export const settingsOf = (body: Record<string, unknown>) => pick(body, SETTINGS);
export const applicationFieldsOf = (body: Record<string, unknown>) => pick(body, APPLICATION_FIELDS);

/** Where the tenant lives, as the caller reached it. */
const endpointOf = (context: RequestContext) => tenantBaseUrl(context.origin ?? '', context.tenantId);

/** The identity provider's URLs for one SAML application (Logto's). */
export const samlUrls = (context: RequestContext, id: string) => {
  const endpoint = endpointOf(context);
  return {
    entityId: `${endpoint}/saml/${id}`,
    singleSignOn: `${endpoint}/api/saml/${id}/authn`,
    callback: `${endpoint}/api/saml-applications/${id}/callback`,
  };
};

/** A SAML application as the API answers it: the application's fields and its settings. */
export const samlApplicationOf = (application: Entity, settings: Entity | undefined) => ({
  tenantId: application.tenantId,
  id: application.id,
  name: application.name,
  description: application.description ?? null,
  type: application.type,
  customData: application.customData ?? {},
  isThirdParty: application.isThirdParty ?? false,
  appLevelAccessControlEnabled: application.appLevelAccessControlEnabled ?? false,
  createdAt: application.createdAt,
  attributeMapping: settings?.attributeMapping ?? {},
  entityId: settings?.entityId ?? null,
  acsUrl: settings?.acsUrl ?? null,
  encryption: settings?.encryption ?? null,
  nameIdFormat: settings?.nameIdFormat,
});
