import type { UserRecord } from '../../entities/user/server/account/store.js';
import type { Database, Queryable } from '../db/database.js';
import type { OrganizationGrants } from './organization-grants.js';
import { ORGANIZATION_ROLES_SCOPE, ORGANIZATIONS_SCOPE } from './organization-tokens.js';

/** The claims each scope releases (Logto's): the standard ones, and the extended ones of Logto's own scopes. */
export const CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'username', 'picture'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  custom_data: ['custom_data'],
  identities: ['identities', 'sso_identities'],
  roles: ['roles'],
  [ORGANIZATIONS_SCOPE]: ['organizations', 'organization_data'],
  [ORGANIZATION_ROLES_SCOPE]: ['organization_roles'],
};

/**
 * The claims of Logto's own scopes, which an ID token carries only when the tenant's ID token configuration
 * (`/api/configs/id-token`) enables them; the userinfo endpoint always answers them.
 */
const EXTENDED_CLAIMS = [
  'custom_data',
  'identities',
  'sso_identities',
  'roles',
  'organizations',
  'organization_data',
  'organization_roles',
];

/** What a tenant that never set its ID token configuration gets (Logto's seed). */
const DEFAULT_ID_TOKEN_CLAIMS = ['roles', 'organizations', 'organization_roles'];

/** The names of a user's roles in the tenant, in order (the `roles` claim; Hasura's roles). */
export const userRoleNames = async (tx: Queryable, tenantId: string, userId: string): Promise<string[]> => {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT r.name FROM users_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
      WHERE ur.tenant_id = $1 AND ur.user_id = $2 ORDER BY r.name`,
    [tenantId, userId],
  );
  return rows.map((row) => row.name);
};

/** A user's claims for the scopes granted, as the provider releases them in ID tokens and at the userinfo endpoint. */
export class UserClaims {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
    private readonly organizations: OrganizationGrants,
  ) {}

  private query<Row>(sql: string, params: unknown[]): Promise<Row[]> {
    return this.db
      .withTenant(this.tenantId, (tx) => tx.query<Row>(sql, [this.tenantId, ...params]))
      .then(({ rows }) => rows);
  }

  /** The extended claims the tenant's ID tokens carry. */
  async idTokenClaims(): Promise<readonly string[]> {
    const [row] = await this.query<{ claims: string[] | null }>(
      'SELECT enabled_extended_claims AS claims FROM id_token_configs WHERE tenant_id = $1',
      [],
    );
    return row ? (row.claims ?? []) : DEFAULT_ID_TOKEN_CLAIMS;
  }

  private roles(userId: string): Promise<string[]> {
    return this.db.withTenant(this.tenantId, (tx) => userRoleNames(tx, this.tenantId, userId));
  }

  private async organizationData(userId: string) {
    return this.query<{ id: string; name: string; description: string | null }>(
      `SELECT o.id, o.name, o.description FROM organization_user_relations m
         JOIN organizations o ON o.tenant_id = m.tenant_id AND o.id = m.organization_id
        WHERE m.tenant_id = $1 AND m.user_id = $2 ORDER BY o.id`,
      [userId],
    );
  }

  /** The claims of `use` (an ID token or userinfo) for these scopes; only what the scopes release is read. */
  async of(user: UserRecord, use: string, scope: string): Promise<Record<string, unknown>> {
    const scopes = new Set(scope.split(' '));
    const claims: Record<string, unknown> = {
      sub: user.id,
      name: user.name ?? undefined,
      username: user.username ?? undefined,
      picture: user.avatar ?? undefined,
      email: user.primaryEmail ?? undefined,
      email_verified: user.primaryEmail ? true : undefined,
      phone_number: user.primaryPhone ?? undefined,
      phone_number_verified: user.primaryPhone ? true : undefined,
      custom_data: user.customData,
      identities: user.identities,
      // Enterprise SSO identities arrive with the SSO connectors; none yet.
      sso_identities: [],
    };
    if (scopes.has('roles')) claims.roles = await this.roles(user.id);
    if (scopes.has(ORGANIZATIONS_SCOPE) || scopes.has(ORGANIZATION_ROLES_SCOPE)) {
      const memberships = await this.organizations.userOrganizations(user.id);
      claims.organizations = memberships.map(({ id }) => id);
      claims.organization_roles = memberships.flatMap(({ id, roles }) => roles.map((role) => `${id}:${role}`));
    }
    if (scopes.has(ORGANIZATIONS_SCOPE)) claims.organization_data = await this.organizationData(user.id);
    if (use !== 'id_token') return claims;
    const enabled = new Set(await this.idTokenClaims());
    for (const claim of EXTENDED_CLAIMS) if (!enabled.has(claim)) delete claims[claim];
    return claims;
  }
}
