import { firstFactorDecision, postSignInDecision, type UserPatch } from '../../entities/signInAction/server/results.js';
import { runEnabledAction } from '../../entities/signInAction/server/trigger.js';
import type { UserRecord, UserStore } from '../../entities/user/server/account/store.js';
import { identifierKind } from '../../entities/user/server/account/store.js';
import { systemContext } from '../crud/context.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { ScriptContext } from '../scripts/script-context.js';
import type { interactionAudit } from './audit.js';
import type { Interaction, Request } from './context.js';

/** The user field an identifier of each kind names. */
const IDENTIFIER_FIELDS = { username: 'username', email: 'primaryEmail', phone: 'primaryPhone' } as const;

/** The user as a first-factor action's event carries it (Logto's `ActionUser`). */
const actionUser = (user: UserRecord) => ({
  id: user.id,
  username: user.username ?? null,
  primaryEmail: user.primaryEmail ?? null,
  primaryPhone: user.primaryPhone ?? null,
  name: user.name ?? null,
  avatar: user.avatar ?? null,
  customData: user.customData ?? {},
  profile: user.profile ?? {},
});

/**
 * The tenant's actions where the sign-in pages run them (Logto's): after a password that did not match at sign-in
 * (`action.postFirstFactorVerification`: the script may verify it elsewhere and have the user created or updated,
 * the password then theirs), and after a sign-in (`action.postSignIn`: the script may change the user). Each run is
 * audited as `Action.<trigger>`; the password is never recorded.
 */
export const signInActions = (options: {
  db: Database;
  users: UserStore;
  audit: ReturnType<typeof interactionAudit>;
}) => {
  const { db, users, audit } = options;
  const record = (
    interaction: Interaction,
    request: Request,
    key: string,
    userId: string | undefined,
    error?: { code: string; message?: string },
  ) => audit.recordEntry(interaction, request, { key, result: error ? 'Error' : 'Success', userId, error });

  /** Whether the post-sign-in action refuses the sign-in (a failure it blocks on, or an answer it cannot carry out). */
  const postSignInRefuses = async (interaction: Interaction, request: Request, userId: string) => {
    const key = 'Action.PostSignIn';
    const { tenantId } = interaction;
    const user = await new ScriptContext(db, tenantId).user(userId);
    const event = { key: 'action.postSignIn', interactionEvent: 'SignIn', user };
    const run = await runEnabledAction(db, tenantId, 'action.postSignIn', event);
    if (!run.ran) return false;
    if (!run.ok) {
      record(interaction, request, key, userId, { code: 'action.general', message: run.message });
      return run.block;
    }
    const decision = postSignInDecision(run.value);
    if (decision.kind === 'invalid') {
      record(interaction, request, key, userId, { code: 'session.verification_failed' });
      return true;
    }
    if (decision.kind === 'update') {
      try {
        await users.updateFromAction(tenantId, userId, decision.patch);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        record(interaction, request, key, userId, { code: error.code });
        return true;
      }
    }
    record(interaction, request, key, userId);
    return false;
  };

  /** The user a first-factor action verified the password of (created or updated), or undefined (still refused). */
  const verifiedByAction = async (
    interaction: Interaction,
    request: Request,
    identifier: string,
    user: UserRecord | undefined,
    password: string,
  ): Promise<UserRecord | undefined> => {
    const key = 'Action.PostFirstFactorVerification';
    const { tenantId } = interaction;
    const kind = identifierKind(identifier);
    const event = {
      key: 'action.postFirstFactorVerification',
      interactionEvent: 'SignIn',
      verificationType: 'Password',
      identifier: { type: kind, value: identifier },
      user: user ? actionUser(user) : null,
      password,
    };
    const run = await runEnabledAction(db, tenantId, 'action.postFirstFactorVerification', event);
    if (!run.ran) return undefined;
    if (!run.ok) {
      record(interaction, request, key, user?.id, { code: 'action.general', message: run.message });
      return undefined;
    }
    const decision = firstFactorDecision(run.value);
    const field = IDENTIFIER_FIELDS[kind];
    const refuse = (code: string) => {
      record(interaction, request, key, user?.id, { code });
      return undefined;
    };
    if (decision.kind === 'reject') return refuse('session.invalid_credentials');
    // The identifier the user signed in with stays theirs.
    if (decision.patch[field] !== undefined && decision.patch[field] !== identifier) {
      return refuse('action.sign_in_identifier_changed');
    }
    if ((decision.kind === 'create') !== (user === undefined)) return refuse('session.identity_conflict');
    try {
      const verified = user
        ? await users.updateFromAction(tenantId, user.id, decision.patch, password)
        : await createFromAction(tenantId, { ...decision.patch, [field]: identifier }, password);
      record(interaction, request, key, verified.id);
      return verified;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refuse(error.code);
    }
  };

  const createFromAction = async (tenantId: string, patch: UserPatch, password: string) => {
    const { username, primaryEmail, primaryPhone, profile, customData, ...rest } = patch as Record<string, never>;
    const created = await users.create(systemContext(tenantId, 'sign-in action'), {
      username,
      primaryEmail,
      primaryPhone,
      password,
      ...(profile ? { profile } : {}),
      ...(customData ? { customData } : {}),
    });
    return Object.keys(rest).length > 0 ? users.updateFromAction(tenantId, created.id, rest) : created;
  };

  return { postSignInRefuses, verifiedByAction };
};
