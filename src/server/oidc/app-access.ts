import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccessRules } from '../../entities/applicationAccessControl/server/rules.js';
import type { Database } from '../db/database.js';

/**
 * Logto's app-level access control: an application that enables it lets in only the users its rules name (by id,
 * by role, by organization, or by organization role in an organization). Asked when the provider hands out a grant
 * for the application (after sign-in, or from an existing session) and for every user token it issues (a code, a
 * refresh token or a token exchange), so a user taken out of the rules loses the application at the next token.
 */
export class AppAccess {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
  ) {}

  async allows(applicationId: string, userId: string): Promise<boolean> {
    return this.db.withTenant(this.tenantId, async (tx) => {
      const args = [this.tenantId, applicationId];
      const { rows } = await tx.query<{ enabled: boolean } & Partial<AccessRules>>(
        `SELECT a.app_level_access_control_enabled AS enabled, c.user_ids AS "userIds", c.user_role_ids AS "userRoleIds",
                c.organization_ids AS "organizationIds", c.organization_role_rules AS "organizationRoleRules"
           FROM applications a
           LEFT JOIN application_access_controls c ON c.tenant_id = a.tenant_id AND c.application_id = a.id
          WHERE a.tenant_id = $1 AND a.id = $2`,
        args,
      );
      const app = rows[0];
      // An application that does not enable it lets every user in.
      if (!app?.enabled) return true;
      if (app.userIds?.includes(userId)) return true;
      const { rows: found } = await tx.query<{ allowed: boolean }>(
        `SELECT EXISTS (
                  SELECT 1 FROM users_roles WHERE tenant_id = $1 AND user_id = $2 AND role_id = ANY($3::varchar[])
                ) OR EXISTS (
                  SELECT 1 FROM organization_user_relations
                   WHERE tenant_id = $1 AND user_id = $2 AND organization_id = ANY($4::varchar[])
                ) OR EXISTS (
                  SELECT 1 FROM organization_role_user_relations m
                    JOIN jsonb_to_recordset($5::jsonb) AS r("organizationId" text, "organizationRoleIds" jsonb)
                      ON r."organizationId" = m.organization_id AND r."organizationRoleIds" ? m.organization_role_id
                   WHERE m.tenant_id = $1 AND m.user_id = $2
                ) AS allowed`,
        [
          this.tenantId,
          userId,
          app.userRoleIds ?? [],
          app.organizationIds ?? [],
          JSON.stringify(app.organizationRoleRules ?? []),
        ],
      );
      return found[0]?.allowed === true;
    });
  }

  /** Refuses (`access_denied`) a user the application does not let in. */
  async assert(applicationId: string | undefined, userId: string | undefined): Promise<void> {
    if (!applicationId || !userId) return;
    if (!(await this.allows(applicationId, userId))) {
      throw new errors.AccessDenied('The user is not allowed to access this application.');
    }
  }

  /** Refuses a user access token (whatever the grant) for a user the application does not let in. */
  async assertToken(ctx: KoaContextWithOIDC, token: unknown): Promise<void> {
    if (!(token instanceof ctx.oidc.provider.AccessToken)) return;
    const { clientId, accountId } = token as { clientId?: string; accountId?: string };
    await this.assert(clientId ?? ctx.oidc.client?.clientId, accountId);
  }

  /**
   * The provider's `loadExistingGrant` (its default: the grant of the consent just given, or the session's for the
   * client), asking first whether the application lets the user in.
   */
  loadExistingGrant = async (ctx: KoaContextWithOIDC) => {
    const { client, session, result, provider } = ctx.oidc as unknown as {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: { Grant: { find(id: string): Promise<unknown> } };
    };
    if (!client || !session) return undefined;
    const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    if (!grantId) return undefined;
    await this.assert(client.clientId, session.accountId);
    return provider.Grant.find(grantId);
  };
}
