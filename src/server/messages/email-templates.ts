import type { Queryable } from '../db/database.js';
import type { EmailTemplateDetails } from './email-message.js';

/**
 * The tenant's email templates (`/api/email-templates`), read with its email connector so a message sent later
 * (after the request's transaction) still finds them. A message takes the template of its type in its language,
 * else in the sign-in experience's fallback language, else the Generic one in that language (Logto's order); with
 * none, the connector's own template.
 */
export const readEmailTemplates = async (db: Queryable, tenantId: string) => {
  const { rows } = await db.query<{ language_tag: string; template_type: string; details: EmailTemplateDetails }>(
    'SELECT language_tag, template_type, details FROM email_templates WHERE tenant_id = $1',
    [tenantId],
  );
  if (rows.length === 0) return () => undefined;
  const fallbackRows = await db.query<{ fallback: string | null }>(
    `SELECT language_info->>'fallbackLanguage' AS fallback FROM sign_in_experiences WHERE tenant_id = $1`,
    [tenantId],
  );
  const fallback = fallbackRows.rows[0]?.fallback ?? 'en';
  const find = (type: string, language: string | undefined) =>
    language === undefined
      ? undefined
      : rows.find((row) => row.template_type === type && row.language_tag === language)?.details;
  return (type: string, language: string | undefined): EmailTemplateDetails | undefined =>
    find(type, language) ?? find(type, fallback) ?? find('Generic', fallback);
};
