import type { Database } from '../db/database.js';

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** Logto's MFA factors; a user's stored verifications name theirs by these. */
const FACTORS = new Set(['Totp', 'WebAuthn', 'BackupCode', 'EmailVerificationCode', 'PhoneVerificationCode']);

/**
 * What scripts read of the tenant, in Logto's shapes (a JWT customizer's `context`, an action's `event.user`): a user
 * with their roles (and the roles' permissions), organizations and organization roles; the application a token is
 * issued to (without its secret). Each read in one transaction of the tenant.
 */
export class ScriptContext {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
  ) {}

  async user(userId: string): Promise<Record<string, unknown> | undefined> {
    return this.db.withTenant(this.tenantId, async (tx) => {
      const args = [this.tenantId, userId];
      const { rows } = await tx.query<Record<string, unknown> & { mfa: Array<{ type?: string }> }>(
        `SELECT id, username, primary_email AS "primaryEmail", primary_phone AS "primaryPhone", name, avatar,
                custom_data AS "customData", identities, profile, application_id AS "applicationId",
                ${ms('last_sign_in_at')} AS "lastSignInAt", ${ms('created_at')} AS "createdAt",
                ${ms('updated_at')} AS "updatedAt", is_suspended AS "isSuspended",
                password_encrypted IS NOT NULL AS "hasPassword", mfa_verifications AS mfa
           FROM users WHERE tenant_id = $1 AND id = $2`,
        args,
      );
      const row = rows[0];
      if (!row) return undefined;
      const { mfa, ...user } = row;
      const roles = await tx.query<{ id: string; name: string; description: string | null; scopes: unknown[] }>(
        `SELECT r.id, r.name, r.description,
                coalesce(json_agg(json_build_object(
                  'id', s.id, 'name', s.name, 'description', s.description, 'resourceId', s.resource_id,
                  'resource', json_build_object('id', res.id, 'name', res.name, 'indicator', res.indicator,
                    'isDefault', res.is_default, 'accessTokenTtl', res.access_token_ttl))
                  ORDER BY s.name) FILTER (WHERE s.id IS NOT NULL), '[]') AS scopes
           FROM users_roles ur
           JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
           LEFT JOIN roles_scopes rs ON rs.tenant_id = r.tenant_id AND rs.role_id = r.id
           LEFT JOIN scopes s ON s.tenant_id = rs.tenant_id AND s.id = rs.scope_id
           LEFT JOIN resources res ON res.tenant_id = s.tenant_id AND res.id = s.resource_id
          WHERE ur.tenant_id = $1 AND ur.user_id = $2
          GROUP BY r.id, r.name, r.description ORDER BY r.name`,
        args,
      );
      const organizations = await tx.query(
        `SELECT o.id, o.name, o.description FROM organization_user_relations m
           JOIN organizations o ON o.tenant_id = m.tenant_id AND o.id = m.organization_id
          WHERE m.tenant_id = $1 AND m.user_id = $2 ORDER BY o.id`,
        args,
      );
      const organizationRoles = await tx.query(
        `SELECT m.organization_id AS "organizationId", r.id AS "roleId", r.name AS "roleName"
           FROM organization_role_user_relations m
           JOIN organization_roles r ON r.tenant_id = m.tenant_id AND r.id = m.organization_role_id
          WHERE m.tenant_id = $1 AND m.user_id = $2 ORDER BY m.organization_id, r.name`,
        args,
      );
      const factors = [...new Set((mfa ?? []).map(({ type }) => type ?? ''))].filter((type) => FACTORS.has(type));
      return {
        ...user,
        ssoIdentities: [],
        mfaVerificationFactors: factors,
        roles: roles.rows,
        organizations: organizations.rows,
        organizationRoles: organizationRoles.rows,
      };
    });
  }

  async application(applicationId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query(
        `SELECT tenant_id AS "tenantId", id, name, description, type, oidc_client_metadata AS "oidcClientMetadata",
                custom_client_metadata AS "customClientMetadata", custom_data AS "customData",
                is_third_party AS "isThirdParty", ${ms('created_at')} AS "createdAt"
           FROM applications WHERE tenant_id = $1 AND id = $2`,
        [this.tenantId, applicationId],
      ),
    );
    return rows[0];
  }

  async organization(organizationId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query(
        `SELECT id, name, description, custom_data AS "customData" FROM organizations
          WHERE tenant_id = $1 AND id = $2`,
        [this.tenantId, organizationId],
      ),
    );
    return rows[0];
  }

  /** The context a subject token was made with, for a token exchanged from one. */
  async subjectTokenContext(subjectTokenId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.withTenant(this.tenantId, (tx) =>
      tx.query<{ context: Record<string, unknown> }>(
        'SELECT context FROM subject_tokens WHERE tenant_id = $1 AND id = $2',
        [this.tenantId, subjectTokenId],
      ),
    );
    return rows[0]?.context;
  }
}
