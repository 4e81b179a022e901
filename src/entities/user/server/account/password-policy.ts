import {
  type RestrictedRejectionCode,
  type Restrictions,
  restrictedIssues,
  type UserInfo,
} from './password-restrictions.js';

/**
 * A tenant's password policy, in the shape of the sign-in experience's `passwordPolicy` (Logto's): length limits,
 * how many character types a password mixes, and what it must not be or contain. The codes are the spec's
 * `password_rejected.*` codes.
 */
export interface PasswordPolicy {
  length: { min: number; max: number };
  /** How many of lowercase, uppercase, digits and symbols a password must mix (1–4). */
  characterTypes: { min: number };
  rejects: Restrictions & {
    /** Passwords known from breaches (checked by k-anonymity, see `BreachedPasswords`). */
    pwned: boolean;
  };
}

export type { UserInfo } from './password-restrictions.js';

export const defaultPasswordPolicy: PasswordPolicy = {
  length: { min: 8, max: 256 },
  characterTypes: { min: 1 },
  rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
};

export type PasswordRejectionCode =
  | 'password_rejected.too_short'
  | 'password_rejected.too_long'
  | 'password_rejected.unsupported_characters'
  | 'password_rejected.character_types'
  | 'password_rejected.pwned'
  | RestrictedRejectionCode;

/** Why a password is rejected, with the values its message names (Logto's `{ code, interpolation }`). */
export interface PasswordIssue {
  code: PasswordRejectionCode;
  interpolation?: Record<string, number>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const integer = (value: unknown, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** A stored (possibly partial) policy with Logto's defaults filled in where a value is missing or unusable. */
export const passwordPolicyOf = (stored: unknown): PasswordPolicy => {
  const given = isObject(stored) ? stored : {};
  const length = isObject(given.length) ? given.length : {};
  const types = isObject(given.characterTypes) ? given.characterTypes : {};
  const rejects = isObject(given.rejects) ? given.rejects : {};
  const fallback = defaultPasswordPolicy;
  return {
    length: { min: integer(length.min, fallback.length.min), max: integer(length.max, fallback.length.max) },
    characterTypes: { min: integer(types.min, fallback.characterTypes.min, 1, 4) },
    rejects: {
      pwned: flag(rejects.pwned, fallback.rejects.pwned),
      repetitionAndSequence: flag(rejects.repetitionAndSequence, fallback.rejects.repetitionAndSequence),
      userInfo: flag(rejects.userInfo, fallback.rejects.userInfo),
      words: Array.isArray(rejects.words)
        ? rejects.words.filter((word): word is string => typeof word === 'string' && word.length > 0)
        : [],
    },
  };
};

/** The symbols a password may contain besides letters and digits: those of an English keyboard, and the space. */
export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ ';

const characterType = (char: string) => {
  if (char >= 'a' && char <= 'z') return 'lowercase';
  if (char >= 'A' && char <= 'Z') return 'uppercase';
  if (char >= '0' && char <= '9') return 'digits';
  return PASSWORD_SYMBOLS.includes(char) ? 'symbols' : undefined;
};

/** The checks that need nothing but the password: length, supported characters and character types. */
export const fastCheck = (password: string, policy: PasswordPolicy): PasswordIssue[] => {
  const issues: PasswordIssue[] = [];
  const length = [...password].length;
  if (length < policy.length.min) {
    issues.push({ code: 'password_rejected.too_short', interpolation: { min: policy.length.min } });
  } else if (length > policy.length.max) {
    issues.push({ code: 'password_rejected.too_long', interpolation: { max: policy.length.max } });
  }
  const types = new Set<string>();
  for (const char of password) {
    const type = characterType(char);
    if (!type) {
      issues.push({ code: 'password_rejected.unsupported_characters' });
      return issues;
    }
    types.add(type);
  }
  if (types.size < policy.characterTypes.min) {
    issues.push({ code: 'password_rejected.character_types', interpolation: { min: policy.characterTypes.min } });
  }
  return issues;
};

/** Answers whether a password is known from breaches. */
export type BreachCheck = (password: string) => Promise<boolean>;

/**
 * Every reason the policy rejects a password, in Logto's order: length and characters, breached, then the
 * restricted phrases (repetition, sequence, words, user information), which count only when they make up more than
 * all but 3 characters of the password. `userInfo` is what the user is known by (at registration: what they
 * entered). The work grows linearly with the password's length; the breach check is I/O.
 */
export const checkPassword = async (
  password: string,
  policy: PasswordPolicy,
  { userInfo = {}, breached }: { userInfo?: UserInfo; breached?: BreachCheck | undefined } = {},
): Promise<PasswordIssue[]> => {
  const issues = fastCheck(password, policy);
  if (policy.rejects.pwned && breached && (await breached(password))) issues.push({ code: 'password_rejected.pwned' });
  return [...issues, ...restrictedIssues(password, policy.rejects, userInfo)];
};

/** The values a rejection's message names, for translators that take `min`, `max` and `count`. */
export const issueParams = (issue: PasswordIssue) => ({
  ...issue.interpolation,
  ...(issue.interpolation?.min !== undefined ? { count: issue.interpolation.min } : {}),
});
