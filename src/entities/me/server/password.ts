import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { sentinelTarget } from '../../../server/interaction/sentinel.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import { acceptedPassword } from '../../user/server/account/accepted-password.js';
import { verifyPassword } from '../../user/server/account/passwords.js';
import { recordProof, requireProof } from './verification.js';

type Run = Parameters<ActionOverride['run']>[0];

const passwordOf = (body: Record<string, unknown>) => String(body.password);

/**
 * `POST /me/password/verify`: the user proves who they are by their current password (Logto's 422
 * `session.invalid_credentials` if wrong). Wrong passwords count against the account as at sign-in, so a stolen token
 * cannot guess on; the proof then counts for ten minutes.
 */
const verify = async (run: Run) => {
  const { user } = run.caller as ConsoleCaller;
  const { sentinel } = run.request.server.identity.passwords;
  const target = sentinelTarget('', user.id);
  const attempt = await sentinel.admit(ADMIN_TENANT_ID, target, 'Password', { type: 'userId', value: user.id });
  const blocked = 'session.verification_blocked_too_many_attempts' as const;
  if (attempt.blocked) throw new ApiError(blocked, {}, { retryAfter: attempt.retryAfter });
  const stored = user.passwordEncrypted;
  if (!stored || !(await verifyPassword(stored, passwordOf(run.body), user.passwordEncryptionMethod ?? null))) {
    const after = await sentinel.failed(ADMIN_TENANT_ID, attempt);
    throw new ApiError(after.blocked ? blocked : 'session.invalid_credentials');
  }
  await sentinel.succeeded(ADMIN_TENANT_ID, attempt);
  await recordProof(run, user.id, null);
};

/**
 * `POST /me/password`: a new password, held to the admin tenant's password policy. A user who has a password proves
 * it first (`/me/password/verify`, or a code to their email), within ten minutes; one without sets it directly.
 */
const change = async (run: Run) => {
  const { user } = run.caller as ConsoleCaller;
  const passwords = run.request.server.identity.passwords;
  if (user.passwordEncrypted) await requireProof(run, user, null);
  const userInfo = {
    name: user.name ?? undefined,
    username: user.username ?? undefined,
    email: user.primaryEmail ?? undefined,
    phoneNumber: user.primaryPhone ?? undefined,
  };
  const hash = await acceptedPassword(passwords, ADMIN_TENANT_ID, passwordOf(run.body), userInfo);
  await passwords.users.storePasswordHash(ADMIN_TENANT_ID, user.id, hash);
};

export const mePasswordOverrides = {
  'me.verify-password': { kind: 'action', authenticate: consoleUser, run: verify },
  'me.change-password': { kind: 'action', authenticate: consoleUser, run: change },
} satisfies Record<string, ServerOverride>;
