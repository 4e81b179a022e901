import { CodegenError } from './errors.js';
import type { I18nKeys } from './i18n-keys.js';
import { LOCALES_DIR, pluralBase, SOURCE_LANGUAGE } from './locales.js';

export interface I18nProblems {
  /** `file: key (why)` for each required key the English locale lacks. */
  missing: string[];
  /** `file: key` for each key inside a subtree the registry owns that nothing requires. */
  unused: string[];
}

/** The file a missing key belongs in: the one holding its closest existing parent, else `<top-level key>.json`. */
const fileFor = (key: string, english: ReadonlyMap<string, string>): string => {
  const parts = key.split('.');
  for (let length = parts.length - 1; length > 0; length--) {
    const prefix = `${parts.slice(0, length).join('.')}.`;
    const holder = [...english].find(([existing]) => existing.startsWith(prefix));
    if (holder) return holder[1];
  }
  return `${LOCALES_DIR}/${SOURCE_LANGUAGE}/${parts[0]}.json`;
};

/** Compares the English locale (key → file) with the keys the registry requires. */
export const i18nProblems = (keys: I18nKeys, english: ReadonlyMap<string, string>): I18nProblems => {
  const present = new Set([...english.keys()].map(pluralBase));
  const missing = Object.entries(keys.required)
    .filter(([key]) => !present.has(key))
    .map(([key, why]) => `${fileFor(key, english)}: ${key} (${why})`);
  const known = new Set([...Object.keys(keys.required), ...keys.optional]);
  const unused = [...english]
    .filter(([key]) => keys.owned.some((prefix) => key.startsWith(`${prefix}.`)))
    .filter(([key]) => !known.has(pluralBase(key)) && !known.has(key))
    .map(([key, file]) => `${file}: ${key}`);
  return { missing, unused };
};

export const checkTranslations = (keys: I18nKeys, english: ReadonlyMap<string, string>) => {
  const { missing, unused } = i18nProblems(keys, english);
  const parts = [
    ...(missing.length ? [`English texts missing:\n  ${missing.join('\n  ')}`] : []),
    ...(unused.length ? [`English texts nothing uses (remove them):\n  ${unused.join('\n  ')}`] : []),
  ];
  if (parts.length) throw new CodegenError(parts.join('\n'));
};
