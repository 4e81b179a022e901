import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { verifyDigest } from './password-digests.js';

/** The method stored next to every hash Gatehouse writes (`users.password_encryption_method`). */
export const PASSWORD_METHOD = 'Argon2id';

/** argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on the thread pool, off the event loop, but each takes a core for tens of milliseconds: at most one
 * fewer than the machine's cores run at once, so a burst of password writes leaves a core to serve other requests.
 */
const maxHashing = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

const limited = async <T>(work: () => Promise<T>): Promise<T> => {
  if (hashing >= maxHashing) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
};

export const hashPassword = (password: string): Promise<string> => limited(() => hash(password, options));

/** A hash of nothing anyone knows, verified when an identifier matches no user so both cases take as long. */
let decoy: Promise<string> | undefined;

export const verifyPassword = async (
  encrypted: string | null | undefined,
  password: string,
  method: string | null = PASSWORD_METHOD,
): Promise<boolean> => {
  if (!encrypted) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verifyDigest(encrypted, method, password);
};

/** A hash that is not Gatehouse's own (imported, or argon2 of another variant) is replaced at the next sign-in. */
export const needsRehash = (method: string | null) => method !== PASSWORD_METHOD;
