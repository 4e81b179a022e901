import type { ServerOverride } from '../../crud/overrides.js';
import { ApiError } from '../../http/api-error.js';
import { hashPassword, PASSWORD_METHOD } from '../../users/passwords.js';

export const userOverrides = {
  /** The write-only `password` becomes an argon2id hash and its method; the password itself is never stored. */
  'user.hash-password': {
    kind: 'beforeWrite',
    run: async ({ password, ...values }) => {
      if (typeof password !== 'string') return values;
      return { ...values, passwordEncrypted: await hashPassword(password), passwordEncryptionMethod: PASSWORD_METHOD };
    },
  },
  /**
   * Users hold user roles only: the user-role relation's check, whichever side the links are made from (a user's
   * roles, a role's users).
   */
  'user.check-role-assignment': {
    kind: 'beforeLink',
    run: ({ source, relation, targets }) => {
      const roles = relation.target === 'role' ? targets : [source];
      const machineRole = roles.find((role) => role.type !== 'User');
      if (machineRole) throw new ApiError('user.invalid_role_type', { id: machineRole.id });
    },
  },
  /** `PATCH /api/users/{userId}/password`: a new password, hashed by `user.hash-password` on the way in. */
  'user.update-password': {
    kind: 'action',
    run: ({ context, id, body, operations }) =>
      operations.update(context, id, { password: (body as { password: string }).password }),
  },
  /** `PATCH /api/users/{userId}/is-suspended`: suspend the user or lift the suspension. */
  'user.update-is-suspended': {
    kind: 'action',
    run: ({ context, id, body, operations }) =>
      operations.update(context, id, { isSuspended: (body as { isSuspended: boolean }).isSuspended }),
  },
} satisfies Record<string, ServerOverride>;
