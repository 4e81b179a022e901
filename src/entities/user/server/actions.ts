import { shownRecord } from '../../../server/crud/fields.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { needsRehash, verifyPassword } from './account/passwords.js';
import { endUserSessions } from './account/sessions.js';
import { hashedPassword } from './password-values.js';

type Run = Parameters<ActionOverride['run']>[0];
type Json = Record<string, unknown>;

const action = (run: (input: Run) => Promise<unknown>): ActionOverride => ({ kind: 'action', run });
const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** The user of an item action (404 `entity.not_found` when there is none). */
const userOf = ({ operations, context, id }: Run): Promise<Entity> => operations.get(context, id);

/** Logto's answer about the MFA and passkey prompts: every flag present, `mfa.enabled` only when known. */
export const logtoConfigView = (stored: unknown) => {
  const mfa = objectOf(objectOf(stored).mfa);
  const passkey = objectOf(objectOf(stored).passkeySignIn);
  return {
    mfa: {
      ...(typeof mfa.enabled === 'boolean' ? { enabled: mfa.enabled } : {}),
      skipped: mfa.skipped === true,
      skipMfaOnSignIn: mfa.skipMfaOnSignIn === true,
    },
    passkeySignIn: { skipped: passkey.skipped === true },
  };
};

/** The user's item actions (Logto's `/api/users/{userId}/...`); every write goes through the user's operations. */
export const userActions = {
  /** Merges the given claims into the profile (Logto's `PATCH /profile`). */
  'user.update-profile': action(async (run) => {
    const user = await userOf(run);
    const profile = { ...objectOf(user.profile), ...objectOf(run.body.profile) };
    return (await run.operations.update(run.context, run.id, { profile })).profile;
  }),
  'user.get-custom-data': action(async (run) => (await userOf(run)).customData),
  /** Merges top-level keys into the custom data; `PATCH /api/users/{userId}` replaces it whole. */
  'user.update-custom-data': action(async (run) => {
    const user = await userOf(run);
    const customData = { ...objectOf(user.customData), ...objectOf(run.body.customData) };
    return (await run.operations.update(run.context, run.id, { customData })).customData;
  }),
  'user.get-logto-configs': action(async (run) => logtoConfigView((await userOf(run)).logtoConfig)),
  /** Sets the given flags, keeping the others. */
  'user.update-logto-configs': action(async (run) => {
    const stored = objectOf((await userOf(run)).logtoConfig);
    const logtoConfig = {
      ...stored,
      mfa: { ...objectOf(stored.mfa), ...objectOf(run.body.mfa) },
      passkeySignIn: { ...objectOf(stored.passkeySignIn), ...objectOf(run.body.passkeySignIn) },
    };
    const updated = await run.operations.setInternal(run.context, run.id, { logtoConfig });
    return logtoConfigView(updated.logtoConfig);
  }),
  /** A new password, under the password policy; the user's server hook hashes it. */
  'user.update-password': action((run) => run.operations.update(run.context, run.id, { password: run.body.password })),
  /** 204 when the password is the user's, else 422 `session.invalid_credentials`; an imported hash becomes argon2id. */
  'user.verify-password': action(async (run) => {
    const user = await userOf(run);
    const password = String(run.body.password);
    const method = (user.passwordEncryptionMethod as string | null) ?? null;
    if (!(await verifyPassword(user.passwordEncrypted as string | null, password, method))) {
      throw new ApiError('session.invalid_credentials');
    }
    if (needsRehash(method)) await run.operations.setInternal(run.context, run.id, await hashedPassword(password));
  }),
  'user.has-password': action(async (run) => ({ hasPassword: Boolean((await userOf(run)).passwordEncrypted) })),
  /**
   * Marks the password expired or not (Logto's `PATCH /password/expiration`). Marking it expired needs the
   * tenant's password expiration, which Gatehouse does not offer yet: that answers 400, as Logto does when the
   * sign-in experience has it off.
   */
  'user.update-password-expiration': action(async (run) => {
    await userOf(run);
    if (run.body.isExpired === true) throw new ApiError('sign_in_experiences.password_expiration_not_enabled');
    return run.operations.setInternal(run.context, run.id, { isPasswordExpired: false });
  }),
  /**
   * Suspending also ends the user's sessions, grants and tokens, so no refresh token outlives it. Announces Logto's
   * `User.SuspensionStatus.Updated` with the user as `data`.
   */
  'user.update-is-suspended': action(async (run) => {
    const isSuspended = run.body.isSuspended === true;
    const updated = await run.operations.update(run.context, run.id, { isSuspended });
    if (isSuspended) await endUserSessions(run.db, run.context.tenantId, run.id);
    const data = shownRecord(run.operations.model, updated);
    run.announce({ event: 'User.SuspensionStatus.Updated', fields: { userId: run.id, data } });
    return updated;
  }),
} satisfies Record<string, ActionOverride>;
