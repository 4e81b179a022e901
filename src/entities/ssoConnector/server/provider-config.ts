import type { HookContext } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { discoverOidc, lastDiscovery, oidcIssuerOf } from '../../../server/sso/oidc.js';
import { lastSamlIdp, resolveSamlIdp, samlServiceProvider } from '../../../server/sso/saml.js';
import { tenantBaseUrl } from '../../../server/tenants/urls.js';
import type { EntityModel } from '../../../shared/descriptor.js';

const metaOf = (model: EntityModel, providerName: unknown) =>
  (model.discriminated?.config?.branches[String(providerName)]?.meta ?? {}) as Record<string, unknown>;
const configOf = (item: Entity) => (item.config ?? {}) as Record<string, unknown>;
const connected = (item: Entity) => Object.keys(configOf(item)).length > 0;

/**
 * Checks that a connection's provider answers (Logto's check on save): the OpenID provider's discovery document, or
 * the SAML identity provider's metadata; 400 `connector.invalid_config` when it does not. Without its provider's
 * name (an update's body), the protocol is told by the configuration's fields.
 */
export const checkConnection = async (model: EntityModel, providerName: unknown, config: Record<string, unknown>) => {
  const meta = metaOf(model, providerName);
  const protocol =
    meta.providerType ?? (config.issuer ? 'oidc' : config.metadataUrl || config.metadata ? 'saml' : undefined);
  if (protocol === 'oidc') await discoverOidc(oidcIssuerOf({ config, meta }));
  else if (protocol === 'saml') await resolveSamlIdp(config);
};

/**
 * What the provider publishes about one connector's connection, as last read (a read never waits on a provider: the
 * check on save reads it, and a stale copy is renewed in the background); null when it is not known.
 */
const providerConfigOf = (model: EntityModel, item: Entity, base: string) => {
  const meta = metaOf(model, item.providerName);
  const config = configOf(item);
  if (meta.providerType === 'saml') {
    const serviceProvider = samlServiceProvider(base, String(item.id));
    const idp = connected(item) ? lastSamlIdp(config) : undefined;
    const identityProvider = idp && {
      entityId: idp.entityId,
      signInEndpoint: idp.signInEndpoint,
      x509Certificate: idp.x509Certificate,
    };
    return { serviceProvider, ...(identityProvider ? { identityProvider } : {}) };
  }
  if (meta.providerType !== 'oidc' || !connected(item)) return null;
  const discovery = lastDiscovery(oidcIssuerOf({ config, meta }));
  if (!discovery) return null;
  const { tokenEndpointAuthMethods: _methods, ...endpoints } = discovery;
  return { ...endpoints, scope: ['openid', 'profile', 'email', config.scope].filter(Boolean).join(' ') };
};

/** Every answered connector with its `providerConfig`, read from its provider (all of a page at once). */
export const withProviderConfig = (items: Entity[], { model, tenantId, context }: HookContext) =>
  items.map((item) => ({
    ...item,
    providerConfig: providerConfigOf(model, item, tenantBaseUrl(context.origin ?? '', tenantId)),
  }));
