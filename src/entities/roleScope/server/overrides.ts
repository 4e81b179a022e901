import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { isManagementApiIndicator } from '../../../server/tenants/urls.js';
import { indicatorOf } from '../../resource/server/management-api.js';

export const roleScopeOverrides = {
  /**
   * A user role never holds a management API permission (Logto's 400): only machine-to-machine roles call the
   * management API. The server's own seeding (the console's administrators) is its work, not a caller's.
   */
  'roleScope.check-assignment': {
    kind: 'beforeLink',
    run: async ({ source, relation, targets }, { context, db, tenantId }) => {
      if (context.actor.kind === 'system') return;
      const pairs =
        relation.target === 'scope' ? targets.map((scope) => [source, scope]) : targets.map((role) => [role, source]);
      for (const [role, scope] of pairs) {
        if (role?.type !== 'User') continue;
        if (isManagementApiIndicator(await indicatorOf(db, tenantId, scope?.resourceId))) {
          throw new ApiError('role.management_api_scopes_not_assignable_to_user_role');
        }
      }
    },
  },
} satisfies Record<string, ServerOverride>;
