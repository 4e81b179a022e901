import { randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import { type Account, type ClientInstance, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/database.js';
import { TOKEN_EXCHANGE } from './clients.js';
import { rememberGrantContext } from './custom-claims.js';
import {
  checkUserAccess,
  type OrganizationTokenOptions,
  requestedOrganization,
  toOrganizationToken,
} from './organization-tokens.js';

/** The subject token type of a personal access token (Logto's). */
export const PERSONAL_ACCESS_TOKEN_TYPE = 'urn:logto:token-type:personal_access_token';
/** The subject token type of a subject token (Logto's impersonation token, `POST /api/subject-tokens`). */
export const IMPERSONATION_TOKEN_TYPE = 'urn:logto:token-type:impersonation_token';
/** An access token type naming a `sub_` token is read as an impersonation token too (Logto's first form of it). */
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

type ResourceServerInfo = Record<string, unknown> & { scope?: string };

export interface TokenExchangeOptions {
  db: Database;
  tenantId: string;
  /** The provider's answer for a resource indicator (scopes the account may get, audience, lifetime, format). */
  resourceServerInfo: (
    ctx: KoaContextWithOIDC,
    indicator: string,
    client: ClientInstance,
  ) => Promise<ResourceServerInfo>;
  /** The tenant's default resource, if any: a request naming no resource gets a token for it. */
  defaultResource: () => Promise<string | undefined>;
  /** The provider's account lookup: undefined for a user who is gone or suspended. */
  findAccount: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
  /** The scopes the provider knows without a resource (OpenID and its claims' scopes). */
  oidcScopes: readonly string[];
  /** The tenant's organizations, for a request naming one (`organization_id`). */
  organizations: OrganizationTokenOptions;
}

/** The user of an unexpired personal access token of the tenant, read by the token's value. */
const findSubject = async (db: Database, tenantId: string, value: string) => {
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<{ user_id: string; expires_at: Date | null }>(
      'SELECT user_id, expires_at FROM personal_access_tokens WHERE tenant_id = $1 AND value = $2',
      [tenantId, value],
    ),
  );
  return rows[0];
};

/**
 * The user of a subject token, spent: found by its value under a row lock, refused when it was already exchanged
 * (`consumed`), else marked exchanged in the same transaction, so of two exchanges of one token one passes.
 */
const spendSubjectToken = (db: Database, tenantId: string, value: string) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      user_id: string;
      expires_at: Date;
      consumed_at: Date | null;
      context: Record<string, unknown> | null;
    }>(
      'SELECT id, user_id, expires_at, consumed_at, context FROM subject_tokens WHERE tenant_id = $1 AND value = $2 FOR UPDATE',
      [tenantId, value],
    );
    const token = rows[0];
    if (!token) return undefined;
    if (token.consumed_at) return 'consumed' as const;
    await tx.query('UPDATE subject_tokens SET consumed_at = now() WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      token.id,
    ]);
    return token;
  });

/** The request's resource indicator: the parameter may repeat, but one value at most is served. */
const oneResource = (resource: unknown): string | undefined => {
  if (Array.isArray(resource)) {
    if (resource.length > 1) throw new errors.InvalidTarget('only a single resource indicator value is supported');
    return resource[0] as string | undefined;
  }
  return typeof resource === 'string' && resource ? resource : undefined;
};

/**
 * The token exchange grant for personal access tokens and subject tokens, as Logto serves it: an application that
 * allows token exchange (first-party only) sends `subject_token` (a personal access token, or a subject token made by
 * `POST /api/subject-tokens`, exchanged once) and `subject_token_type` (`urn:logto:token-type:personal_access_token`,
 * `urn:logto:token-type:impersonation_token`), with an optional `resource` and `scope`. The answer is an access
 * token of the token's user: for a resource, the requested scopes the user's roles grant on it; without one, the
 * requested OpenID scopes. A missing, expired or deleted token, or a suspended user, is `invalid_grant`. With
 * `organization_id` (a member's organization), the token is the organization's, with the permissions the user's roles
 * there grant among those requested; with `resource` as well, the resource's, as far as those roles grant it.
 */
