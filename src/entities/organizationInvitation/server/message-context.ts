import type { Queryable } from '../../../server/db/database.js';

/** The organization's fields an invitation email may name (Logto's organization context). */
interface OrganizationContext {
  id: string;
  name: string;
  branding: unknown;
}

/** The inviter's fields an invitation email may name (Logto's user context). */
interface InviterContext {
  id: string;
  avatar: string | null;
  name: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  username: string | null;
  profile: unknown;
}

/**
 * What an invitation email knows besides the caller's payload, as Logto builds it: the organization (id, name,
 * branding) and, when the invitation has one, the inviter (id, avatar, name, email, phone, username, profile).
 * Missing rows leave their part out.
 */
export const invitationMessageContext = async (
  db: Queryable,
  tenantId: string,
  organizationId: unknown,
  inviterId: unknown,
): Promise<{ organization?: OrganizationContext; inviter?: InviterContext }> => {
  const { rows: organizations } = await db.query<OrganizationContext>(
    'SELECT id, name, branding FROM organizations WHERE tenant_id = $1 AND id = $2',
    [tenantId, String(organizationId)],
  );
  const { rows: inviters } =
    typeof inviterId === 'string'
      ? await db.query<InviterContext>(
          `SELECT id, avatar, name, primary_email AS "primaryEmail", primary_phone AS "primaryPhone", username, profile
             FROM users WHERE tenant_id = $1 AND id = $2`,
          [tenantId, inviterId],
        )
      : { rows: [] };
  return {
    ...(organizations[0] ? { organization: organizations[0] } : {}),
    ...(inviters[0] ? { inviter: inviters[0] } : {}),
  };
};
