import type { RequestContext } from '../../../server/crud/context.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { isManagementApiIndicator } from '../../../server/tenants/urls.js';

/**
 * A tenant's management API and its permissions are the server's: what a caller asks to change about them is refused
 * with Logto's codes, while the server's own work (seeding a tenant) goes on.
 */
export const refuseManagementApiChange = (
  context: RequestContext,
  indicator: unknown,
  code: 'resource.cannot_modify_management_api' | 'resource.cannot_delete_management_api',
) => {
  if (context.actor.kind !== 'system' && isManagementApiIndicator(indicator)) throw new ApiError(code);
};

/** The indicator of one of the tenant's resources (undefined when there is none). */
export const indicatorOf = async (db: Queryable, tenantId: string, resourceId: unknown): Promise<unknown> => {
  const { rows } = await db.query<{ indicator: string }>(
    'SELECT indicator FROM resources WHERE tenant_id = $1 AND id = $2',
    [tenantId, String(resourceId)],
  );
  return rows[0]?.indicator;
};
