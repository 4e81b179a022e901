import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import { ApiError } from '../../../server/http/api-error.js';

/** The consent rows of a user for an application, oldest first. */
export const consentedRows = async (
  operations: EntityOperations,
  context: RequestContext,
  applicationId: string,
  userId: string,
) => {
  const { rows } = await operations.read(context, (tx) =>
    tx.query<{ id: string; organization_id: string }>(
      `SELECT id, organization_id FROM application_user_consent_organizations
        WHERE tenant_id = $1 AND application_id = $2 AND user_id = $3 ORDER BY created_at, organization_id`,
      [context.tenantId, applicationId, userId],
    ),
  );
  return rows;
};

/** Adds consents (one already given stays as it is). */
export const addConsented = async (
  operations: EntityOperations,
  context: RequestContext,
  applicationId: string,
  userId: string,
  organizationIds: Iterable<string>,
) => {
  for (const organizationId of organizationIds) {
    try {
      await operations.create(context, { userId, organizationId }, applicationId);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'entity.unique_integrity_violation') throw error;
    }
  }
};

/** Makes the user's consents for the application exactly these organizations. */
export const replaceConsented = async (
  operations: EntityOperations,
  context: RequestContext,
  applicationId: string,
  userId: string,
  organizationIds: Iterable<string>,
) => {
  const wanted = new Set(organizationIds);
  for (const row of await consentedRows(operations, context, applicationId, userId)) {
    if (!wanted.has(row.organization_id)) await operations.delete(context, row.id, applicationId);
  }
  await addConsented(operations, context, applicationId, userId, wanted);
};
