import type { Queryable } from '../../../server/db/database.js';

/** The languages the sign-in pages ship (Logto's experience languages); a tenant may add more as custom phrases. */
export const builtInLanguages = [
  'ar',
  'cs',
  'de',
  'en',
  'es',
  'fa-IR',
  'fr',
  'it',
  'ja',
  'ko',
  'pl-PL',
  'pt-PT',
  'pt-BR',
  'ru',
  'th',
  'tr-TR',
  'uk-UA',
  'zh-CN',
  'zh-HK',
  'zh-TW',
] as const;

/** Whether the sign-in pages can show a language: a built-in one, or one the tenant has custom phrases for. */
export const isSupportedLanguage = async (db: Queryable, tenantId: string, language: string): Promise<boolean> => {
  if ((builtInLanguages as readonly string[]).includes(language)) return true;
  const { rows } = await db.query('SELECT 1 FROM custom_phrases WHERE tenant_id = $1 AND language_tag = $2', [
    tenantId,
    language,
  ]);
  return rows.length > 0;
};
