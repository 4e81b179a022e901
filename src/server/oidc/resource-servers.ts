import { type ClientInstance, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { OrganizationGrants } from './organization-grants.js';
import { ORGANIZATION_RESOURCE, ORGANIZATION_TOKEN_TTL, requestedOrganization } from './organization-tokens.js';
import type { ResourceStore } from './resources.js';
import type { ThirdPartyConsent } from './third-party-consent.js';

export interface ResourceServerOptions {
  resources: ResourceStore;
  organizations: OrganizationGrants;
  /** How the tenant's tokens for resources are signed (format and algorithm). */
  signing: Record<string, unknown>;
  /** What a third-party application may ask its users for. */
  consent: ThirdPartyConsent;
}

/** The scopes kept of `scopes`: all, or those `allowed` names (a third-party application's consent scopes). */
const within = (scopes: string[], allowed: Set<string> | undefined) =>
  allowed ? scopes.filter((scope) => allowed.has(scope)) : scopes;

const unique = (...lists: string[][]) => [...new Set(lists.flat())].sort();

/**
 * The provider's answer for a resource indicator: the scopes the requester may get (the provider then keeps those
 * requested), the audience, the lifetime and the format. A user gets what the user's roles grant, plus what the
 * user's organization roles grant (in the organization the request names, or in all of the user's organizations);
 * a machine-to-machine app gets what its roles grant, or with `organization_id` what its roles in that organization
 * grant. The organization template's resource offers all organization permissions. A third-party application is
 * offered only what its consent scopes name.
 */
export const resourceServerInfoOf =
  ({ resources, organizations, signing, consent }: ResourceServerOptions) =>
  async (ctx: KoaContextWithOIDC, indicator: string, client: ClientInstance) => {
    if (indicator === ORGANIZATION_RESOURCE) {
      const allowed = await consent.organizationScopes(client.clientId);
      const scope = within(await organizations.allOrganizationScopes(), allowed).join(' ');
      return { ...signing, scope, audience: indicator, accessTokenTTL: ORGANIZATION_TOKEN_TTL };
    }
    const resource = await resources.find(indicator);
    if (!resource) throw new errors.InvalidTarget();
    const accountId = ctx.oidc.entities.Account?.accountId ?? ctx.oidc.session?.accountId;
    const organizationId = requestedOrganization(ctx);
    let scopes: string[] = [];
    if (accountId) {
      scopes = unique(
        await resources.userScopes(accountId, resource.id),
        await organizations.resourceScopes('user', accountId, resource.id, organizationId),
      );
    } else if (ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials') {
      scopes = organizationId
        ? await organizations.resourceScopes('application', client.clientId, resource.id, organizationId)
        : await resources.applicationScopes(client.clientId, resource.id);
    }
    // A third-party application gets no permission it may not ask its users for.
    if (accountId) scopes = within(scopes, await consent.resourceScopes(client.clientId, resource.id));
    // The audience is the resource's own indicator, also when the request named it by an alias.
    const audience = resource.indicator;
    return { ...signing, scope: scopes.join(' '), audience, accessTokenTTL: resource.accessTokenTtl };
  };
