import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { type Account, type ClientInstance, type KoaContextWithOIDC } from 'oidc-provider';
import type { UserStore } from '../../entities/user/server/account/store.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { logGrants } from '../audit-log/grants.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import { modelOf } from '../crud/catalog.js';
import type { Database } from '../db/database.js';
import { HARDENING_HEADERS, SIGN_IN_PAGE_POLICY } from '../http/security-headers.js';
import { errorPage } from '../interaction/views.js';
import { translatorFor } from '../locales/index.js';
import { ScriptContext } from '../scripts/script-context.js';
import { tenantBasePath, tenantIssuer } from '../tenants/urls.js';
import type { ActiveUsers } from './active-users.js';
import { createAdapterClass } from './adapter.js';
import { AppAccess } from './app-access.js';
import { ClientStore, type CustomClientMetadata, customClientMetadataDefaults } from './clients.js';
import { customTokenClaims } from './custom-claims.js';
import { deviceFlow } from './device-flow.js';
import { type GrantLimitListener, limitGrants } from './grant-limit.js';
import { keyTablesOf, loadKeys } from './key-store.js';
import { keysFingerprint, publicJwks, signingAlgorithms, tenantKeysOf } from './keys.js';
import { rpInitiatedLogout } from './logout.js';
import { OrganizationGrants } from './organization-grants.js';
import { organizationTokenClaims, registerOrganizationTokens, requestedOrganization } from './organization-tokens.js';
import { outboundFetch } from './outbound.js';
import { resourceServerInfoOf } from './resource-servers.js';
import { ResourceStore } from './resources.js';
import { SessionTtl } from './session-ttl.js';
import { ThirdPartyConsent } from './third-party-consent.js';
import { registerTokenExchange } from './token-exchange.js';
import { CLAIMS, UserClaims } from './user-claims.js';

/** One tenant's OpenID provider and what its pages and routes need next to it. */
export interface TenantOidc {
  tenantId: string;
  issuer: string;
  /** Below the origin: `''` for the default tenant, `/t/{tenantId}` for the others. */
  basePath: string;
  /** Where the provider is mounted: `{basePath}/oidc`. */
  mountPath: string;
  provider: Provider;
  /** The provider as a Node request handler (expects `req.url` relative to the mount path). */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  clients: ClientStore;
  resources: ResourceStore;
  /** The public signing keys, as served at `{issuer}/jwks`. */
  jwks: { keys: Record<string, unknown>[] };
  /** The stored keys the provider was built with (ids and statuses), to tell when they changed. */
  keysFingerprint: string;
}

export interface TenantOidcOptions {
  db: Database;
  tenantId: string;
  origin: string;
  users: UserStore;
  log: FastifyBaseLogger;
  /** Where token grants are recorded (`ExchangeTokenBy.*`). */
  auditLog?: AuditLogWriter | undefined;
  /** Where the users issued a token are recorded, once per day. */
  activeUsers: ActiveUsers;
  /** The entities the server serves (its catalog's models). */
  models: readonly EntityModel[];
  /** Told when a user's grants beyond an application's `maxAllowedGrants` were revoked. */
  onGrantLimit?: GrantLimitListener | undefined;
}

const DAY = 24 * 60 * 60;

/** The headers of every answer of the provider (its pages share the sign-in pages' policy). */
export const PROVIDER_HEADERS = { 'Content-Security-Policy': SIGN_IN_PAGE_POLICY, ...HARDENING_HEADERS };

const OPENID_SCOPES = ['openid', 'offline_access'] as const;

const originOfUri = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
};

