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

/** The length of the repeated-character run starting at each position. */
const repetitionRuns = (password: string) => {
  const runs = new Array<number>(password.length).fill(1);
  for (let i = password.length - 2; i >= 0; i--) {
    if (password[i] === password[i + 1]) runs[i] = (runs[i + 1] ?? 1) + 1;
  }
  return runs;
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

interface Trie {
  /** By UTF-16 code unit. */
  next: Map<number, Trie>;
  /** A phrase ends here. */
  end: boolean;
}

const addTo = (root: Trie, phrase: string) => {
  let node = root;
  for (let i = 0; i < phrase.length; i++) {
    const code = phrase.charCodeAt(i);
    let child = node.next.get(code);
    if (!child) {
      child = { next: new Map(), end: false };
      node.next.set(code, child);
    }
    node = child;
  }
  node.end = true;
};

/** The phrases as a trie, so each position of the password costs at most the longest phrase's length. */
const trieOf = (phrases: string[]): Trie => {
  const root: Trie = { next: new Map(), end: false };
  for (const phrase of phrases) addTo(root, phrase);
  return root;
};

/** The length of the longest phrase that starts at `at`. */
const longestAt = (text: string, at: number, trie: Trie) => {
  let longest = 0;
  let node: Trie | undefined = trie;
  for (let i = at; node && i < text.length; i++) {
    node = node.next.get(text.charCodeAt(i));
    if (node?.end) longest = i - at + 1;
  }
  return longest;
};

/**
 * Every run of characters that is part of a sequence row (forwards or backwards, in one letter case), as a trie in
 * which every node ends a run: the longest walk from a position is the sequence starting there.
 */
const sequences: Trie = (() => {
  const root: Trie = { next: new Map(), end: false };
  for (const row of SEQUENCES) {
    const reversed = [...row].reverse().join('');
    for (const variant of [row, reversed, row.toUpperCase(), reversed.toUpperCase()]) {
      for (let start = 0; start < variant.length; start++) addTo(root, variant.slice(start));
    }
  }
  const markAll = (node: Trie) => {
    node.end = true;
    for (const child of node.next.values()) markAll(child);
  };
  markAll(root);
  return root;
})();

type RestrictedCode = 'repetition' | 'sequence' | 'words' | 'user_info';

/** The rejection codes of restricted phrases. */
export type RestrictedRejectionCode = `password_rejected.restricted.${RestrictedCode}`;

/** Which restricted phrases a policy rejects (the restriction part of its `rejects`). */
export interface Restrictions {
  /** Runs of 3 or more repeated (`aaa`) or sequential (`123`, `cba`, `qwe`) characters. */
  repetitionAndSequence: boolean;
  /** The user's name (or a word of it), username, email local part or phone number. */
  userInfo: boolean;
  /** The tenant's own forbidden words (case-insensitive). */
  words: string[];
}

/**
 * The restricted-phrase rejections (Logto's rule): every position covered by a run of 3 or more repeated or
 * sequential characters, a forbidden word or a phrase of the user's information is marked; when more than the
 * password's length minus 3 positions (at least 1) are marked, each kind of phrase found is a rejection.
 * Linear in the password's length (times the longest phrase or sequence), so a long password never holds the event
 * loop for long.
 */
export const restrictedIssues = (
  password: string,
  rejects: Restrictions,
  userInfo: UserInfo,
): { code: RestrictedRejectionCode }[] => {
  const lowercased = password.toLowerCase();
  const words = trieOf(rejects.words.map((word) => word.toLowerCase()));
  const phrases = trieOf(rejects.userInfo ? userPhrases(userInfo) : []);
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
      const sequence = longestAt(password, at, sequences);
      cover(at, sequence >= RUN_THRESHOLD ? sequence : 0, 'sequence');
    }
    cover(at, longestAt(lowercased, at, words), 'words');
    cover(at, longestAt(lowercased, at, phrases), 'user_info');
  }
  if (marked <= Math.max(1, password.length - TOLERANCE)) return [];
  return [...found].map((code) => ({ code: `password_rejected.restricted.${code}` as const }));
};
