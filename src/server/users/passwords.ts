import { hash, verify } from '@node-rs/argon2';

/** The method stored next to every hash Gatehouse writes (`users.password_encryption_method`). */
export const PASSWORD_METHOD = 'Argon2id';

/** argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

/** A hash of nothing anyone knows, verified when an identifier matches no user so both cases take as long. */
let decoy: Promise<string> | undefined;

export const verifyPassword = async (encrypted: string | null | undefined, password: string): Promise<boolean> => {
  if (!encrypted) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(encrypted, password);
  } catch {
    return false;
  }
};
