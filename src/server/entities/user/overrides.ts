import type { ServerOverride } from '../../crud/overrides.js';
import { hashPassword, PASSWORD_METHOD } from '../../users/passwords.js';
import { userGrantOverrides } from './grants.js';
import { userIdentityOverrides } from './identities.js';
import { userMfaOverrides } from './mfa.js';
import { userSessionOverrides } from './sessions.js';

export const userOverrides = {
  /** The write-only `password` becomes an argon2id hash and its method; the password itself is never stored. */
  'user.hash-password': {
    kind: 'beforeWrite',
    run: async ({ password, ...values }) => {
      if (typeof password !== 'string') return values;
      return { ...values, passwordEncrypted: await hashPassword(password), passwordEncryptionMethod: PASSWORD_METHOD };
    },
  },
  ...userGrantOverrides,
  ...userSessionOverrides,
  ...userIdentityOverrides,
  ...userMfaOverrides,
} satisfies Record<string, ServerOverride>;
