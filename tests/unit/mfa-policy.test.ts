import { describe, expect, it } from 'vitest';
import { currentTotpCode, totpTimeStep } from '../../src/entities/user/server/account/totp.js';
import type { MfaPolicy, PageMfa } from '../../src/server/interaction/experience.js';
import { decideMfaStep, type MfaProgress, type MfaUserState } from '../../src/server/interaction/mfa/policy.js';

const settings = (policy: MfaPolicy, extra: Partial<PageMfa> = {}): PageMfa => ({
  factors: ['Totp', 'BackupCode'],
  policy,
  organizationsMayRequire: false,
  ...extra,
});
const user = (extra: Partial<MfaUserState> = {}): MfaUserState => ({
  factors: [],
  skipped: false,
  skipMfaOnSignIn: false,
  requiredByOrganization: false,
  ...extra,
});
const at = (event: MfaProgress['event'], extra: Partial<MfaProgress> = {}): MfaProgress => ({
  event,
  verified: false,
  skipped: false,
  bound: [],
  ...extra,
});

const bindTotp = (skippable: boolean) => ({ kind: 'bind', factors: ['Totp'], skippable });

describe('the MFA step after the first factor', () => {
  it.each([
    ['NoPrompt', 'SignIn', { kind: 'done', markEnabled: false }],
    ['NoPrompt', 'Register', { kind: 'done', markEnabled: false }],
    ['Mandatory', 'SignIn', bindTotp(false)],
    ['Mandatory', 'Register', bindTotp(false)],
    ['PromptAtSignInAndSignUp', 'SignIn', bindTotp(true)],
    ['PromptAtSignInAndSignUp', 'Register', bindTotp(true)],
    ['UserControlled', 'Register', bindTotp(true)],
    ['PromptOnlyAtSignIn', 'SignIn', bindTotp(true)],
    ['PromptOnlyAtSignIn', 'Register', { kind: 'done', markEnabled: false }],
  ] as const)('under %s at %s, for a user without factors', (policy, event, step) => {
    expect(decideMfaStep(settings(policy), user(), at(event))).toEqual(step);
  });

  it('asks nothing when the sign-in experience offers no factor', () => {
    expect(decideMfaStep(settings('Mandatory', { factors: [] }), user(), at('SignIn'))).toEqual({
      kind: 'done',
      markEnabled: false,
    });
  });

  it('verifies a user with factors at sign-in, then asks for backup codes when none are left', () => {
    const withTotp = user({ factors: ['Totp'] });
    expect(decideMfaStep(settings('NoPrompt'), withTotp, at('SignIn'))).toEqual({ kind: 'verify', factors: ['Totp'] });
    expect(decideMfaStep(settings('Mandatory'), withTotp, at('SignIn', { verified: true }))).toEqual({
      kind: 'backup-codes',
    });
  });

  it('lets skipMfaOnSignIn and a disabled MFA pass verification, except under Mandatory', () => {
    for (const state of [{ skipMfaOnSignIn: true }, { enabled: false }]) {
      const withFactors = user({ factors: ['Totp', 'BackupCode'], ...state });
      expect(decideMfaStep(settings('NoPrompt'), withFactors, at('SignIn')).kind).toBe('done');
      expect(decideMfaStep(settings('Mandatory'), withFactors, at('SignIn')).kind).toBe('verify');
    }
  });

  it('does not prompt again after a skip, unless an organization requires MFA', () => {
    const skipped = user({ skipped: true });
    expect(decideMfaStep(settings('PromptAtSignInAndSignUp'), skipped, at('SignIn')).kind).toBe('done');
    expect(decideMfaStep(settings('Mandatory'), skipped, at('SignIn'))).toEqual(bindTotp(false));
    const member = user({ skipped: true, requiredByOrganization: true });
    expect(decideMfaStep(settings('NoPrompt', { organizationsMayRequire: true }), member, at('SignIn'))).toEqual(
      bindTotp(false),
    );
  });

  it('finishes once a factor and the backup codes are bound, marking MFA enabled', () => {
    const bound = at('Register', { bound: ['Totp', 'BackupCode'] });
    expect(decideMfaStep(settings('Mandatory'), user(), bound)).toEqual({ kind: 'done', markEnabled: true });
    expect(decideMfaStep(settings('Mandatory'), user(), at('Register', { bound: ['Totp'] }))).toEqual({
      kind: 'backup-codes',
    });
  });

  it('asks to bind WebAuthn where it is the only factor offered', () => {
    expect(decideMfaStep(settings('Mandatory', { factors: ['WebAuthn'] }), user(), at('SignIn'))).toEqual({
      kind: 'bind',
      factors: ['WebAuthn'],
      skippable: false,
    });
  });
});

describe('TOTP codes', () => {
  it('are accepted one step either side of now, and name their step', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    const code = (offset: number) => currentTotpCode(secret, now + offset * 30_000);
    expect(totpTimeStep(secret, code(0), now)).toBe(step);
    expect(totpTimeStep(secret, code(-1), now)).toBe(step - 1);
    expect(totpTimeStep(secret, code(1), now)).toBe(step + 1);
    expect(totpTimeStep(secret, code(2), now)).toBeUndefined();
    expect(totpTimeStep(secret, 'abcdef', now)).toBeUndefined();
  });
});