export const registerTokenExchange = (provider: Provider, options: TokenExchangeOptions) => {
  const { db, tenantId } = options;
  const { InvalidGrant, InvalidRequest } = errors;

  const handler = async (ctx: KoaContextWithOIDC) => {
    const { client, params } = ctx.oidc;
    if (!client || !params) throw new InvalidRequest('client and parameters must be available');
    for (const name of ['subject_token', 'subject_token_type']) {
      if (typeof params[name] !== 'string' || !params[name]) {
        throw new InvalidRequest(`missing required parameter '${name}'`);
      }
    }
    const type = params.subject_token_type;
    const token = String(params.subject_token);
    const impersonation = type === IMPERSONATION_TOKEN_TYPE || (type === ACCESS_TOKEN_TYPE && token.startsWith('sub_'));
    if (!impersonation && type !== PERSONAL_ACCESS_TOKEN_TYPE) throw new InvalidGrant('unsupported subject token type');
    const subject = impersonation
      ? await spendSubjectToken(db, tenantId, token)
      : await findSubject(db, tenantId, token);
    if (!subject) throw new InvalidGrant('subject token not found');
    if (subject === 'consumed') throw new InvalidGrant('subject token is already consumed');
    if (subject.expires_at && new Date(subject.expires_at).getTime() <= Date.now()) {
      throw new InvalidGrant('subject token is expired');
    }
    // A suspended or deleted user has no account.
    const account = await options.findAccount(ctx, subject.user_id);
    if (!account) throw new InvalidGrant('subject token invalid (referenced account not found)');
    ctx.oidc.entity('Account', account);
    // A JWT customizer reads the subject token's context as the grant's (Logto's `context.grant`).
    if (impersonation && 'context' in subject) {
      rememberGrantContext(ctx, { type: TOKEN_EXCHANGE, subjectTokenContext: subject.context ?? {} });
    }
    const organizationId = requestedOrganization(ctx);
    if (organizationId) await checkUserAccess(options.organizations, organizationId, account.accountId, client);

    const requested = new Set(
      String(params.scope ?? '')
        .split(' ')
        .filter(Boolean),
    );
    const grantId = randomBytes(16).toString('base64url');
    // The grant's id is made here so the token names it before the grant is stored.
    const grant = new provider.Grant({ jti: grantId, accountId: account.accountId, clientId: client.clientId });
    const accessToken = new provider.AccessToken({
      accountId: account.accountId,
      client,
      grantId,
      gty: TOKEN_EXCHANGE,
    });

    // An organization's token is asked for without a resource: the default one does not apply to it.
    const resource = oneResource(params.resource) ?? (organizationId ? undefined : await options.defaultResource());
    if (organizationId && !resource) {
      const available = await options.organizations.organizations.organizationScopes(
        'user',
        organizationId,
        account.accountId,
      );
      const grantOptions = { ...options.organizations, organizationId, available, requested };
      grant.addResourceScope(toOrganizationToken(provider, accessToken, grantOptions), accessToken.scope ?? '');
    } else if (resource) {
      const info = await options.resourceServerInfo(ctx, resource, client);
      const server = new provider.ResourceServer(resource, info);
      accessToken.resourceServer = server;
      accessToken.scope = [...requested].filter((scope) => server.scopes.has(scope)).join(' ');
      grant.addResourceScope(resource, accessToken.scope);
    } else {
      const known = new Set(options.oidcScopes);
      accessToken.scope = [...requested].filter((scope) => known.has(scope)).join(' ');
      grant.addOIDCScope(accessToken.scope);
    }

    await grant.save();
    ctx.oidc.entity('Grant', grant);
    ctx.oidc.entity('AccessToken', accessToken);
    const value = await accessToken.save();
    ctx.body = {
      access_token: value,
      expires_in: accessToken.expiration,
      scope: accessToken.scope,
      token_type: accessToken.tokenType,
    };
  };

  provider.registerGrantType(
    TOKEN_EXCHANGE,
    handler,
    ['subject_token', 'subject_token_type', 'actor_token', 'actor_token_type', 'scope', 'resource', 'organization_id'],
    ['resource'],
  );
};
