import type { ChangeDecision } from '../../../../server/crud/change.js';
import type { EntityOperations } from '../../../../server/crud/contracts.js';
import { type StoredVerification, verificationsOf } from './mfa-verifications.js';
import { signInContext } from './sign-in-context.js';

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** What the end of an MFA flow stores on the user. */
export interface MfaOutcome {
  /**
   * The user's verifications with the factors bound in the interaction among them; `undefined` when one of them can
   * no longer be added (another interaction bound the user's one authenticator app meanwhile).
   */
  bind: (existing: StoredVerification[]) => StoredVerification[] | undefined;
  skipped?: boolean | undefined;
  enabled?: boolean | undefined;
}

/** Whether a TOTP factor still takes `step`: only a step later than the last one taken (Logto's `lastUsedTimeStep`). */
const takesStep = (verification: StoredVerification, step: number) =>
  verification.type === 'Totp' &&
  (typeof verification.lastUsedTimeStep !== 'number' || verification.lastUsedTimeStep < step);

const unused = (code: { usedAt?: string }) => !code.usedAt;

/**
 * The sign-in pages' writes of a user's MFA factors. Each is a change of the user through the user's operations
 * (audited as a write of the user on their own account, announced as `User.Data.Updated`), decided on the user's
 * row as stored under its lock: of several requests racing with one code, one takes it.
 */
export class MfaWrites {
  constructor(private readonly operations: () => EntityOperations) {}

  private async change(tenantId: string, userId: string, decide: ChangeDecision): Promise<boolean> {
    const changed = await this.operations().changeInternal(signInContext(tenantId, userId), userId, decide);
    return changed !== undefined;
  }

  /**
   * Takes a TOTP time step for the user's TOTP factor, only when it is later than the last step taken: the same
   * code (or an older one) is refused, however many requests race for it.
   */
  takeTotpStep(tenantId: string, userId: string, step: number): Promise<boolean> {
    return this.change(tenantId, userId, (user) => {
      const stored = verificationsOf(user);
      if (!stored.some((verification) => takesStep(verification, step))) return undefined;
      const lastUsedAt = new Date().toISOString();
      return {
        mfaVerifications: stored.map((verification) =>
          verification.type === 'Totp' ? { ...verification, lastUsedAt, lastUsedTimeStep: step } : verification,
        ),
      };
    });
  }

  /** Marks one unused backup code (by digest) used; false when the user has no such unused code. */
  takeBackupCode(tenantId: string, userId: string, digest: string): Promise<boolean> {
    return this.change(tenantId, userId, (user) => {
      const stored = verificationsOf(user);
      const matches = (code: { code: string; usedAt?: string }) => code.code === digest && unused(code);
      const groups = stored.filter((verification) => verification.type === 'BackupCode');
      if (!groups.some((group) => (group.codes ?? []).some(matches))) return undefined;
      const usedAt = new Date().toISOString();
      return {
        mfaVerifications: stored.map((verification) =>
          verification.type === 'BackupCode'
            ? { ...verification, codes: (verification.codes ?? []).map((c) => (matches(c) ? { ...c, usedAt } : c)) }
            : verification,
        ),
      };
    });
  }

  /**
   * Stores what the flow bound and the user's answers (`logtoConfig.mfa.skipped`, `enabled`). Answers false, storing
   * nothing, when `bind` refuses the user's verifications as they now are.
   */
  storeOutcome(tenantId: string, userId: string, outcome: MfaOutcome): Promise<boolean> {
    return this.change(tenantId, userId, (user) => {
      const mfaVerifications = outcome.bind(verificationsOf(user));
      if (!mfaVerifications) return undefined;
      const config = objectOf(user.logtoConfig);
      const mfa = {
        ...objectOf(config.mfa),
        ...(outcome.skipped ? { skipped: true } : {}),
        ...(outcome.enabled ? { enabled: true } : {}),
      };
      return { mfaVerifications, logtoConfig: { ...config, mfa } };
    });
  }

  /**
   * Lets `change` check the user's verifications and answer the new ones, stored in the same transaction: two
   * requests checking the same verification (a WebAuthn signature counter) cannot both pass. What `change` throws
   * rolls it back and reaches the caller.
   */
  async updateVerifications(
    tenantId: string,
    userId: string,
    change: (stored: StoredVerification[]) => Promise<StoredVerification[]>,
  ): Promise<void> {
    await this.change(tenantId, userId, async (user) => ({ mfaVerifications: await change(verificationsOf(user)) }));
  }
}
