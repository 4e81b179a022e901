import type { AuditLogWriter } from './writer.js';

/** Logto's `ExchangeTokenBy.<type>` by OAuth grant type. */
const exchangeBy: Record<string, string> = {
  authorization_code: 'AuthorizationCode',
  refresh_token: 'RefreshToken',
  client_credentials: 'ClientCredentials',
  'urn:ietf:params:oauth:grant-type:token-exchange': 'TokenExchange',
};

/** The parts of oidc-provider's Koa context a grant event reads. */
interface GrantContext {
  ip?: string;
  get?: (header: string) => string;
  oidc?: {
    params?: Record<string, unknown>;
    client?: { clientId?: string };
    entities?: Record<string, { accountId?: string } | undefined>;
  };
}

interface EventSource {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** The user a grant is about: the account of the code, refresh token or access token the grant used or issued. */
const accountOf = (ctx: GrantContext): string | undefined => {
  const entities = ctx.oidc?.entities ?? {};
  for (const name of ['AuthorizationCode', 'RefreshToken', 'AccessToken', 'Account']) {
    const accountId = entities[name]?.accountId;
    if (accountId) return accountId;
  }
  return undefined;
};

const errorOf = (error: unknown) => {
  const { error: code, error_description: description } = (error ?? {}) as Record<string, unknown>;
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof description === 'string' ? { message: description } : {}),
  };
};

/**
 * Records every token grant of a tenant's provider, success or error, as Logto's `ExchangeTokenBy.<type>` entries:
 * the client, the user, the grant type, the address and user agent. Codes, tokens and client secrets are never read.
 */
export const logGrants = (provider: EventSource, tenantId: string, writer: AuditLogWriter) => {
  const record = (ctx: GrantContext, error?: unknown) => {
    const grantType = String(ctx.oidc?.params?.grant_type ?? '');
    writer.record({
      tenantId,
      key: `ExchangeTokenBy.${exchangeBy[grantType] ?? 'Unknown'}`,
      result: error === undefined ? 'Success' : 'Error',
      userId: accountOf(ctx),
      applicationId:
        ctx.oidc?.client?.clientId ??
        (typeof ctx.oidc?.params?.client_id === 'string' ? ctx.oidc.params.client_id : undefined),
      client: { ip: ctx.ip, userAgent: ctx.get?.('user-agent') || undefined },
      details: {
        params: {
          grantType,
          ...(typeof ctx.oidc?.params?.scope === 'string' ? { scope: ctx.oidc.params.scope } : {}),
          ...(typeof ctx.oidc?.params?.resource === 'string' ? { resource: ctx.oidc.params.resource } : {}),
        },
      },
      ...(error === undefined ? {} : { error: errorOf(error) }),
    });
  };
  provider.on('grant.success', (ctx) => record(ctx as GrantContext));
  provider.on('grant.error', (ctx, error) => record(ctx as GrantContext, error ?? {}));
};
