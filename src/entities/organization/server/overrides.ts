import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';

export const organizationOverrides = {
  /**
   * Members of an organization hold organization roles for users only; a machine-to-machine role belongs to the
   * organization's applications (Logto's database check, answered as `entity.db_constraint_violated`).
   */
  'organization.check-member-role-type': {
    kind: 'beforeLink',
    run: ({ targets }) => {
      const machineRole = targets.find((role) => role.type !== 'User');
      if (machineRole) throw new ApiError('entity.db_constraint_violated', { id: machineRole.id });
    },
  },
  /** Only machine-to-machine applications join an organization (Logto's database check). */
  'organization.check-application-type': {
    kind: 'beforeLink',
    run: ({ targets }) => {
      const other = targets.find((application) => application.type !== 'MachineToMachine');
      if (other) throw new ApiError('entity.db_constraint_violated', { id: other.id });
    },
  },
  /** An organization's applications hold machine-to-machine organization roles only. */
  'organization.check-application-role-type': {
    kind: 'beforeLink',
    run: ({ targets }) => {
      const userRole = targets.find((role) => role.type !== 'MachineToMachine');
      if (userRole) throw new ApiError('entity.db_constraint_violated', { id: userRole.id });
    },
  },
} satisfies Record<string, ServerOverride>;
