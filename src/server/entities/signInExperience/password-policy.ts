import type { SignInExperience } from '../../../generated/types.js';
import { checkPassword, passwordPolicy } from '../../users/password-policy.js';

export type PasswordPolicy = SignInExperience['passwordPolicy'];

/** Logto's password policy defaults: 8 to 256 characters, one character type, every rejection on. */
export const defaultPasswordPolicy = {
  length: { min: 8, max: 256 },
  characterTypes: { min: 1 },
  rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] as string[] },
} as const;

/** A policy as sent, with Logto's defaults wherever it leaves a value out. */
export const withPasswordPolicyDefaults = (
  sent: Partial<{ [K in keyof PasswordPolicy]: Partial<PasswordPolicy[K]> }>,
) => ({
  length: { ...defaultPasswordPolicy.length, ...sent.length },
  characterTypes: { ...defaultPasswordPolicy.characterTypes, ...sent.characterTypes },
  rejects: { ...defaultPasswordPolicy.rejects, ...sent.rejects },
});

/** A rejection as Logto's check answers it: the code and what its message interpolates. */
export interface PasswordIssue {
  code: string;
  interpolation?: Record<string, unknown>;
}

/**
 * The tenant's password policy applied to a password by the server's password checks, each rejection with Logto's
 * interpolation (`{ min }`, `{ max }`).
 */
export const passwordIssues = (password: string, stored: PasswordPolicy): PasswordIssue[] => {
  const policy = withPasswordPolicyDefaults(stored);
  const limits = {
    ...passwordPolicy,
    minLength: policy.length.min,
    maxLength: policy.length.max,
    characterTypes: policy.characterTypes.min,
  };
  return checkPassword(password, limits as typeof passwordPolicy).map((code): PasswordIssue => {
    if (code === 'password_rejected.too_short') return { code, interpolation: { min: limits.minLength } };
    if (code === 'password_rejected.too_long') return { code, interpolation: { max: limits.maxLength } };
    if (code === 'password_rejected.character_types') return { code, interpolation: { min: limits.characterTypes } };
    return { code };
  });
};
