import { createHash, getHashes, pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { ApiError } from '../../../../server/http/api-error.js';

/**
 * Password hashes made elsewhere and imported with a user (`passwordDigest` + `passwordAlgorithm`), as Logto accepts
 * them: checked for their algorithm's format on import, verified by the algorithm's library at sign-in, then
 * replaced by an argon2id hash.
 */
export const passwordAlgorithms = [
  'Argon2i',
  'Argon2id',
  'Argon2d',
  'SHA1',
  'SHA256',
  'MD5',
  'Bcrypt',
  'Legacy',
] as const;
export type PasswordAlgorithm = (typeof passwordAlgorithms)[number];

const pbkdf2Async = promisify(pbkdf2);

/** Logto's legacy expression: `["<hash>", ["salt", "@", ...], "<hex digest>"]`, `@` standing for the password. */
interface LegacyDigest {
  algorithm: string;
  args: string[];
  digest: string;
}

const isPbkdf2 = (algorithm: string) => algorithm === 'pbkdf2' || algorithm === 'pbkdf2Sync';
const hashes = new Set(getHashes());

const parseLegacy = (value: string): LegacyDigest | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(json) || json.length !== 3) return undefined;
  const [algorithm, args, digest] = json as unknown[];
  if (typeof algorithm !== 'string' || typeof digest !== 'string' || !Array.isArray(args)) return undefined;
  if (!args.every((arg) => typeof arg === 'string') || !args.includes('@')) return undefined;
  if (!isPbkdf2(algorithm) && !hashes.has(algorithm.toLowerCase())) return undefined;
  if (isPbkdf2(algorithm)) {
    const [salt, iterations, keylen, digestName] = args as string[];
    if (!salt || !/^\d+$/.test(iterations ?? '') || !/^\d+$/.test(keylen ?? '') || !hashes.has(digestName ?? '')) {
      return undefined;
    }
    if (salt.startsWith('hex:') && !/^(?:[\da-f]{2})+$/i.test(salt.slice(4))) return undefined;
  }
  return { algorithm, args: args as string[], digest };
};

const hex = (length: number) => new RegExp(`^[\\da-f]{${length}}$`, 'i');

/** What a digest of each algorithm looks like. */
const formats: Record<PasswordAlgorithm, (digest: string) => boolean> = {
  Argon2i: (digest) => /^\$argon2i\$v=\d+\$m=\d+,t=\d+,p=\d+\$[\w+/]+\$[\w+/]+$/.test(digest),
  Argon2id: (digest) => /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[\w+/]+\$[\w+/]+$/.test(digest),
  Argon2d: (digest) => /^\$argon2d\$v=\d+\$m=\d+,t=\d+,p=\d+\$[\w+/]+\$[\w+/]+$/.test(digest),
  SHA1: (digest) => hex(40).test(digest),
  SHA256: (digest) => hex(64).test(digest),
  MD5: (digest) => hex(32).test(digest),
  Bcrypt: (digest) => /^\$2[abxy]?\$\d{2}\$[./A-Za-z\d]{53}$/.test(digest),
  Legacy: (digest) => parseLegacy(digest) !== undefined,
};

/**
 * The stored form of an imported digest: refused (400) when the algorithm is unknown or the digest is not of its
 * format; hexadecimal digests are stored in lowercase, as their algorithms print them.
 */
export const importedDigest = (digest: string, algorithm: string): string => {
  if (!passwordAlgorithms.includes(algorithm as PasswordAlgorithm)) {
    throw new ApiError('password.unsupported_encryption_method', { name: algorithm });
  }
  const method = algorithm as PasswordAlgorithm;
  if (!formats[method](digest)) {
    throw new ApiError(method === 'Legacy' ? 'password.invalid_legacy_password_format' : 'password.invalid_digest', {
      name: method,
    });
  }
  return ['SHA1', 'SHA256', 'MD5'].includes(method) ? digest.toLowerCase() : digest;
};

const digestOf = (algorithm: string, input: string) => createHash(algorithm).update(input).digest('hex');

const verifyLegacy = async (stored: string, password: string): Promise<boolean> => {
  const parsed = parseLegacy(stored);
  if (!parsed) return false;
  const resolved = parsed.args.map((arg) => (arg === '@' ? password : arg));
  if (isPbkdf2(parsed.algorithm)) {
    const [salt = '', iterations = '0', keylen = '0', digest = 'sha256'] = resolved;
    const saltValue = salt.startsWith('hex:') ? Buffer.from(salt.slice(4), 'hex') : salt;
    const key = await pbkdf2Async(password, saltValue, Number(iterations), Number(keylen), digest);
    return key.toString('hex') === parsed.digest;
  }
  return digestOf(parsed.algorithm, resolved.join('')) === parsed.digest;
};

/**
 * Whether `password` matches a stored hash of `method` (argon2 by default). Argon2 and PBKDF2 run on the thread
 * pool; bcrypt compares in small steps that yield to the event loop.
 */
export const verifyDigest = async (stored: string, method: string | null, password: string): Promise<boolean> => {
  try {
    switch (method) {
      case 'SHA1':
        return digestOf('sha1', password) === stored;
      case 'SHA256':
        return digestOf('sha256', password) === stored;
      case 'MD5':
        return digestOf('md5', password) === stored;
      case 'Bcrypt':
        return await bcrypt.compare(password, stored);
      case 'Legacy':
        return await verifyLegacy(stored, password);
      default:
        return await argon2Verify(stored, password);
    }
  } catch {
    return false;
  }
};
