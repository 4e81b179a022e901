import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../../entities/user/server/account/store.js';
import type { Actor } from '../crud/context.js';
import type { ActionOverride } from '../crud/overrides.js';
import { ApiError } from '../http/api-error.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';
import { consoleUserVerifier } from './identity-verifier.js';
import { TokenRejected, type TokenVerifier } from './token-verifier.js';

const verifiers = new WeakMap<FastifyInstance, TokenVerifier>();

/** The signed-in console user and the scopes of the token they called with. */
export interface ConsoleCaller {
  user: UserRecord;
  scopes: string[];
}

/**
 * The signed-in console user (spec §7): the subject of an access token issued by the admin tenant for the console's
 * API, whose account exists and is not suspended. The account lives in the admin tenant only, so these routes answer
 * there and nowhere else.
 */
export const consoleUser: NonNullable<ActionOverride['authenticate']> = async (request, { db, operationsOf }) => {
  const tenantId = (request.params as { tenantId?: string }).tenantId;
  if (tenantId !== ADMIN_TENANT_ID) throw new ApiError('entity.not_found');
  const header = request.headers.authorization;
  if (!header) throw new ApiError('auth.authorization_header_missing');
  const [type, token] = header.split(' ');
  if (type?.toLowerCase() !== 'bearer' || !token) throw new ApiError('auth.authorization_token_type_not_supported');
  let verifier = verifiers.get(request.server);
  if (!verifier) {
    verifier = consoleUserVerifier(request.server.identity);
    verifiers.set(request.server, verifier);
  }
  let subject: string;
  let scopes: string[];
  try {
    const claims = await verifier.verify(token, ADMIN_TENANT_ID);
    if (claims.issuerTenant !== ADMIN_TENANT_ID) throw new TokenRejected('Only console users have an account here.');
    subject = claims.subject;
    scopes = claims.scopes;
  } catch (error) {
    if (error instanceof TokenRejected) throw new ApiError('auth.unauthorized', {}, { reason: error.message });
    throw error;
  }
  const users = operationsOf('user');
  const user = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
    users.repository.find(tx, { tenantId: ADMIN_TENANT_ID }, subject),
  );
  if (!user || user.isSuspended) throw new ApiError('auth.unauthorized');
  const actor: Actor = { kind: 'user', id: subject };
  return { actor, caller: { user: user as unknown as UserRecord, scopes } satisfies ConsoleCaller };
};
