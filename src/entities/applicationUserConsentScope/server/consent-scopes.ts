import type { Queryable } from '../../../server/db/database.js';

/** A third-party application's consent scopes as Logto answers them: organization ones, resource ones by resource. */
export const readConsentScopes = async (tx: Queryable, tenantId: string, applicationId: string) => {
  const args = [tenantId, applicationId];
  const organizationScopes = await tx.query(
    `SELECT s.id, s.name, s.description FROM application_user_consent_scopes c
       JOIN organization_scopes s ON s.tenant_id = c.tenant_id AND s.id = c.scope_id
      WHERE c.tenant_id = $1 AND c.application_id = $2 AND c.scope_type = 'organization-scopes' ORDER BY s.name`,
    args,
  );
  const byResource = (type: string) =>
    tx.query(
      `SELECT json_build_object('id', r.id, 'name', r.name, 'indicator', r.indicator) AS resource,
              json_agg(json_build_object('id', s.id, 'name', s.name, 'description', s.description) ORDER BY s.name)
                AS scopes
         FROM application_user_consent_scopes c
         JOIN scopes s ON s.tenant_id = c.tenant_id AND s.id = c.scope_id
         JOIN resources r ON r.tenant_id = s.tenant_id AND r.id = s.resource_id
        WHERE c.tenant_id = $1 AND c.application_id = $2 AND c.scope_type = $3
        GROUP BY r.id, r.name, r.indicator ORDER BY r.name`,
      [...args, type],
    );
  const userScopes = await tx.query<{ scope_id: string }>(
    `SELECT scope_id FROM application_user_consent_scopes
      WHERE tenant_id = $1 AND application_id = $2 AND scope_type = 'user-scopes' ORDER BY created_at, scope_id`,
    args,
  );
  return {
    organizationScopes: organizationScopes.rows,
    resourceScopes: (await byResource('resource-scopes')).rows,
    organizationResourceScopes: (await byResource('organization-resource-scopes')).rows,
    userScopes: userScopes.rows.map(({ scope_id }) => scope_id),
  };
};

const missingIds = async (tx: Queryable, tenantId: string, table: string, ids: string[]) => {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE tenant_id = $1 AND id = ANY($2::varchar[])`,
    [tenantId, ids],
  );
  const found = new Set(rows.map(({ id }) => id));
  return ids.filter((id) => !found.has(id));
};

/** The ids of a body that name nothing of the tenant, by kind (Logto's `user_consent_scopes_not_found` data). */
export const missingConsentScopes = async (
  tx: Queryable,
  tenantId: string,
  body: { organizationScopes?: string[]; resourceScopes?: string[]; organizationResourceScopes?: string[] },
) => ({
  invalidOrganizationScopes: await missingIds(tx, tenantId, 'organization_scopes', body.organizationScopes ?? []),
  invalidResourceScopes: await missingIds(tx, tenantId, 'scopes', body.resourceScopes ?? []),
  invalidOrganizationResourceScopes: await missingIds(tx, tenantId, 'scopes', body.organizationResourceScopes ?? []),
});

/** Whether any of the scopes is a permission of the tenant's management API (never a third party's to ask). */
export const namesManagementApi = async (tx: Queryable, tenantId: string, indicator: string, ids: string[]) => {
  if (ids.length === 0) return false;
  const { rows } = await tx.query(
    `SELECT 1 FROM scopes s JOIN resources r ON r.tenant_id = s.tenant_id AND r.id = s.resource_id
      WHERE s.tenant_id = $1 AND s.id = ANY($2::varchar[]) AND r.indicator = $3 LIMIT 1`,
    [tenantId, ids, indicator],
  );
  return rows.length > 0;
};
