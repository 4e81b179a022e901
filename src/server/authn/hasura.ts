import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantIssuers } from '../auth/identity-verifier.js';
import { createTokenVerifier } from '../auth/token-verifier.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { userRoleNames } from '../oidc/user-claims.js';
import { DEFAULT_TENANT_ID } from '../tenants/urls.js';

interface HasuraQuery {
  resource?: string;
  unauthorizedRole?: string;
}

/** The body Hasura reads from its authentication webhook: the session variables of the request. */
interface HasuraSession {
  'X-Hasura-User-Id'?: string;
  'X-Hasura-Role'?: string;
}

const queryError = (message: string) => new ApiError('guard.invalid_input', { type: 'query' }, { message });

/**
 * Hasura's authentication webhook (`HASURA_GRAPHQL_AUTH_HOOK`, GET mode): Hasura forwards the request's headers, the
 * hook verifies the bearer token issued by the tenant for the API `resource` and answers the user and the role the
 * request runs as, the `Expected-Role` header's when the user has that role. With `unauthorizedRole`, a request
 * without a valid token or the role runs as that role (with the token's user when it has one); without it, such a
 * request is refused (401).
 */
export const registerHasuraHook = (app: FastifyInstance, db: Database) => {
  const issuers = tenantIssuers(app.identity);
  const subjectOf = async (request: FastifyRequest, tenantId: string, audience: string | undefined) => {
    const [type, token] = (request.headers.authorization ?? '').split(' ');
    if (type?.toLowerCase() !== 'bearer' || !token) return undefined;
    try {
      const verifier = createTokenVerifier({ trustedIssuers: issuers, audience: () => audience });
      const { subject } = await verifier.verify(token, tenantId);
      return subject || undefined;
    } catch {
      return undefined;
    }
  };
  const roleNamesOf = async (tenantId: string, userId: string) =>
    new Set(await db.withTenant(tenantId, (tx) => userRoleNames(tx, tenantId, userId)));

  const hook = async (request: FastifyRequest): Promise<HasuraSession> => {
    const tenantId = (request.params as { tenantId?: string }).tenantId ?? DEFAULT_TENANT_ID;
    const { resource, unauthorizedRole } = request.query as HasuraQuery;
    if (typeof resource !== 'string' || resource === '') throw queryError('`resource` is required.');
    if (unauthorizedRole !== undefined && typeof unauthorizedRole !== 'string') {
      throw queryError('`unauthorizedRole` must be a string.');
    }
    const expectedRole = request.headers['expected-role']?.toString();
    const subject = await subjectOf(request, tenantId, resource);
    const roleNames = subject ? await roleNamesOf(tenantId, subject) : new Set<string>();
    if (unauthorizedRole && (!expectedRole || !roleNames.has(expectedRole))) {
      // A token for another API still names its user, for the unauthorized role's permissions.
      const user = subject ?? (await subjectOf(request, tenantId, undefined));
      return { 'X-Hasura-User-Id': user, 'X-Hasura-Role': unauthorizedRole };
    }
    if (expectedRole && !roleNames.has(expectedRole)) throw new ApiError('auth.expected_role_not_found');
    return { 'X-Hasura-User-Id': subject, 'X-Hasura-Role': expectedRole };
  };
  for (const prefix of ['', '/t/:tenantId']) app.get(`${prefix}/api/authn/hasura`, hook);
};
