import { replaceConsented } from '../../entities/applicationUserConsentOrganization/server/consented.js';
import { systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import type { Database } from '../db/database.js';
import { ORGANIZATIONS_SCOPE } from '../oidc/organization-tokens.js';
import type { Interaction, Request } from './context.js';

/** Whether the consent asks for the user's organizations (a third-party app then reaches those the user picks). */
export const asksOrganizations = (details: Interaction['details']) =>
  ((details.prompt.details as { missingOIDCScope?: string[] }).missingOIDCScope ?? []).includes(ORGANIZATIONS_SCOPE);

/** The user's organizations, by name. */
export const userOrganizations = async (db: Database, tenantId: string, userId: string) => {
  const { rows } = await db.withTenant(tenantId, (tx) =>
    tx.query<{ id: string; name: string }>(
      `SELECT o.id, o.name FROM organization_user_relations m
         JOIN organizations o ON o.tenant_id = m.tenant_id AND o.id = m.organization_id
        WHERE m.tenant_id = $1 AND m.user_id = $2 ORDER BY o.name, o.id`,
      [tenantId, userId],
    ),
  );
  return rows;
};

/**
 * The organizations the user picked on the consent page (their own ones only) become those the third-party
 * application may reach for them (`/api/applications/{id}/users/{userId}/consent-organizations`).
 */
export const rememberPickedOrganizations = async (
  interaction: Interaction,
  request: Request,
  db: Database,
  operations: EntityOperations,
) => {
  const { details, tenantId } = interaction;
  const userId = details.session?.accountId;
  const applicationId = String(details.params.client_id ?? '');
  if (!userId || !asksOrganizations(details)) return;
  if (!(await interaction.oidc.clients.isThirdParty(applicationId))) return;
  const picked = (request.body as { organizationIds?: string | string[] } | undefined)?.organizationIds ?? [];
  const own = new Set((await userOrganizations(db, tenantId, userId)).map(({ id }) => id));
  const chosen = (Array.isArray(picked) ? picked : [picked]).filter((id) => own.has(id));
  await replaceConsented(operations, systemContext(tenantId, 'consent'), applicationId, userId, chosen);
};
