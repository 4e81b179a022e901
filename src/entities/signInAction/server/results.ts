/** The user fields an action may set (Logto's `actionUserPatchGuard`). */
const PATCH_FIELDS = ['username', 'primaryEmail', 'primaryPhone', 'name', 'avatar', 'customData', 'profile'] as const;

export type UserPatch = Partial<Record<(typeof PATCH_FIELDS)[number], unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of an action's `user` it may set; undefined when it is no object. */
export const userPatchOf = (user: unknown): UserPatch | undefined => {
  if (!isRecord(user)) return undefined;
  return Object.fromEntries(
    PATCH_FIELDS.filter((field) => user[field] !== undefined).map((field) => [field, user[field]]),
  );
};

/** What a post-sign-in action's answer asks (Logto's rules): nothing, a change of the user, or nothing valid. */
export type PostSignInDecision = { kind: 'continue' } | { kind: 'update'; patch: UserPatch } | { kind: 'invalid' };

export const postSignInDecision = (result: unknown): PostSignInDecision => {
  if (result === null || result === undefined) return { kind: 'continue' };
  if (!isRecord(result)) return { kind: 'invalid' };
  if (Object.keys(result).length === 0) return { kind: 'continue' };
  if (result.action !== 'updateUser') return { kind: 'invalid' };
  if (result.user === undefined) return { kind: 'continue' };
  const patch = userPatchOf(result.user);
  return patch ? { kind: 'update', patch } : { kind: 'invalid' };
};

/**
 * What a first-factor action's answer asks: the password is verified (`passwordVerified: true`) and the user is
 * created or updated from the patch, or the credentials stay refused.
 */
export type FirstFactorDecision =
  | { kind: 'reject' }
  | { kind: 'create'; patch: UserPatch }
  | { kind: 'update'; patch: UserPatch };

export const firstFactorDecision = (result: unknown): FirstFactorDecision => {
  if (!isRecord(result) || result.passwordVerified !== true) return { kind: 'reject' };
  const patch = userPatchOf(result.user);
  if (!patch) return { kind: 'reject' };
  if (result.action === 'createUser') return { kind: 'create', patch };
  if (result.action === 'updateUser') return { kind: 'update', patch };
  return { kind: 'reject' };
};
