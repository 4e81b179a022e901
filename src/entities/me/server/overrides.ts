import type { FastifyInstance } from 'fastify';
import { consoleUserVerifier } from '../../../server/auth/identity-verifier.js';
import { TokenRejected, type TokenVerifier } from '../../../server/auth/token-verifier.js';
import { ALL_SCOPES, type RequestContext } from '../../../server/crud/context.js';
import { publicView } from '../../../server/crud/fields.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import type { UserRecord } from '../../user/server/account/store.js';

const verifiers = new WeakMap<FastifyInstance, TokenVerifier>();

/**
 * The signed-in console user (spec §7): the subject of an access token issued by the admin tenant for the console's
 * API, whose account exists and is not suspended. The account lives in the admin tenant only.
 */
const currentUser: NonNullable<ActionOverride['authenticate']> = async (request, { db, operationsOf }) => {
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
  try {
    const claims = await verifier.verify(token, ADMIN_TENANT_ID);
    if (claims.issuerTenant !== ADMIN_TENANT_ID) throw new TokenRejected('Only console users have an account here.');
    subject = claims.subject;
  } catch (error) {
    if (error instanceof TokenRejected) throw new ApiError('auth.unauthorized', {}, { reason: error.message });
    throw error;
  }
  const users = operationsOf('user');
  const user = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
    users.repository.find(tx, { tenantId: ADMIN_TENANT_ID }, subject),
  );
  if (!user || user.isSuspended) throw new ApiError('auth.unauthorized');
  return { actor: { kind: 'user', id: subject }, caller: user };
};

type Run = Parameters<ActionOverride['run']>[0];

/** The user changes their own account: the action limits what may change, the user's operations apply the rules. */
const updateSelf = async ({ caller, context: asked, operationsOf }: Run, patch: Record<string, unknown>) => {
  const user = caller as UserRecord;
  const users = operationsOf('user');
  // The user may change these fields of their own account whatever their scopes; the action limited the fields.
  const context: RequestContext = { ...asked, scopes: ALL_SCOPES };
  return publicView(users.model)(await users.update(context, user.id, patch));
};

export const meOverrides = {
  'me.get': {
    kind: 'action',
    authenticate: currentUser,
    run: async ({ caller, operationsOf }) =>
      publicView(operationsOf('user').model)(caller as unknown as Record<string, unknown>),
  },
  'me.update': { kind: 'action', authenticate: currentUser, run: (input) => updateSelf(input, input.body) },
  'me.update-custom-data': {
    kind: 'action',
    authenticate: currentUser,
    run: async (input) => {
      const customData = { ...(input.caller as UserRecord).customData, ...input.body };
      return (await updateSelf(input, { customData })).customData;
    },
  },
} satisfies Record<string, ServerOverride>;
