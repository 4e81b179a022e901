import type { Queryable } from '../../../server/db/database.js';

interface Overlay {
  color: Record<string, unknown> | null;
  branding: Record<string, unknown> | null;
  customCss: string | null;
}

/** A first-party application's own branding, colors and CSS for its sign-in pages (none for a third party's). */
export const readApplicationOverlay = async (
  tx: Queryable,
  tenantId: string,
  applicationId: unknown,
): Promise<Overlay | undefined> => {
  if (typeof applicationId !== 'string' || !applicationId) return undefined;
  const { rows } = await tx.query<Overlay>(
    `SELECT s.color, s.branding, s.custom_css AS "customCss"
       FROM application_sign_in_experiences s
       JOIN applications a ON a.tenant_id = s.tenant_id AND a.id = s.application_id
      WHERE s.tenant_id = $1 AND s.application_id = $2 AND NOT a.is_third_party`,
    [tenantId, applicationId],
  );
  return rows[0];
};

/** The tenant's sign-in experience with the application's overlay on it, field by field (Logto's deep merge). */
export const withApplicationOverlay = <T extends Record<string, unknown>>(experience: T, overlay?: Overlay): T =>
  overlay
    ? {
        ...experience,
        color: { ...(experience.color as object), ...overlay.color },
        branding: { ...(experience.branding as object), ...overlay.branding },
        ...(overlay.customCss ? { customCss: overlay.customCss } : {}),
      }
    : experience;
