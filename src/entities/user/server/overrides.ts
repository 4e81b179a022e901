import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { userActions } from './actions.js';
import { userGrantOverrides } from './grants.js';
import { userIdentityOverrides } from './identities.js';
import { userMfaOverrides } from './mfa.js';
import { passwordValues } from './password-values.js';
import { phoneValues } from './phone-number.js';
import { userSessionOverrides } from './sessions.js';
import { checkUsernameCase } from './username-case.js';

export const userOverrides = {
  /**
   * The write-only `password` becomes an argon2id hash and its method (after the password policy), or an imported
   * `passwordDigest` is checked against its `passwordAlgorithm`; neither is stored as sent. A phone number is
   * stored as Logto stores it (`phoneValues`); a username is checked against the tenant's letter-case policy.
   */
  'user.prepare-write': {
    kind: 'beforeWrite',
    run: async (values, context) => {
      await checkUsernameCase(values, context);
      return phoneValues(await passwordValues(values));
    },
  },
  ...userActions,
  ...userGrantOverrides,
  ...userSessionOverrides,
  ...userIdentityOverrides,
  ...userMfaOverrides,
  /**
   * Users hold user roles only: the user-role relation's check, whichever side the links are made from (a user's
   * roles, a role's users).
   */
  /** A caller never deletes the user it acts as (Logto's 400 `user.cannot_delete_self`). */
  'user.refuse-self-delete': {
    kind: 'beforeDelete',
    run: (stored, { context }) => {
      if (context.actor.kind === 'user' && context.actor.id === stored.id)
        throw new ApiError('user.cannot_delete_self');
    },
  },
  'user.check-role-assignment': {
    kind: 'beforeLink',
    run: ({ source, relation, targets }) => {
      const roles = relation.target === 'role' ? targets : [source];
      const machineRole = roles.find((role) => role.type !== 'User');
      if (machineRole) throw new ApiError('user.invalid_role_type', { id: machineRole.id });
    },
  },
} satisfies Record<string, ServerOverride>;
