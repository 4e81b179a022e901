import type { SignInExperience } from '../../../generated/types.js';
import {
  type BreachCheck,
  checkPassword,
  type PasswordIssue,
  passwordPolicyOf,
  type UserInfo,
} from '../../user/server/account/password-policy.js';

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

/**
 * The tenant's password policy applied to a password with every rejection of Logto's check, each with its
 * interpolation (`{ min }`, `{ max }`): `userInfo` is the user's when the check names one, `breached` the server's
 * breached-password lookup.
 */
export const passwordIssues = (
  password: string,
  stored: PasswordPolicy,
  options: { userInfo?: UserInfo; breached?: BreachCheck | undefined } = {},
): Promise<PasswordIssue[]> => checkPassword(password, passwordPolicyOf(withPasswordPolicyDefaults(stored)), options);