export const createTenantOidc = async ({
  db,
  tenantId,
  origin,
  users,
  log,
  auditLog,
  activeUsers,
  models,
  onGrantLimit,
}: TenantOidcOptions): Promise<TenantOidc> => {
  const stored = await loadKeys(db, keyTablesOf({ models }), tenantId);
  const keys = tenantKeysOf(stored);
  const clients = new ClientStore(db, tenantId, customClientMetadataDefaults(modelOf({ models }, 'application')));
  const resources = new ResourceStore(db, tenantId);
  const basePath = tenantBasePath(tenantId);
  const mountPath = `${basePath}/oidc`;
  const issuer = tenantIssuer(origin, tenantId);
  const custom = (client: ClientInstance | undefined): CustomClientMetadata =>
    client ? clients.customMetadata(client.clientId) : {};
  const cookie = { httpOnly: true, sameSite: 'lax' as const };

  const organizations = new OrganizationGrants(db, tenantId, models);
  const signing = { accessTokenFormat: 'jwt', jwt: { sign: { alg: keys.signingAlg } } };
  const consent = new ThirdPartyConsent(db, tenantId);
  const resourceServerInfo = resourceServerInfoOf({ resources, organizations, signing, consent });

  const userClaims = new UserClaims(db, tenantId, organizations);
  const sessionTtl = new SessionTtl(db, tenantId);
  const scriptContext = new ScriptContext(db, tenantId);
  const appAccess = new AppAccess(db, tenantId);

  const findAccount = async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const user = await users.findById(tenantId, sub);
    if (!user || user.isSuspended) return undefined;
    return {
      accountId: user.id,
      claims: (use, scope) => userClaims.of(user, use, scope),
    };
  };

  const provider = new Provider(issuer, {
    adapter: createAdapterClass(db, tenantId, clients),
    jwks: { keys: keys.privateKeys },
    // Each tenant signs its own cookies; the session cookie stays below the tenant's provider path, so tenants sharing
    // a host never read or overwrite each other's sessions.
    cookies: { keys: keys.cookieKeys, long: { ...cookie, path: mountPath }, short: cookie },
    // Tokens are signed by the current key, whichever its algorithm; the previous key still verifies.
    ...signingAlgorithms(keys.signingAlg),
    findAccount,
    // A grant for an application that restricts its users is handed out only to those it lets in.
    loadExistingGrant: appAccess.loadExistingGrant,
    claims: CLAIMS,
    scopes: [...OPENID_SCOPES],
    // ID tokens carry the claims of the scopes granted, whatever the access token (Logto alike).
    conformIdTokenClaims: false,
    // The tenant's JWT customizer's claims; an API resource's token issued for one organization names it.
    extraTokenClaims: async (ctx: KoaContextWithOIDC, token: unknown) => {
      await appAccess.assertToken(ctx, token);
      const custom = await customTokenClaims(ctx, token, { db, tenantId, context: scriptContext, auditLog });
      const organization = organizationTokenClaims(ctx);
      return custom || organization ? { ...custom, ...organization } : undefined;
    },
    // The sign-in experience parameters the pages read (spec §2); everything else unknown is dropped.
    extraParams: ['first_screen', 'interaction_mode'],
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${basePath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: rpInitiatedLogout(issuer),
      backchannelLogout: { enabled: true },
      deviceFlow: deviceFlow(),
      resourceIndicators: {
        enabled: true,
        // A request naming no resource gets the tenant's default resource, if it has one.
        // A request for an organization's token (`organization_id` without a resource) gets none.
        defaultResource: async (ctx: KoaContextWithOIDC, _client: ClientInstance, oneOf?: string[]) =>
          oneOf || requestedOrganization(ctx) ? undefined : resources.defaultIndicator(),
        // The code exchange issues the access token for the resource the user consented to.
        useGrantedResource: async () => true,
        getResourceServerInfo: resourceServerInfo,
      },
    },
    fetch: outboundFetch(),
    pkce: { required: (_ctx: KoaContextWithOIDC, client: ClientInstance) => client.clientAuthMethod === 'none' },
    clientBasedCORS: (_ctx: KoaContextWithOIDC, requestOrigin: string, client: ClientInstance) => {
      const allowed = new Set(
        [...client.redirectUris, ...(client.postLogoutRedirectUris ?? [])].map(originOfUri).filter(Boolean),
      );
      for (const extra of custom(client).corsAllowedOrigins ?? []) allowed.add(originOfUri(extra));
      return allowed.has(requestOrigin);
    },
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: ClientInstance, code: { scopes: Set<string> }) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || custom(client).alwaysIssueRefreshToken === true),
    rotateRefreshToken: (ctx: KoaContextWithOIDC) => custom(ctx.oidc.client).rotateRefreshToken !== false,
    ttl: {
      AccessToken: (_ctx: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) =>
        token.resourceServer?.accessTokenTTL ?? 3600,
      ClientCredentials: (_ctx: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) =>
        token.resourceServer?.accessTokenTTL ?? 3600,
      AuthorizationCode: 60,
      IdToken: (_ctx: unknown, _token: unknown, client: ClientInstance) => custom(client).idTokenTtl ?? 3600,
      RefreshToken: (
        ctx: KoaContextWithOIDC | undefined,
        token: { isSenderConstrained(): boolean },
        client: ClientInstance,
      ) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken as { remainingTTL: number } | undefined;
        // A rotated token of a browser app keeps the lifetime left on the one it replaces (the library's default).
        if (rotated && client.applicationType === 'web' && client.clientAuthMethod === 'none') {
          if (!token.isSenderConstrained()) return rotated.remainingTTL;
        }
        const { refreshTokenTtl, refreshTokenTtlInDays } = custom(client); // Logto's first setting is in seconds
        return refreshTokenTtl ?? (refreshTokenTtlInDays ?? 14) * DAY;
      },
      Interaction: 3600,
      Session: sessionTtl.current,
      Grant: 14 * DAY,
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      const tr = translatorFor(ctx.get('accept-language'));
      ctx.type = 'html';
      ctx.body = errorPage(tr, {
        message: tr.t('interaction:error.request_failed'),
        code: out.error,
        ...(out.error_description ? { details: out.error_description } : {}),
      });
    },
  });

  const organizationTokens = {
    organizations,
    signing,
    isThirdParty: (id: string) => clients.isThirdParty(id),
    consentedOrganization: (id: string, userId: string, organizationId: string) =>
      consent.organizationConsented(id, userId, organizationId),
  };
  registerTokenExchange(provider, {
    db,
    tenantId,
    resourceServerInfo,
    findAccount,
    defaultResource: () => resources.defaultIndicator(),
    oidcScopes: [...OPENID_SCOPES, ...Object.keys(CLAIMS)],
    organizations: organizationTokens,
  });
  registerOrganizationTokens(provider, organizationTokens);

  // Behind a TLS-terminating proxy (an https public URL), trust its X-Forwarded-* headers.
  provider.proxy = issuer.startsWith('https:');

  // A machine-to-machine app authenticates with its original secret or any unexpired secret made for it
  // (`/api/applications/{id}/secrets`). Only this tenant's client class is changed.
  const { prototype } = provider.Client;
  const compareOriginal = prototype.compareClientSecret;
  prototype.compareClientSecret = async function compareClientSecret(this: ClientInstance, actual: string) {
    if (await compareOriginal.call(this, actual)) return true;
    return clients.isActiveSecret(this.clientId, actual);
  };

  // The provider writes to the raw response, past Fastify's hooks: every answer of it (discovery, keys, form_post,
  // end-session and error pages) gets the headers here. form_post adds the hash of its one inline script to this
  // policy's script-src; the policy leaves form-action open, as the form posts to the application's redirect URI.
  const secure = (ctx: KoaContextWithOIDC) => {
    for (const [name, value] of Object.entries(PROVIDER_HEADERS)) ctx.set(name, value);
  };
  provider.use(async (ctx, next) => {
    secure(ctx);
    try {
      await sessionTtl.refreshFor(ctx.path);
      await next();
    } catch (error) {
      log.error({ err: error, tenantId }, 'OpenID provider failed');
      const tr = translatorFor(ctx.get('accept-language'));
      secure(ctx);
      ctx.status = 500;
      ctx.type = 'html';
      ctx.body = errorPage(tr, { message: tr.t('interaction:error.request_failed') });
    }
  });
  provider.on('server_error', (_ctx, error) => log.error({ err: error, tenantId }, 'OpenID provider error'));
  provider.on('backchannel.error', (_ctx, error) => log.warn({ err: error, tenantId }, 'backchannel logout failed'));
  if (auditLog) logGrants(provider, tenantId, auditLog);
  limitGrants(provider, {
    db,
    tenantId,
    limitOf: (ctx) => custom(ctx.oidc.client).maxAllowedGrants,
    onExceeded: onGrantLimit,
    onError: (error) => log.error({ err: error, tenantId }, 'revoking grants beyond the limit failed'),
  });
  // A user issued a token (a code or a refresh token exchanged) is active today; the answer does not wait for it.
  provider.on('grant.success', (ctx) => {
    const { entities } = (ctx as KoaContextWithOIDC).oidc;
    const token = entities.AccessToken as { accountId?: string } | undefined;
    const accountId = token?.accountId ?? entities.Account?.accountId;
    if (accountId) activeUsers.record(tenantId, accountId);
  });

  return {
    tenantId,
    issuer,
    basePath,
    mountPath,
    provider,
    handle: provider.callback(),
    clients,
    resources,
    jwks: publicJwks(keys.privateKeys),
    keysFingerprint: keysFingerprint(stored),
  };
};
