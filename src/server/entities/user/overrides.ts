import type { ServerOverride } from '../../crud/overrides.js';
import { userActions } from './actions.js';
import { userGrantOverrides } from './grants.js';
import { userIdentityOverrides } from './identities.js';
import { userMfaOverrides } from './mfa.js';
import { passwordValues } from './password-values.js';
import { userSessionOverrides } from './sessions.js';

export const userOverrides = {
  /**
   * The write-only `password` becomes an argon2id hash and its method (after the password policy), or an imported
   * `passwordDigest` is checked against its `passwordAlgorithm`; neither is stored as sent.
   */
  'user.hash-password': { kind: 'beforeWrite', run: (values) => passwordValues(values) },
  ...userActions,
  ...userGrantOverrides,
  ...userSessionOverrides,
  ...userIdentityOverrides,
  ...userMfaOverrides,
} satisfies Record<string, ServerOverride>;
