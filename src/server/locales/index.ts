import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type Resource, type ResourceLanguage, type TFunction } from 'i18next';

/**
 * Texts of the server-rendered pages (sign-in, registration, consent, errors): one folder per language, one JSON
 * file per namespace. English is the fallback for every missing language or key.
 */
export const FALLBACK_LANGUAGE = 'en';
const namespaces = ['interaction', 'errors'] as const;
export type Namespace = (typeof namespaces)[number];

const root = new URL('./', import.meta.url);

const loadResources = () => {
  const resources: Resource = {};
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const bundle: ResourceLanguage = {};
    for (const ns of namespaces) {
      try {
        bundle[ns] = JSON.parse(readFileSync(new URL(`./${entry.name}/${ns}.json`, root), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    resources[entry.name] = bundle;
  }
  return resources;
};

const resources = loadResources();
export const supportedLanguages = Object.keys(resources).sort((a, b) =>
  a === FALLBACK_LANGUAGE ? -1 : b === FALLBACK_LANGUAGE ? 1 : a.localeCompare(b),
);

const i18n = i18next.createInstance();
await i18n.init({
  resources,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: supportedLanguages,
  ns: [...namespaces],
  defaultNS: 'interaction',
  // Pages escape every value themselves when they build HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The best supported language for an `Accept-Language` header: the highest weighted tag we have, matched exactly or
 * by its primary subtag (`de-AT` → `de`); English when nothing matches.
 */
export const negotiateLanguage = (header: string | string[] | undefined): string => {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const wanted = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = supportedLanguages.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const partial = supportedLanguages.find((language) => language.toLowerCase().split('-')[0] === primary);
    if (partial) return partial;
  }
  return FALLBACK_LANGUAGE;
};

export interface Translator {
  language: string;
  t: TFunction;
}

/** A translator for one request. */
export const translatorFor = (acceptLanguage: string | string[] | undefined): Translator => {
  const language = negotiateLanguage(acceptLanguage);
  return { language, t: i18n.getFixedT(language) };
};
