import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';

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

/** The weighted tags of an `Accept-Language` header, best first. */
const acceptedTags = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
};

/** The best of `candidates` for an `Accept-Language` header, matched exactly or by primary subtag; or none. */
export const matchLanguage = (header: string | string[] | undefined, candidates: readonly string[]) => {
  for (const { tag } of acceptedTags(header)) {
    const exact = candidates.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const partial = candidates.find((language) => language.toLowerCase().split('-')[0] === primary);
    if (partial) return partial;
  }
  return undefined;
};

/**
 * The best supported language for an `Accept-Language` header: the highest weighted tag we have, matched exactly or
 * by its primary subtag (`de-AT` → `de`); English when nothing matches.
 */
export const negotiateLanguage = (header: string | string[] | undefined): string =>
  matchLanguage(header, supportedLanguages) ?? FALLBACK_LANGUAGE;

/** How a language is written: `rtl` for Arabic, Persian, Hebrew and the like, else `ltr` (i18next's list). */
export const textDirection = (language: string): 'ltr' | 'rtl' => i18n.dir(language);

export interface Translator {
  language: string;
  t: (key: string, options?: Record<string, unknown>) => string;
}

/** A tenant's language settings: detect from the browser or not, the language otherwise, its own languages. */
export interface LanguageSettings {
  autoDetect: boolean;
  fallbackLanguage: string;
  /** Languages the tenant has texts for (custom phrases), besides the built-in ones. */
  customLanguages?: readonly string[];
  /** The languages the application asked for (OpenID Connect's `ui_locales`, space-separated, best first). */
  requested?: string | undefined;
}

/**
 * The language of a tenant's page: the first the application asked for (`ui_locales`) that the pages speak, else the
 * browser's best match when detecting, else (or when none) the fallback.
 */
export const pageLanguage = (header: string | string[] | undefined, settings?: LanguageSettings) => {
  if (!settings) return negotiateLanguage(header);
  const candidates = [...supportedLanguages, ...(settings.customLanguages ?? [])];
  const requested = settings.requested?.trim().split(/\s+/).join(',');
  return (
    (requested ? matchLanguage(requested, candidates) : undefined) ??
    (settings.autoDetect ? matchLanguage(header, candidates) : undefined) ??
    settings.fallbackLanguage
  );
};

/** Texts by key, nested as the namespace files are (a tenant's custom phrases). */
export type Phrases = { [key: string]: string | Phrases };

/** The built-in texts of the sign-in pages in a language, English where the language has none. */
export const pagePhrases = (language: string): Phrases =>
  (resources[language]?.interaction ?? resources[FALLBACK_LANGUAGE]?.interaction ?? {}) as Phrases;

const lookup = (phrases: Phrases, path: string[]): string | undefined => {
  let node: string | Phrases | undefined = phrases;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** A custom phrase for a key of the `interaction` namespace, plural form first, interpolated like i18next does. */
const customPhrase = (phrases: Phrases, language: string, key: string, options: Record<string, unknown> = {}) => {
  const [ns, name] = key.includes(':') ? key.split(':', 2) : ['interaction', key];
  if (ns !== 'interaction' || !name) return undefined;
  const path = name.split('.');
  const last = path.pop() ?? '';
  const count = options.count;
  const plural = typeof count === 'number' ? `${last}_${new Intl.PluralRules(language).select(count)}` : undefined;
  const text = (plural ? lookup(phrases, [...path, plural]) : undefined) ?? lookup(phrases, [...path, last]);
  return text?.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, variable: string) => String(options[variable] ?? ''));
};

/** A translator for one request: the language of the header (and of the tenant's settings), its custom phrases. */
export const translatorFor = (
  acceptLanguage: string | string[] | undefined,
  settings?: LanguageSettings,
  phrases?: Phrases,
): Translator => {
  const language = pageLanguage(acceptLanguage, settings);
  const fixed = i18n.getFixedT(language);
  const builtIn = (key: string, options?: Record<string, unknown>) => String(fixed(key, options ?? {}));
  if (!phrases || Object.keys(phrases).length === 0) return { language, t: builtIn };
  return { language, t: (key, options) => customPhrase(phrases, language, key, options) ?? builtIn(key, options) };
};
