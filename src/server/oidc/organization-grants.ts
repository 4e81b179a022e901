import type { EntityModel } from '../../shared/descriptor.js';
import type { Database } from '../db/database.js';

/**
 * The tables of organizations, their template (roles and permissions) and their members, by role in the queries
 * below. Every query of the organization tokens reads them through these names only.
 */
const TABLES = {
  organizations: 'organizations',
  organizationScopes: 'organization_scopes',
  organizationRoles: 'organization_roles',
  /** Organization role ↔ organization permission. */
  roleScopes: 'organization_role_scope_relations',
  /** Organization role ↔ API resource permission. */
  roleResourceScopes: 'organization_role_resource_scope_relations',
  /** Organization ↔ member. */
  members: 'organization_user_relations',
  /** The roles a member holds in an organization. */
  memberRoles: 'organization_role_user_relations',
  /** Organization ↔ machine-to-machine application. */
  applications: 'organization_application_relations',
  /** The roles an application holds in an organization. */
  applicationRoles: 'organization_role_application_relations',
} as const;

/** Who holds organization roles: a member (user) or a machine-to-machine application. */
const HOLDERS = {
  user: { memberships: TABLES.members, roles: TABLES.memberRoles, column: 'user_id' },
  application: { memberships: TABLES.applications, roles: TABLES.applicationRoles, column: 'application_id' },
} as const;

export type Holder = keyof typeof HOLDERS;

/** Whether the holder's memberships are stored at all: until they are, nothing of that kind belongs anywhere. */
const heldBy = (models: readonly EntityModel[]) => {
  const stored = (holder: Holder) => models.some((model) => model.table === HOLDERS[holder].memberships);
  return { user: stored('user'), application: stored('application') };
};

/** One organization of a user, with the names of the roles the user holds in it. */
export interface UserOrganization {
  id: string;
  roles: string[];
}

/**
 * What the organization tokens ask of one tenant's organizations: who belongs to which organization, the permissions
 * their organization roles grant, and whether an organization requires multi-factor authentication.
 */
export class OrganizationGrants {
  private readonly held: Record<Holder, boolean>;

  /** `models`: the entities the server serves (its catalog's), which say whether memberships are stored. */
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
    models: readonly EntityModel[],
  ) {
    this.held = heldBy(models);
  }

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.db
      .withTenant(this.tenantId, (tx) => tx.query<Row>(sql, [this.tenantId, ...params]))
      .then(({ rows }) => rows);
  }

  /** Whether the user, or the application, belongs to the organization. */
  async isMember(holder: Holder, organizationId: string, holderId: string): Promise<boolean> {
    const { memberships, column } = HOLDERS[holder];
    if (!this.held[holder]) return false;
    const rows = await this.query<{ one: number }>(
      `SELECT 1 AS one FROM ${memberships} WHERE tenant_id = $1 AND organization_id = $2 AND ${column} = $3`,
      [organizationId, holderId],
    );
    return rows.length > 0;
  }

  /** Whether the organization requires MFA of its members while the user has no MFA factor. */
  async lacksRequiredMfa(organizationId: string, userId: string): Promise<boolean> {
    const rows = await this.query<{ lacks: boolean }>(
      `SELECT o.is_mfa_required AND NOT EXISTS (
         SELECT 1 FROM users u WHERE u.tenant_id = o.tenant_id AND u.id = $3
           AND jsonb_array_length(COALESCE(u.mfa_verifications, '[]'::jsonb)) > 0
       ) AS lacks
       FROM ${TABLES.organizations} o WHERE o.tenant_id = $1 AND o.id = $2`,
      [organizationId, userId],
    );
    return rows[0]?.lacks === true;
  }

  /** The organization permissions the holder's roles in the organization grant. */
  async organizationScopes(holder: Holder, organizationId: string, holderId: string): Promise<string[]> {
    const { roles, column } = HOLDERS[holder];
    if (!this.held[holder]) return [];
    const rows = await this.query<{ name: string }>(
      `SELECT DISTINCT s.name FROM ${TABLES.organizationScopes} s
       JOIN ${TABLES.roleScopes} rs ON rs.tenant_id = s.tenant_id AND rs.organization_scope_id = s.id
       JOIN ${roles} h ON h.tenant_id = rs.tenant_id AND h.organization_role_id = rs.organization_role_id
       WHERE s.tenant_id = $1 AND h.organization_id = $2 AND h.${column} = $3
       ORDER BY s.name`,
      [organizationId, holderId],
    );
    return rows.map((row) => row.name);
  }

  /**
   * The permissions of an API resource the holder's organization roles grant: in one organization, or (for a user,
   * without one) in every organization the user belongs to.
   */
  async resourceScopes(
    holder: Holder,
    holderId: string,
    resourceId: string,
    organizationId: string | undefined,
  ): Promise<string[]> {
    const { roles, column } = HOLDERS[holder];
    if (!this.held[holder]) return [];
    const inOrganization = organizationId === undefined ? '' : 'AND h.organization_id = $4';
    const rows = await this.query<{ name: string }>(
      `SELECT DISTINCT s.name FROM scopes s
       JOIN ${TABLES.roleResourceScopes} rs ON rs.tenant_id = s.tenant_id AND rs.scope_id = s.id
       JOIN ${roles} h ON h.tenant_id = rs.tenant_id AND h.organization_role_id = rs.organization_role_id
       WHERE s.tenant_id = $1 AND s.resource_id = $2 AND h.${column} = $3 ${inOrganization}
       ORDER BY s.name`,
      organizationId === undefined ? [resourceId, holderId] : [resourceId, holderId, organizationId],
    );
    return rows.map((row) => row.name);
  }

  /** Every organization permission of the tenant's template. */
  async allOrganizationScopes(): Promise<string[]> {
    const rows = await this.query<{ name: string }>(
      `SELECT name FROM ${TABLES.organizationScopes} WHERE tenant_id = $1 ORDER BY name`,
      [],
    );
    return rows.map((row) => row.name);
  }

  /** The organizations the user belongs to, each with the names of the roles the user holds there. */
  async userOrganizations(userId: string): Promise<UserOrganization[]> {
    const rows = await this.query<{ id: string; roles: string[] | null }>(
      `SELECT m.organization_id AS id,
              array_remove(array_agg(r.name ORDER BY r.name), NULL) AS roles
       FROM ${TABLES.members} m
       LEFT JOIN ${TABLES.memberRoles} mr ON mr.tenant_id = m.tenant_id
         AND mr.organization_id = m.organization_id AND mr.user_id = m.user_id
       LEFT JOIN ${TABLES.organizationRoles} r ON r.tenant_id = mr.tenant_id AND r.id = mr.organization_role_id
       WHERE m.tenant_id = $1 AND m.user_id = $2
       GROUP BY m.organization_id
       ORDER BY m.organization_id`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, roles: row.roles ?? [] }));
  }
}
