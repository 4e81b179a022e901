import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';

export interface AccessRules {
  userIds: string[];
  userRoleIds: string[];
  organizationIds: string[];
  organizationRoleRules: Array<{ organizationId: string; organizationRoleIds: string[] }>;
}

export const NO_RULES: AccessRules = { userIds: [], userRoleIds: [], organizationIds: [], organizationRoleRules: [] };

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The rules with each id once, and one organization-role rule per organization (Logto merges them alike). */
export const normalizedRules = (rules: AccessRules): AccessRules => {
  const byOrganization = new Map<string, string[]>();
  for (const { organizationId, organizationRoleIds } of rules.organizationRoleRules) {
    byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), ...organizationRoleIds]);
  }
  return {
    userIds: unique(rules.userIds),
    userRoleIds: unique(rules.userRoleIds),
    organizationIds: unique(rules.organizationIds),
    organizationRoleRules: [...byOrganization].map(([organizationId, roleIds]) => ({
      organizationId,
      organizationRoleIds: unique(roleIds),
    })),
  };
};

export const hasRules = (rules: AccessRules) =>
  rules.userIds.length > 0 ||
  rules.userRoleIds.length > 0 ||
  rules.organizationIds.length > 0 ||
  rules.organizationRoleRules.some(({ organizationRoleIds }) => organizationRoleIds.length > 0);

/** Logto's 422 for an application whose access control is enabled without a rule. */
export const noRulesError = () =>
  new ApiError(
    'request.invalid_input',
    { details: 'Application access control must include at least one rule before it can be enabled.' },
    undefined,
    422,
  );

/** Refuses to enable an application's access control while it has no rule to let someone in (Logto's 422). */
export const assertStoredRules = async (db: Queryable, tenantId: string, applicationId: unknown) => {
  const { rows } = await db.query<AccessRules>(
    `SELECT user_ids AS "userIds", user_role_ids AS "userRoleIds", organization_ids AS "organizationIds",
            organization_role_rules AS "organizationRoleRules"
       FROM application_access_controls WHERE tenant_id = $1 AND application_id = $2`,
    [tenantId, applicationId],
  );
  if (!rows[0] || !hasRules(rows[0])) throw noRulesError();
};

/** A rule of an organization that names no role is Logto's 422. */
export const checkRoleRules = (rules: AccessRules) => {
  const empty = rules.organizationRoleRules.find(({ organizationRoleIds }) => organizationRoleIds.length === 0);
  if (empty) {
    throw new ApiError(
      'request.invalid_input',
      { details: 'Organization-role rule groups must include at least one organization role.' },
      { organizationId: empty.organizationId },
      422,
    );
  }
};

const missing = async (tx: Queryable, tenantId: string, table: string, ids: string[], extra = '') => {
  if (ids.length === 0) return false;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1 AND id = ANY($2::varchar[])${extra}`,
    [tenantId, ids],
  );
  return Number(rows[0]?.n ?? 0) !== ids.length;
};

/** Every user, role (of users), organization and organization role the rules name exists in the tenant, or 422. */
export const checkReferences = async (tx: Queryable, tenantId: string, rules: AccessRules) => {
  const organizationIds = unique([
    ...rules.organizationIds,
    ...rules.organizationRoleRules.map(({ organizationId }) => organizationId),
  ]);
  const roleIds = unique(rules.organizationRoleRules.flatMap(({ organizationRoleIds }) => organizationRoleIds));
  const gone =
    (await missing(tx, tenantId, 'users', rules.userIds)) ||
    (await missing(tx, tenantId, 'roles', rules.userRoleIds, " AND type = 'User'")) ||
    (await missing(tx, tenantId, 'organizations', organizationIds)) ||
    (await missing(tx, tenantId, 'organization_roles', roleIds));
  if (gone) throw new ApiError('entity.relation_foreign_key_not_found');
};
