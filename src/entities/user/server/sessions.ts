import type { ServerOverride } from '../../../server/crud/overrides.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import {
  deleteSession,
  epochMs,
  findSessionByUid,
  findSessions,
  revokeGrant,
  type StoredRecord,
} from './oidc-records.js';

const SESSION_FIELDS = ['exp', 'iat', 'jti', 'uid', 'kind', 'loginTs', 'accountId', 'authorizations'] as const;

interface Authorization {
  grantId?: string;
}

/** A session as Logto answers it. The last sign-in submission and its client are not recorded: both are null. */
const sessionView = ({ payload, expires_at }: StoredRecord) => ({
  payload: Object.fromEntries(SESSION_FIELDS.filter((key) => payload[key] !== undefined).map((k) => [k, payload[k]])),
  lastSubmission: null,
  clientId: null,
  accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
  expiresAt: epochMs(expires_at),
});

/** The grants a session authorized: of every application, or of the tenant's own (first-party) ones. */
const grantsToRevoke = async (
  tx: Queryable,
  tenantId: string,
  authorizations: Record<string, Authorization>,
  target: 'all' | 'firstParty',
) => {
  const entries = Object.entries(authorizations).filter(([, entry]) => typeof entry?.grantId === 'string');
  if (target === 'all') return entries.map(([, entry]) => entry.grantId as string);
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM applications WHERE tenant_id = $1 AND id = ANY($2::varchar[]) AND NOT is_third_party',
    [tenantId, entries.map(([clientId]) => clientId)],
  );
  const firstParty = new Set(rows.map((row) => row.id));
  return entries.filter(([clientId]) => firstParty.has(clientId)).map(([, entry]) => entry.grantId as string);
};

/** The user's OpenID sessions (one per browser signed in), read and revoked. */
export const userSessionOverrides = {
  'user.list-sessions': {
    kind: 'action',
    run: async ({ context, id, db, operations }) => {
      await operations.get(context, id);
      const sessions = await db.withTenant(context.tenantId, (tx) => findSessions(tx, context.tenantId, id));
      return { sessions: sessions.map(sessionView) };
    },
  },
  'user.get-session': {
    kind: 'action',
    run: async ({ context, id, params, db, operations }) => {
      await operations.get(context, id);
      const [session] = await db.withTenant(context.tenantId, (tx) =>
        findSessions(tx, context.tenantId, id, params.sessionId ?? ''),
      );
      if (!session) throw new ApiError('oidc.session_not_found');
      return sessionView(session);
    },
  },
  /**
   * Ends a session (the browser must sign in again). With `revokeGrantsTarget`, the grants it authorized end too
   * (their refresh tokens stop working); without it, tokens issued without `offline_access` end with the session
   * and the others stay (the provider's rule).
   */
  'user.revoke-session': {
    kind: 'action',
    run: async ({ context, id, params, db, request, operations }) => {
      await operations.get(context, id);
      const uid = params.sessionId ?? '';
      const { revokeGrantsTarget } = request.query as { revokeGrantsTarget?: 'all' | 'firstParty' };
      await db.withTenant(context.tenantId, async (tx) => {
        const session = await findSessionByUid(tx, context.tenantId, uid);
        if (!session) throw new ApiError('oidc.session_not_found');
        if (session.payload.accountId !== id) throw new ApiError('oidc.invalid_session_account_id');
        if (revokeGrantsTarget) {
          const authorizations = (session.payload.authorizations ?? {}) as Record<string, Authorization>;
          const grantIds = await grantsToRevoke(tx, context.tenantId, authorizations, revokeGrantsTarget);
          for (const grantId of new Set(grantIds)) await revokeGrant(tx, context.tenantId, grantId);
        }
        await deleteSession(tx, context.tenantId, uid);
      });
      return undefined;
    },
  },
} satisfies Record<string, ServerOverride>;
