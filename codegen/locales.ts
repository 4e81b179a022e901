import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CodegenError } from './errors.js';

/** Where the console's texts live: one directory per language, each holding `<area>.json` files. */
export const LOCALES_DIR = 'src/console/locales';
export const SOURCE_LANGUAGE = 'en';

const flatten = (node: unknown, prefix: string, into: (key: string, text: unknown) => void) => {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into(prefix, node);
  }
};

/** The texts of one parsed locale file by dotted key (`roles.create.title` → `Create role`). */
export const flattenTexts = (json: unknown): Map<string, string> => {
  const texts = new Map<string, string>();
  flatten(json, '', (key, text) => void texts.set(key, String(text)));
  return texts;
};

/** The language directories under `src/console/locales` (`en`, and any other). */
export const localeLanguages = (root: string): string[] => {
  const dir = join(root, LOCALES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
};

/**
 * Every key of one language, with the file that holds it (`src/console/locales/en/roles.json`). The files of a
 * language are merged into one i18next namespace, so a key in two files is an error.
 */
export const readLocale = (root: string, language: string): Map<string, string> =>
  new Map([...readEntries(root, language)].map(([key, entry]) => [key, entry.path]));

/** Every text of one language by key, as the console sees it once the files are merged. */
export const readLocaleTexts = (root: string, language: string): Map<string, string> =>
  new Map([...readEntries(root, language)].map(([key, entry]) => [key, entry.text]));

const readEntries = (root: string, language: string): Map<string, { path: string; text: string }> => {
  const dir = join(root, LOCALES_DIR, language);
  const keys = new Map<string, { path: string; text: string }>();
  if (!existsSync(dir)) return keys;
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of files) {
    const path = `${LOCALES_DIR}/${language}/${file}`;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      throw new CodegenError(`${path}: ${(error as Error).message}`);
    }
    flatten(json, '', (key, text) => {
      const other = keys.get(key);
      if (other) throw new CodegenError(`${path}: key ${key} is also in ${other.path}`);
      keys.set(key, { path, text: String(text) });
    });
  }
  return keys;
};

export interface LocaleDifference {
  language: string;
  /** Keys English has and this language lacks, and the reverse. */
  missing: string[];
  extra: string[];
}

/** Every language must have exactly English's keys (plural forms aside, which differ between languages). */
export const localeParity = (root: string): LocaleDifference[] => {
  const base = (keys: Map<string, string>) => new Set([...keys.keys()].map(pluralBase));
  const english = base(readLocale(root, SOURCE_LANGUAGE));
  return localeLanguages(root)
    .filter((language) => language !== SOURCE_LANGUAGE)
    .map((language) => {
      const keys = base(readLocale(root, language));
      return {
        language,
        missing: [...english].filter((key) => !keys.has(key)).sort(),
        extra: [...keys].filter((key) => !english.has(key)).sort(),
      };
    })
    .filter((difference) => difference.missing.length > 0 || difference.extra.length > 0);
};

/** `minItems_one` → `minItems`: i18next keeps plural forms under one key. */
export const pluralBase = (key: string): string => key.replace(/_(zero|one|two|few|many|other)$/, '');
