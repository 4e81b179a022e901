import { createHash } from 'node:crypto';

/** Have I Been Pwned's Pwned Passwords range API: `GET {url}/{first 5 hex of SHA-1}`. */
export const DEFAULT_PWNED_RANGE_URL = 'https://api.pwnedpasswords.com/range/';

export interface BreachedPasswordsOptions {
  /** The range API's base; the 5-character hash prefix is appended (a trailing `/` is added when missing). */
  rangeUrl?: string | undefined;
  /** How long a range request may take before the offline list answers instead (milliseconds). */
  timeoutMs?: number | undefined;
  /** Told when the range API could not answer and the offline list was used. */
  onFallback?: ((error: unknown) => void) | undefined;
}

/** The most common passwords (zxcvbn-ts's list, lowercase), loaded the first time the range API cannot answer. */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
const loadCommonPasswords = () => {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary as Record<string, string[]>)['passwords-common'] ?? []),
  );
  return commonPasswords;
};

/**
 * Whether a password is known from breaches, by k-anonymity: only the first 5 hex digits of the password's SHA-1
 * leave the server; the range API answers every known hash suffix with that prefix (`SUFFIX:COUNT` lines, padding
 * entries with count 0 ignored), and the match happens here. When the API is unreachable, answers an error or is
 * too slow, a bundled list of the most common passwords answers instead, so a well-known password is still
 * refused. Everything is I/O or a hash of a short string: the event loop is never held.
 */
export class BreachedPasswords {
  private readonly rangeUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: BreachedPasswordsOptions = {}) {
    const url = options.rangeUrl || DEFAULT_PWNED_RANGE_URL;
    this.rangeUrl = url.endsWith('/') ? url : `${url}/`;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  readonly isBreached = async (password: string): Promise<boolean> => {
    const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = hash.slice(0, 5);
    const suffix = hash.slice(5);
    try {
      const response = await fetch(`${this.rangeUrl}${prefix}`, {
        headers: { 'Add-Padding': 'true' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`The range API answered ${response.status}.`);
      return inRange(await response.text(), suffix);
    } catch (error) {
      this.options.onFallback?.(error);
      return (await loadCommonPasswords()).has(password.toLowerCase());
    }
  };
}

/** Whether a range answer (`SUFFIX:COUNT` per line) lists the suffix with a count above zero. */
export const inRange = (body: string, suffix: string) =>
  body.split('\n').some((line) => {
    const [candidate = '', count = '1'] = line.trim().split(':');
    return candidate.toUpperCase() === suffix && Number(count) > 0;
  });
