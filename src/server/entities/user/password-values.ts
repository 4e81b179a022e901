import type { Entity } from '../../crud/repository.js';
import { ApiError } from '../../http/api-error.js';
import { importedDigest } from '../../users/password-digests.js';
import { checkPassword, passwordPolicy } from '../../users/password-policy.js';
import { hashPassword, PASSWORD_METHOD } from '../../users/passwords.js';

/** The stored values of a new password: its argon2id hash, and the password no longer expired. */
export const hashedPassword = async (password: string): Promise<Entity> => ({
  passwordEncrypted: await hashPassword(password),
  passwordEncryptionMethod: PASSWORD_METHOD,
  isPasswordExpired: false,
});

/** Refuses a password the tenant's policy rejects, with the first reason's code and every reason in `data`. */
export const assertPasswordPolicy = (password: string) => {
  const [first, ...more] = checkPassword(password);
  if (!first) return;
  const params = { min: passwordPolicy.minLength, max: passwordPolicy.maxLength, count: passwordPolicy.characterTypes };
  throw new ApiError(first, params, { rejected: [first, ...more] });
};

/**
 * The write-only password fields of a create or update turned into what is stored: `password` checked against the
 * policy and hashed, or `passwordDigest` with its `passwordAlgorithm` checked and kept as it is (rehashed at the
 * user's next sign-in). Neither is ever stored as sent.
 */
export const passwordValues = async ({ password, passwordDigest, passwordAlgorithm, ...values }: Entity) => {
  if (password !== undefined && passwordDigest !== undefined) throw new ApiError('user.password_and_digest');
  if (typeof password === 'string') {
    assertPasswordPolicy(password);
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
