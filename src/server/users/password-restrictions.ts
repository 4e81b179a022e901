import type { PasswordIssue, PasswordPolicy } from './password-policy.js';

/** What the user is known by, which their password must not consist of. */
export interface UserInfo {
  name?: string | null | undefined;
  username?: string | null | undefined;
  email?: string | null | undefined;
  phoneNumber?: string | null | undefined;
}

/** Runs of this many repeated or sequential characters are restricted. */
const RUN_THRESHOLD = 3;
/** A password may contain this many characters outside restricted phrases and still be refused. */
const TOLERANCE = 3;

/** Rows of characters whose runs (forwards or backwards, in one letter case) count as sequences. */
const SEQUENCES = [
  '0123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz',
  '2wsx',
  '3edc',
  '4rfv',
  '5tgb',
  '6yhn',
  '7ujm',
  '8ik',
  '9ol',
];

/** Every run of characters that is part of a sequence; prefix-closed, so a run grows while it stays in the set. */
const sequential: ReadonlySet<string> = (() => {
  const runs = new Set<string>();
  for (const row of SEQUENCES) {
    const reversed = [...row].reverse().join('');
    for (const variant of [row, reversed, row.toUpperCase(), reversed.toUpperCase()]) {
      for (let start = 0; start < variant.length; start++) {
        for (let end = start + 1; end <= variant.length; end++) runs.add(variant.slice(start, end));
      }
    }
  }
  return runs;
})();
const LONGEST_SEQUENCE = Math.max(...SEQUENCES.map((row) => row.length));

/** The length of the repeated-character run starting at each position. */
const repetitionRuns = (password: string) => {
  const runs = new Array<number>(password.length).fill(1);
  for (let i = password.length - 2; i >= 0; i--) {
    if (password[i] === password[i + 1]) runs[i] = (runs[i + 1] ?? 1) + 1;
  }
  return runs;
};

const sequenceLength = (password: string, at: number) => {
  let length = 1;
  while (
    length < LONGEST_SEQUENCE &&
    at + length < password.length &&
    sequential.has(password.slice(at, at + length + 1))
  ) {
    length++;
  }
  return length;
};

/** The phrases of the user's information: the name, its words and itself without spaces, the email's local part. */
const userPhrases = ({ name, username, email, phoneNumber }: UserInfo) => {
  const phrases: string[] = [];
  if (name) {
    phrases.push(name, name.replaceAll(/\s+/g, ''), ...name.split(' '));
  }
  if (username) phrases.push(username);
  const local = email?.split('@')[0];
  if (local) phrases.push(local);
  if (phoneNumber) phrases.push(phoneNumber);
  return phrases.map((phrase) => phrase.toLowerCase()).filter((phrase) => phrase.length > 0);
};

/** Phrases by their first character, so each position of the password looks only at those that may start there. */
const byFirstCharacter = (phrases: string[]) => {
  const index = new Map<string, string[]>();
  for (const phrase of phrases) {
    const first = phrase[0] ?? '';
    index.set(first, [...(index.get(first) ?? []), phrase]);
  }
  return index;
};

const longestAt = (lowercased: string, at: number, index: Map<string, string[]>) => {
  let longest = 0;
  for (const phrase of index.get(lowercased[at] ?? '') ?? []) {
    if (phrase.length > longest && lowercased.startsWith(phrase, at)) longest = phrase.length;
  }
  return longest;
};

type RestrictedCode = 'repetition' | 'sequence' | 'words' | 'user_info';

/**
 * The restricted-phrase rejections (Logto's rule): every position covered by a run of 3 or more repeated or
 * sequential characters, a forbidden word or a phrase of the user's information is marked; when more than the
 * password's length minus 3 positions (at least 1) are marked, each kind of phrase found is a rejection.
 * Linear in the password's length (times the few phrases starting with each character).
 */
export const restrictedIssues = (
  password: string,
  rejects: PasswordPolicy['rejects'],
  userInfo: UserInfo,
): PasswordIssue[] => {
  const lowercased = password.toLowerCase();
  const words = byFirstCharacter(rejects.words.map((word) => word.toLowerCase()));
  const phrases = byFirstCharacter(rejects.userInfo ? userPhrases(userInfo) : []);
  const repetitions = rejects.repetitionAndSequence ? repetitionRuns(password) : [];
  const found = new Set<RestrictedCode>();
  let marked = 0;
  let coveredUntil = 0;
  const cover = (at: number, length: number, code: RestrictedCode) => {
    if (length <= 0) return;
    found.add(code);
    const end = Math.min(password.length, at + length);
    marked += Math.max(0, end - Math.max(at, coveredUntil));
    coveredUntil = Math.max(coveredUntil, end);
  };
  for (let at = 0; at < password.length; at++) {
    if (rejects.repetitionAndSequence) {
      const repeated = repetitions[at] ?? 0;
      cover(at, repeated >= RUN_THRESHOLD ? repeated : 0, 'repetition');
      const sequence = sequenceLength(password, at);
      cover(at, sequence >= RUN_THRESHOLD ? sequence : 0, 'sequence');
    }
    cover(at, longestAt(lowercased, at, words), 'words');
    cover(at, longestAt(lowercased, at, phrases), 'user_info');
  }
  if (marked <= Math.max(1, password.length - TOLERANCE)) return [];
  return [...found].map((code) => ({ code: `password_rejected.restricted.${code}` as const }));
};
