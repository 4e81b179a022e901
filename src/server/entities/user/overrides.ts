import type { ServerOverride } from '../../crud/overrides.js';
import { userActions } from './actions.js';
import { passwordValues } from './password-values.js';

export const userOverrides = {
  /**
   * The write-only `password` becomes an argon2id hash and its method (after the password policy), or an imported
   * `passwordDigest` is checked against its `passwordAlgorithm`; neither is stored as sent.
   */
  'user.hash-password': { kind: 'beforeWrite', run: (values) => passwordValues(values) },
  ...userActions,
} satisfies Record<string, ServerOverride>;
