import type { Queryable } from '../db/database.js';
import { type LanguageSettings, type Phrases, pageLanguage } from '../locales/index.js';
import { withLogtoPhrases } from '../locales/logto-phrases.js';

/**
 * A tenant's custom phrases for a page: the languages it has phrases for (they join the built-in ones when the
 * browser's language is detected), and the texts of the language the page is shown in. Two small indexed reads in
 * the tenant's transaction `tx`.
 */
export const readPhrases = async (
  tx: Queryable,
  tenantId: string,
  acceptLanguage: string | string[] | undefined,
  settings: LanguageSettings,
): Promise<{ languages: string[]; texts?: Phrases }> => {
  const { rows } = await tx.query<{ language_tag: string }>(
    'SELECT language_tag FROM custom_phrases WHERE tenant_id = $1',
    [tenantId],
  );
  const languages = rows.map((row) => row.language_tag);
  const language = pageLanguage(acceptLanguage, { ...settings, customLanguages: languages });
  if (!languages.includes(language)) return { languages };
  const found = await tx.query<{ translation: Phrases | string }>(
    'SELECT translation FROM custom_phrases WHERE tenant_id = $1 AND language_tag = $2',
    [tenantId, language],
  );
  const translation = found.rows[0]?.translation;
  const stored = typeof translation === 'string' ? (JSON.parse(translation) as Phrases) : translation;
  // Phrases written with Logto's keys are shown where the pages show those texts.
  return stored ? { languages, texts: withLogtoPhrases(stored) as Phrases } : { languages };
};
