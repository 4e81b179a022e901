import type { Resource } from '../../generated/types.js';
import type { Database } from '../db/database.js';
import { canonicalIndicator } from '../tenants/urls.js';

export type ResourceRow = Pick<Resource, 'id' | 'name' | 'indicator' | 'isDefault' | 'accessTokenTtl'>;

export interface ScopeRow {
  name: string;
  description: string | null;
}

/** The tenant's API resources and who may have which of their scopes, through roles. */
export class ResourceStore {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
  ) {}

  /** The resource an indicator names (Logto's name of a management API included, see `canonicalIndicator`). */
  async find(indicator: string): Promise<ResourceRow | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ id: string; name: string; indicator: string; is_default: boolean; access_token_ttl: number }>(
        'SELECT id, name, indicator, is_default, access_token_ttl FROM resources WHERE tenant_id = $1 AND indicator = $2',
        [this.tenantId, canonicalIndicator(indicator)],
      ),
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          name: row.name,
          indicator: row.indicator,
          isDefault: row.is_default,
          accessTokenTtl: Number(row.access_token_ttl),
        }
      : undefined;
  }

  /** The indicator of the tenant's default resource: tokens requested without a resource are issued for it. */
  async defaultIndicator(): Promise<string | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ indicator: string }>('SELECT indicator FROM resources WHERE tenant_id = $1 AND is_default LIMIT 1', [
        this.tenantId,
      ]),
    );
    return rows[0]?.indicator;
  }

  /** Scopes of the resource granted to a user by the user's roles. */
  userScopes(userId: string, resourceId: string): Promise<string[]> {
    return this.scopesThrough('users_roles', 'user_id', userId, resourceId);
  }

  /** Scopes of the resource granted to an application by its roles. */
  applicationScopes(applicationId: string, resourceId: string): Promise<string[]> {
    return this.scopesThrough('applications_roles', 'application_id', applicationId, resourceId);
  }

  private async scopesThrough(
    table: 'users_roles' | 'applications_roles',
    column: 'user_id' | 'application_id',
    id: string,
    resourceId: string,
  ): Promise<string[]> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ name: string }>(
        `SELECT DISTINCT s.name FROM scopes s
         JOIN roles_scopes rs ON rs.tenant_id = s.tenant_id AND rs.scope_id = s.id
         JOIN ${table} a ON a.tenant_id = rs.tenant_id AND a.role_id = rs.role_id
         WHERE s.tenant_id = $1 AND s.resource_id = $2 AND a.${column} = $3
         ORDER BY s.name`,
        [this.tenantId, resourceId, id],
      ),
    );
    return rows.map((row) => row.name);
  }

  /** Names and scope descriptions of resources, for the consent page. */
  async describe(indicators: string[]): Promise<Map<string, { name: string; scopes: Map<string, string | null> }>> {
    const result = new Map<string, { name: string; scopes: Map<string, string | null> }>();
    if (indicators.length === 0) return result;
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ indicator: string; resource_name: string; scope_name: string | null; description: string | null }>(
        `SELECT r.indicator, r.name AS resource_name, s.name AS scope_name, s.description FROM resources r
         LEFT JOIN scopes s ON s.tenant_id = r.tenant_id AND s.resource_id = r.id
         WHERE r.tenant_id = $1 AND r.indicator = ANY($2::varchar[])`,
        [this.tenantId, indicators],
      ),
    );
    for (const row of rows) {
      const entry = result.get(row.indicator) ?? { name: row.resource_name, scopes: new Map() };
      if (row.scope_name) entry.scopes.set(row.scope_name, row.description);
      result.set(row.indicator, entry);
    }
    return result;
  }
}
