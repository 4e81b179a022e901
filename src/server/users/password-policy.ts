/**
 * The password policy of spec §5 as far as Gatehouse enforces it today: length limits, the characters a password may
 * contain and the number of character types. The codes are the spec's `password_rejected.*` codes.
 */
export const passwordPolicy = {
  minLength: 8,
  maxLength: 256,
  /** How many of lowercase, uppercase, digits and symbols a password must mix (1–4). */
  characterTypes: 1,
} as const;

export type PasswordRejection =
  | 'password_rejected.too_short'
  | 'password_rejected.too_long'
  | 'password_rejected.unsupported_characters'
  | 'password_rejected.character_types';

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[ !"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/];

/** Printable ASCII: letters, digits, symbols and the space. */
const SUPPORTED = /^[\x20-\x7e]*$/;

export const checkPassword = (password: string, policy = passwordPolicy): PasswordRejection[] => {
  const issues: PasswordRejection[] = [];
  const length = [...password].length;
  if (length < policy.minLength) issues.push('password_rejected.too_short');
  if (length > policy.maxLength) issues.push('password_rejected.too_long');
  if (!SUPPORTED.test(password)) issues.push('password_rejected.unsupported_characters');
  else if (characterClasses.filter((c) => c.test(password)).length < policy.characterTypes) {
    issues.push('password_rejected.character_types');
  }
  return issues;
};
