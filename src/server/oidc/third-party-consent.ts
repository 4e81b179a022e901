import type { Database } from '../db/database.js';

/**
 * What a third-party application may ask its users for (`/api/applications/{id}/user-consent-scopes`): the
 * provider offers such an application only these, so a user can never grant it more. Undefined for the tenant's
 * own applications, which are not limited this way.
 */
export class ThirdPartyConsent {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
  ) {}

  private async names(clientId: string, sql: string, extra: unknown[] = []): Promise<Set<string> | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ third_party: boolean; name: string | null }>(
        `SELECT a.is_third_party AS third_party, s.name
           FROM applications a LEFT JOIN LATERAL (${sql}) s ON true
          WHERE a.tenant_id = $1 AND a.id = $2`,
        [this.tenantId, clientId, ...extra],
      ),
    );
    if (!rows[0]?.third_party) return undefined;
    return new Set(rows.flatMap(({ name }) => (name ? [name] : [])));
  }

  /** The user scopes (`profile`, `email`, ...) it may ask for. */
  userScopes(clientId: string) {
    return this.names(
      clientId,
      `SELECT c.scope_id AS name FROM application_user_consent_scopes c
        WHERE c.tenant_id = a.tenant_id AND c.application_id = a.id AND c.scope_type = 'user-scopes'`,
    );
  }

  /** The permissions of an API resource it may ask for. */
  resourceScopes(clientId: string, resourceId: string) {
    return this.names(
      clientId,
      `SELECT s.name FROM application_user_consent_scopes c
         JOIN scopes s ON s.tenant_id = c.tenant_id AND s.id = c.scope_id
        WHERE c.tenant_id = a.tenant_id AND c.application_id = a.id AND c.scope_type = 'resource-scopes'
          AND s.resource_id = $3`,
      [resourceId],
    );
  }

  /** The organization permissions it may ask for. */
  organizationScopes(clientId: string) {
    return this.names(
      clientId,
      `SELECT s.name FROM application_user_consent_scopes c
         JOIN organization_scopes s ON s.tenant_id = c.tenant_id AND s.id = c.scope_id
        WHERE c.tenant_id = a.tenant_id AND c.application_id = a.id AND c.scope_type = 'organization-scopes'`,
    );
  }

  /** Whether the user lets the application reach the organization (`/users/{userId}/consent-organizations`). */
  async organizationConsented(clientId: string, userId: string, organizationId: string): Promise<boolean> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query(
        `SELECT 1 FROM application_user_consent_organizations
          WHERE tenant_id = $1 AND application_id = $2 AND user_id = $3 AND organization_id = $4`,
        [this.tenantId, clientId, userId, organizationId],
      ),
    );
    return rows.length > 0;
  }
}
