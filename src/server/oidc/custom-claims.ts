import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { TokenType } from '../../entities/jwtCustomizer/server/customizers.js';
import { runCustomizer } from '../../entities/jwtCustomizer/server/run.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { Database } from '../db/database.js';
import type { ScriptContext } from '../scripts/script-context.js';
import { requestedOrganization } from './organization-tokens.js';

interface StoredCustomizer {
  script: string;
  environmentVariables: Record<string, string> | null;
  blockIssuanceOnError: boolean | null;
}

/** What a token exchange knows of its grant before the token is made: the subject token's context. */
const grantContexts = new WeakMap<object, Record<string, unknown>>();

/** Remembers, for the request, the grant context a customizer script reads (`context.grant`). */
export const rememberGrantContext = (ctx: KoaContextWithOIDC, grant: Record<string, unknown>) => {
  grantContexts.set(ctx.oidc, grant);
};

interface TokenModel {
  constructor: { IN_PAYLOAD: readonly string[] };
  accountId?: string;
  clientId?: string;
}

export interface CustomClaimsOptions {
  db: Database;
  tenantId: string;
  context: ScriptContext;
  auditLog?: AuditLogWriter | undefined;
}

const LOG_TYPES: Record<TokenType, string> = {
  'access-token': 'JwtCustomizer.AccessToken',
  'client-credentials': 'JwtCustomizer.ClientCredentials',
};

const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

/**
 * The claims the tenant's JWT customizer adds to an access token (a user's) or a client credentials token, as Logto
 * adds them: the script gets the token's payload, the context (user, grant, application, organization) and its
 * environment variables, and runs in the sandbox. A script that calls `api.denyAccess` refuses the token
 * (`access_denied`); one that fails otherwise leaves the token without its claims, or refuses it (`invalid_request`)
 * when its customizer says `blockIssuanceOnError`. Each run is recorded in the audit log (never the script or its
 * variables).
 */
export const customTokenClaims = async (
  ctx: KoaContextWithOIDC,
  token: unknown,
  { db, tenantId, context, auditLog }: CustomClaimsOptions,
): Promise<Record<string, unknown> | undefined> => {
  const { AccessToken, ClientCredentials } = ctx.oidc.provider;
  const tokenType: TokenType | undefined =
    token instanceof ClientCredentials
      ? 'client-credentials'
      : token instanceof AccessToken
        ? 'access-token'
        : undefined;
  if (!tokenType) return undefined;
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<StoredCustomizer>(
      `SELECT script, environment_variables AS "environmentVariables", block_issuance_on_error AS "blockIssuanceOnError"
         FROM jwt_customizers WHERE tenant_id = $1 AND token_type = $2`,
      [tenantId, tokenType],
    ),
  );
  const customizer = rows[0];
  if (!customizer?.script) return undefined;

  const model = token as TokenModel;
  const payload = Object.fromEntries(
    model.constructor.IN_PAYLOAD.map((field) => [field, Reflect.get(model, field)]).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const clientId = model.clientId ?? ctx.oidc.client?.clientId;
  const application = clientId ? await context.application(clientId) : undefined;
  let scriptContext: Record<string, unknown>;
  if (tokenType === 'client-credentials') {
    scriptContext = withoutUndefined({ application });
  } else {
    const organizationId = requestedOrganization(ctx);
    scriptContext = withoutUndefined({
      user: model.accountId ? await context.user(model.accountId) : undefined,
      grant: grantContexts.get(ctx.oidc),
      application,
      organization: organizationId ? await context.organization(organizationId) : undefined,
    });
  }

  const result = await runCustomizer({
    script: customizer.script,
    token: payload,
    context: scriptContext,
    environmentVariables: customizer.environmentVariables ?? undefined,
  });
  auditLog?.record({
    tenantId,
    key: LOG_TYPES[tokenType],
    result: result.ok ? 'Success' : 'Error',
    userId: model.accountId,
    applicationId: clientId,
    client: { ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined },
    // (Names the audit log's secret filter leaves alone: a token's payload is no secret, but its name says so.)
    details: { customizer: tokenType, issued: payload, ...(result.ok ? { claims: result.value } : {}) },
    ...(result.ok ? {} : { error: { code: result.kind, message: result.message } }),
  });
  if (result.ok) return result.value as Record<string, unknown>;
  if (result.kind === 'denied') throw new errors.AccessDenied(result.message);
  if (customizer.blockIssuanceOnError) {
    throw new errors.InvalidRequest(`Custom claims script error: ${result.message}`);
  }
  return undefined;
};
