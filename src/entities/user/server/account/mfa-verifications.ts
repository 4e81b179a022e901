/**
 * A user's MFA verifications as Logto stores them in `users.mfa_verifications`: `{id, createdAt, type, ...}` with
 * the factor's own fields (a TOTP factor's `key` and last step, a backup code group's `codes` as digests, a
 * passkey's credential, agent and name).
 */
export interface StoredVerification {
  id: string;
  createdAt: string;
  type: string;
  lastUsedAt?: string;
  key?: string;
  lastUsedTimeStep?: number;
  codes?: { code: string; usedAt?: string }[];
  agent?: string;
  name?: string;
}

/** The verifications of a stored user (none when the field is unset). */
export const verificationsOf = (user: { mfaVerifications?: unknown }): StoredVerification[] =>
  Array.isArray(user.mfaVerifications) ? (user.mfaVerifications as StoredVerification[]) : [];
