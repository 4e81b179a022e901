import type Provider from 'oidc-provider';
import { type ClientInstance, errors, type KoaContextWithOIDC } from 'oidc-provider';
import instance from 'oidc-provider/lib/helpers/weak_cache.js';
import type { OrganizationGrants } from './organization-grants.js';

/** The user scope that releases the `organizations` claim and allows organization tokens (Logto's). */
export const ORGANIZATIONS_SCOPE = 'urn:logto:scope:organizations';
/** The user scope that releases the `organization_roles` claim. */
export const ORGANIZATION_ROLES_SCOPE = 'urn:logto:scope:organization_roles';
/** The resource of the organization template: its permissions are requested for it at sign-in. */
export const ORGANIZATION_RESOURCE = 'urn:logto:resource:organizations';
/** The audience of an organization token is the organization's URN. */
export const organizationUrn = (organizationId: string) => `urn:logto:organization:${organizationId}`;

/** Organization tokens live as long as Logto's (its reserved resources' lifetime). */
export const ORGANIZATION_TOKEN_TTL = 3600;

type Handler = (ctx: KoaContextWithOIDC) => Promise<void>;

interface IssuedToken {
  resourceServer?: unknown;
  scope?: string | undefined;
}

export interface OrganizationTokenOptions {
  organizations: OrganizationGrants;
  /** How the tenant's tokens for resources are signed (format and algorithm). */
  signing: Record<string, unknown>;
  /** Whether the application is a third party's: those reach only the organizations a user consented to. */
  isThirdParty: (clientId: string) => Promise<boolean>;
  /** Whether the user lets the (third-party) application reach the organization. */
  consentedOrganization: (clientId: string, userId: string, organizationId: string) => Promise<boolean>;
}

/** The organization a token request names, if any. */
export const requestedOrganization = (ctx: KoaContextWithOIDC): string | undefined => {
  const value = ctx.oidc.params?.organization_id;
  return typeof value === 'string' && value ? value : undefined;
};

/** A refusal of an organization token: `access_denied`, answered with 403 as Logto does. */
const denied = (description: string) => {
  const error = new errors.AccessDenied(description);
  Object.assign(error, { status: 403, statusCode: 403 });
  return error;
};

const scopeSet = (value: unknown) =>
  new Set(
    String(value ?? '')
      .split(' ')
      .filter(Boolean),
  );

/**
 * Makes `token` the organization's token: audience `urn:logto:organization:{id}`, the scopes `available` holds among
 * those requested.
 */
export const toOrganizationToken = (
  provider: Provider,
  token: IssuedToken,
  { signing, organizationId, available, requested }: OrganizationTokenOptions & OrganizationGrant,
) => {
  const audience = organizationUrn(organizationId);
  token.resourceServer = new provider.ResourceServer(audience, {
    ...signing,
    audience,
    accessTokenTTL: ORGANIZATION_TOKEN_TTL,
    scope: available.join(' '),
  });
  token.scope = available.filter((scope) => requested.has(scope)).join(' ');
  return audience;
};

/** An organization token's organization, what the requester may get there, and what the request asks for. */
interface OrganizationGrant {
  organizationId: string;
  available: string[];
  requested: Set<string>;
}

/**
 * Runs a grant's own handler with one change: the access token it makes, when handed to the request's entities
 * right before it is saved, becomes the organization's token (audience `urn:logto:organization:{id}`, the scopes
 * `available` holds among those requested).
 */
const asOrganizationToken = async (
  ctx: KoaContextWithOIDC,
  handler: Handler,
  entity: 'AccessToken' | 'ClientCredentials',
  options: OrganizationTokenOptions & OrganizationGrant,
) => {
  const { oidc } = ctx;
  const setEntity = oidc.entity.bind(oidc);
  oidc.entity = (name: string, value: unknown) => {
    if (name === entity) toOrganizationToken(oidc.provider, value as IssuedToken, options);
    setEntity(name, value);
  };
  await handler(ctx);
};

/**
 * Refuses a user the organization: not a member, a third-party app the user did not let reach it, MFA it requires.
 */
export const checkUserAccess = async (
  options: OrganizationTokenOptions,
  organizationId: string,
  userId: string,
  client: ClientInstance,
) => {
  const { organizations } = options;
  if (!(await organizations.isMember('user', organizationId, userId))) {
    throw denied('user is not a member of the organization');
  }
  if (
    (await options.isThirdParty(client.clientId)) &&
    !(await options.consentedOrganization(client.clientId, userId, organizationId))
  ) {
    throw denied('organization access is not granted to the application');
  }
  if (await organizations.lacksRequiredMfa(organizationId, userId)) {
    throw denied('organization requires MFA but user has no MFA configured');
  }
};

