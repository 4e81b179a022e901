import type { MfaFactorType, PageMfa } from '../experience.js';

/** The interaction events MFA applies to. */
export type MfaEvent = 'SignIn' | 'Register';

/** What the user's account says about MFA, read when the step is decided. */
export interface MfaUserState {
  /** The user's factors that the sign-in experience offers and that can still be used (backup codes left). */
  factors: MfaFactorType[];
  /** `logtoConfig.mfa.enabled`: unknown for accounts that never answered. */
  enabled?: boolean | undefined;
  /** `logtoConfig.mfa.skipped`: the user declined the optional prompt once. */
  skipped: boolean;
  /** `logtoConfig.mfa.skipMfaOnSignIn`: no verification at sign-in unless the policy is mandatory. */
  skipMfaOnSignIn: boolean;
  /** A member of an organization that requires MFA, where the sign-in experience lets organizations require it. */
  requiredByOrganization: boolean;
}

/** What happened in this interaction so far. */
export interface MfaProgress {
  event: MfaEvent;
  /** A factor of the user's was verified. */
  verified: boolean;
  /** The user chose to skip the optional prompt. */
  skipped: boolean;
  /** The factors bound in this interaction (stored on the user when it finishes). */
  bound: MfaFactorType[];
}

export type MfaStep =
  /** Verify one of these factors of the user's. */
  | { kind: 'verify'; factors: MfaFactorType[] }
  /** Bind one of these factors (the optional prompt where `skippable`). */
  | { kind: 'bind'; factors: MfaFactorType[]; skippable: boolean }
  /** Generate backup codes: another factor is bound and the sign-in experience offers backup codes. */
  | { kind: 'backup-codes' }
  /** Nothing left: finish the interaction (`markEnabled`: record `logtoConfig.mfa.enabled`). */
  | { kind: 'done'; markEnabled: boolean };

const done = (markEnabled = false): MfaStep => ({ kind: 'done', markEnabled });

/**
 * The next MFA step, as Logto's experience API decides it (`MfaValidator.isMfaRequired`, then
 * `Mfa.assertMfaFulfilled`): verification at sign-in of a user who has factors; then the optional prompt
 * (`UserControlled`, `PromptAtSignInAndSignUp`, `PromptOnlyAtSignIn` at sign-in only), which a skip silences for
 * good; then the mandatory binding (`Mandatory`, or an organization requiring MFA), which cannot be skipped; then
 * backup codes where they are offered and the user has none left.
 */
export const decideMfaStep = (settings: PageMfa, user: MfaUserState, progress: MfaProgress): MfaStep => {
  const { factors, policy } = settings;
  const noSkip = policy === 'Mandatory';

  if (progress.event === 'SignIn' && !progress.verified && user.factors.length > 0) {
    const optedOut = (user.enabled === false || user.skipMfaOnSignIn) && !noSkip;
    if (!optedOut) return { kind: 'verify', factors: user.factors };
  }
  if (factors.length === 0) return done();

  const linked = [...new Set([...user.factors, ...progress.bound])];
  const primary = factors.filter((factor) => factor !== 'BackupCode');
  const organization = user.requiredByOrganization;
  const skipped = progress.skipped || user.skipped;
  const onlyAtSignIn = progress.event === 'Register' && policy === 'PromptOnlyAtSignIn';
  let markEnabled = progress.bound.length > 0 && user.enabled !== true;

  // The optional prompt ("turn on 2-step verification"), skippable.
  if (!noSkip && policy !== 'NoPrompt' && !onlyAtSignIn && !skipped && !organization) {
    if (linked.length === 0) return { kind: 'bind', factors: primary, skippable: true };
    if (user.enabled === undefined) markEnabled = true;
  }

  // The mandatory part: a primary factor, then backup codes.
  if (onlyAtSignIn) return done(markEnabled);
  if (policy === 'NoPrompt' && !organization) return done(markEnabled);
  if (!noSkip && skipped && !organization) return done(markEnabled);
  if (!primary.some((factor) => linked.includes(factor))) {
    return { kind: 'bind', factors: primary, skippable: !(noSkip || organization) };
  }
  if (factors.includes('BackupCode') && !linked.includes('BackupCode')) return { kind: 'backup-codes' };
  return done(markEnabled);
};
