import { localeLanguages, pluralBase, readLocaleTexts, SOURCE_LANGUAGE } from './locales.js';

/**
 * What a translation must carry over unchanged from the English text: i18next interpolations (`{{name}}`, a format
 * after a comma aside) and markup tags (`<1>`, `</1>`, `<strong>`), each as often as English has it.
 */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^},]+?)\s*(?:,[^}]*)?\}\}|<\/?[\w-]+\s*\/?>/g)]
    .map(([whole, name]) => (name === undefined ? whole.replace(/\s+/g, '') : `{{${name}}}`))
    .sort();

export interface PlaceholderDifference {
  key: string;
  /** The placeholders of the English text and of the translation. */
  expected: string[];
  actual: string[];
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/**
 * Translated texts whose placeholders differ from their English text. A plural form a language has and English lacks
 * (`_few`) is held to English's `_other`; plural forms may leave out `{{count}}` ("Choose at least one").
 */
export const placeholderDifferences = (
  english: Map<string, string>,
  translated: Map<string, string>,
): PlaceholderDifference[] => {
  const differences: PlaceholderDifference[] = [];
  for (const [key, text] of translated) {
    const base = pluralBase(key);
    const source = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base);
    if (source === undefined) continue;
    const plural = pluralSuffix.test(key);
    const relevant = (found: string[]) => (plural ? found.filter((item) => item !== '{{count}}') : found);
    const expected = relevant(placeholdersOf(source));
    const actual = relevant(placeholdersOf(text));
    if (expected.join('\n') !== actual.join('\n')) differences.push({ key, expected, actual });
  }
  return differences.sort((a, b) => a.key.localeCompare(b.key));
};

/** Every console language held to English's placeholders, key by key. */
export const localePlaceholders = (root: string): { language: string; differences: PlaceholderDifference[] }[] => {
  const english = readLocaleTexts(root, SOURCE_LANGUAGE);
  return localeLanguages(root)
    .filter((language) => language !== SOURCE_LANGUAGE)
    .map((language) => ({ language, differences: placeholderDifferences(english, readLocaleTexts(root, language)) }))
    .filter((entry) => entry.differences.length > 0);
};