/**
 * `refresh_token` with `organization_id`: the member's access token for the organization. Without `resource`, an
 * organization token carrying the member's organization permissions among those requested (or those of the refresh
 * token); with `resource`, the API resource's token holding what the member's roles in that organization grant.
 * A non-member, an organization that requires MFA of a user without it, and a refresh token issued without
 * `urn:logto:scope:organizations` are refused. Without `organization_id`, the grant is the provider's own.
 */
const refreshTokenGrant =
  (provider: Provider, original: Handler, options: OrganizationTokenOptions): Handler =>
  async (ctx) => {
    const organizationId = requestedOrganization(ctx);
    const { client, params } = ctx.oidc;
    if (!organizationId || !client || !params) return original(ctx);
    // A token that is unknown, expired, used or another client's is refused by the grant itself.
    const refreshToken = await provider.RefreshToken.find(String(params.refresh_token ?? ''), {
      ignoreExpiration: true,
    });
    const userId = refreshToken?.accountId;
    const usable =
      userId && refreshToken.clientId === client.clientId && !refreshToken.isExpired && !refreshToken.consumed;
    if (!usable) return original(ctx);
    await checkUserAccess(options, organizationId, userId, client);
    if (!refreshToken.scopes.has(ORGANIZATIONS_SCOPE)) {
      throw new errors.InsufficientScope('refresh token missing required scope', ORGANIZATIONS_SCOPE);
    }
    if (params.resource) return original(ctx);
    const available = await options.organizations.organizationScopes('user', organizationId, userId);
    const requested = params.scope ? scopeSet(params.scope) : refreshToken.scopes;
    return asOrganizationToken(ctx, original, 'AccessToken', {
      ...options,
      organizationId,
      available,
      requested,
    });
  };

/**
 * `client_credentials` with `organization_id`: a machine-to-machine app of the organization gets an organization
 * token with the permissions its organization roles grant among those requested (with `resource`, the API
 * resource's token holding what its organization roles grant). An app outside the organization is refused.
 */
const clientCredentialsGrant =
  (original: Handler, options: OrganizationTokenOptions): Handler =>
  async (ctx) => {
    const organizationId = requestedOrganization(ctx);
    const { client, params } = ctx.oidc;
    if (!organizationId || !client || !params) return original(ctx);
    if (!(await options.organizations.isMember('application', organizationId, client.clientId))) {
      throw denied('app has not associated with the organization');
    }
    if (params.resource) return original(ctx);
    // Read before the grant runs: it keeps only the scopes the provider knows when no resource is named.
    const requested = scopeSet(params.scope);
    const available = await options.organizations.organizationScopes('application', organizationId, client.clientId);
    return asOrganizationToken(ctx, original, 'ClientCredentials', {
      ...options,
      organizationId,
      available,
      requested,
    });
  };

/**
 * Adds the organization tokens (Logto's RFC 0001 and 0006) to the provider: `organization_id` on the
 * `refresh_token` and `client_credentials` grants. The provider's own grants run unchanged for every other request.
 */
export const registerOrganizationTokens = (provider: Provider, options: OrganizationTokenOptions) => {
  const { grantTypeHandlers } = instance(provider);
  const originalOf = (grant: string) => {
    const handler = grantTypeHandlers.get(grant);
    if (!handler) throw new Error(`The provider has no ${grant} grant`);
    return handler;
  };
  provider.registerGrantType(
    'refresh_token',
    refreshTokenGrant(provider, originalOf('refresh_token'), options),
    ['refresh_token', 'scope', 'resource', 'organization_id'],
    ['resource'],
  );
  provider.registerGrantType(
    'client_credentials',
    clientCredentialsGrant(originalOf('client_credentials'), options),
    ['scope', 'resource', 'organization_id'],
    ['resource'],
  );
};

/** The claim an API resource's token carries when it was issued for one organization (`resource` with it). */
export const organizationTokenClaims = (ctx: KoaContextWithOIDC): Record<string, unknown> | undefined => {
  const organizationId = requestedOrganization(ctx);
  return organizationId && ctx.oidc.params?.resource ? { organization_id: organizationId } : undefined;
};
