import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { importedDigest } from './account/password-digests.js';
import { hashPassword, PASSWORD_METHOD } from './account/passwords.js';

/** The stored values of a new password: its argon2id hash, and the password no longer expired. */
export const hashedPassword = async (password: string): Promise<Entity> => ({
  passwordEncrypted: await hashPassword(password),
  passwordEncryptionMethod: PASSWORD_METHOD,
  isPasswordExpired: false,
});

/**
 * The write-only password fields of a create or update turned into what is stored: `password` hashed (as in Logto,
 * an administrator's password is not held to the sign-in experience's policy; the sign-in pages apply it), or `passwordDigest` with its `passwordAlgorithm` checked and kept as it is (rehashed at the
 * user's next sign-in). Neither is ever stored as sent.
 */
export const passwordValues = async ({ password, passwordDigest, passwordAlgorithm, ...values }: Entity) => {
  if (password !== undefined && passwordDigest !== undefined) throw new ApiError('user.password_and_digest');
  if (typeof password === 'string') {
    return { ...values, ...(await hashedPassword(password)) };
  }
  if (typeof passwordDigest === 'string') {
    if (typeof passwordAlgorithm !== 'string') throw new ApiError('user.password_algorithm_required');
    return {
      ...values,
      passwordEncrypted: importedDigest(passwordDigest, passwordAlgorithm),
      passwordEncryptionMethod: passwordAlgorithm,
      isPasswordExpired: false,
    };
  }
  return values;
};
