import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { TenantOidc } from '../oidc/provider.js';
import type { TenantProviders } from '../oidc/providers.js';
import { DEFAULT_TENANT_ID } from '../tenants/urls.js';
import type { VerificationRecords } from './records.js';

/** Logto's header naming the verification record a sensitive change rests on. */
export const VERIFICATION_HEADER = 'logto-verification-id';

/** Who calls the Account API: the user of an opaque access token of the tenant's provider. */
export interface AccountCaller {
  tenantId: string;
  oidc: TenantOidc;
  userId: string;
  scopes: Set<string>;
  clientId: string | undefined;
  /** The request names a verification record that proves the user (a password or a code to their address). */
  identityVerified: boolean;
}

/**
 * Authenticates an Account API request as Logto does: a bearer opaque access token the tenant's provider issued to
 * a user (401 `auth.unauthorized` otherwise), with the `openid` scope (403), from a first-party application (403).
 */
export const accountCaller = async (
  request: FastifyRequest,
  deps: { providers: TenantProviders; records: VerificationRecords; db: Database },
): Promise<AccountCaller> => {
  const tenantId = (request.params as { tenantId?: string }).tenantId ?? DEFAULT_TENANT_ID;
  const header = request.headers.authorization;
  if (!header) throw new ApiError('auth.authorization_header_missing');
  const [type, value] = header.split(' ');
  if (type?.toLowerCase() !== 'bearer' || !value) throw new ApiError('auth.authorization_token_type_not_supported');
  const oidc = await deps.providers.get(tenantId);
  if (!oidc) throw new ApiError('entity.not_found');
  const token = await oidc.provider.AccessToken.find(value);
  if (!token?.accountId) throw new ApiError('auth.unauthorized');
  const scopes = new Set((token.scope ?? '').split(' ').filter(Boolean));
  if (!scopes.has('openid')) throw new ApiError('auth.forbidden');
  if (token.clientId && (await oidc.clients.isThirdParty(token.clientId))) throw new ApiError('auth.forbidden');
  const named = request.headers[VERIFICATION_HEADER];
  const identityVerified =
    typeof named === 'string' && (await deps.records.provesIdentity(tenantId, named, token.accountId));
  return { tenantId, oidc, userId: token.accountId, scopes, clientId: token.clientId, identityVerified };
};
