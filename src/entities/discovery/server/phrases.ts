import type { ActionOverride } from '../../../server/crud/overrides.js';
import { readPhrases } from '../../../server/interaction/phrases.js';
import { matchLanguage, pagePhrases, supportedLanguages } from '../../../server/locales/index.js';
import { deepMerged } from '../../../shared/deep-merged.js';
import { readSignInExperience } from '../../signInExperience/server/load.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/**
 * `GET /api/.well-known/phrases?lng=…`: the sign-in pages' texts in a language (the first of `lng` the tenant has,
 * built-in or custom; else the browser's, when the sign-in experience detects it; else its fallback language), the
 * tenant's custom phrases over the built-in ones, and that language in `Content-Language`.
 */
export const signInPhrases = async ({ context, db, query, request, reply, operationsOf }: ActionInput) => {
  const { tenantId } = context;
  const { language, texts } = await db.withTenant(tenantId, async (tx) => {
    const stored = await readSignInExperience(tx, tenantId, operationsOf('signInExperience').model);
    const info = (stored.languageInfo ?? {}) as { autoDetect?: boolean; fallbackLanguage?: string };
    const settings = { autoDetect: info.autoDetect !== false, fallbackLanguage: info.fallbackLanguage ?? 'en' };
    const accept = request.headers['accept-language'];
    const { languages } = await readPhrases(tx, tenantId, undefined, { ...settings, autoDetect: false });
    const asked = typeof query.lng === 'string' ? query.lng.split(/\s+/).filter(Boolean).join(',') : '';
    const candidates = [...languages, ...supportedLanguages];
    const chosen =
      (asked ? matchLanguage(asked, candidates) : undefined) ??
      (settings.autoDetect ? matchLanguage(accept, candidates) : undefined) ??
      settings.fallbackLanguage;
    const custom = await readPhrases(tx, tenantId, chosen, { autoDetect: true, fallbackLanguage: chosen });
    return { language: chosen, texts: custom.texts };
  });
  reply.header('Content-Language', language);
  return texts ? deepMerged(pagePhrases(language), texts) : pagePhrases(language);
};
