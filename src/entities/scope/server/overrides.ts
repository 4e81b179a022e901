import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { indicatorOf, refuseManagementApiChange } from '../../resource/server/management-api.js';

/**
 * A permission's write (Logto's rules): its name has no whitespace (400 `scope.name_with_space`), and the management
 * API's permissions are the server's (400 `resource.cannot_modify_management_api`).
 */
const checkScope: ServerOverride = {
  kind: 'beforeWrite',
  run: async (values, { context, db, tenantId, stored }) => {
    if (typeof values.name === 'string' && /\s/.test(values.name)) throw new ApiError('scope.name_with_space');
    const resourceId = stored?.resourceId ?? values.resourceId;
    refuseManagementApiChange(
      context,
      await indicatorOf(db, tenantId, resourceId),
      'resource.cannot_modify_management_api',
    );
    return values;
  },
};

export const scopeOverrides = {
  'scope.check': checkScope,
  'scope.protect-delete': {
    kind: 'beforeDelete',
    run: async (stored, { context, db, tenantId }) =>
      refuseManagementApiChange(
        context,
        await indicatorOf(db, tenantId, stored.resourceId),
        'resource.cannot_modify_management_api',
      ),
  },
} satisfies Record<string, ServerOverride>;
