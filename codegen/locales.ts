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

/** Where an entity's own texts live: one file per language in its folder, `src/entities/<name>/locales/<language>.json`. */
const ENTITY_LOCALES = (name: string) => `src/entities/${name}/locales`;

/** One language's file of an entity's texts: `src/entities/<name>/locales/<language>.json`. */
export const entityLocaleFile = (name: string, language: string): string => `${ENTITY_LOCALES(name)}/${language}.json`;

/** The entity folders that hold texts, with the languages each has. */
const entityLocales = (root: string): { name: string; languages: string[] }[] => {
  const entities = join(root, 'src/entities');
  if (!existsSync(entities)) return [];
  return readdirSync(entities)
    .filter((name) => existsSync(join(root, ENTITY_LOCALES(name))))
    .sort()
    .map((name) => ({
      name,
      languages: readdirSync(join(root, ENTITY_LOCALES(name)))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort(),
    }));
};

/** The languages of the console's texts: the directories under `src/console/locales` (`en`, and any other). */
export const localeLanguages = (root: string): string[] => {
  const dir = join(root, LOCALES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
};

/**
 * Every key of one language, with the file that holds it (`src/console/locales/en/common.json`,
 * `src/entities/role/locales/en.json`). The files of a language are merged into one i18next namespace, so a key in
 * two files is an error.
 */
export const readLocale = (root: string, language: string): Map<string, string> =>
  new Map([...readEntries(root, language)].map(([key, entry]) => [key, entry.path]));

/** Every text of one language by key, as the console sees it once the files are merged. */
export const readLocaleTexts = (root: string, language: string): Map<string, string> =>
  new Map([...readEntries(root, language)].map(([key, entry]) => [key, entry.text]));

/** The files of one language: the console's area files, then the entity folders' files of that language. */
const localeFiles = (root: string, language: string): string[] => {
  const dir = join(root, LOCALES_DIR, language);
  const areas = existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => `${LOCALES_DIR}/${language}/${file}`)
    : [];
  const entities = entityLocales(root)
    .filter((entity) => entity.languages.includes(language))
    .map((entity) => entityLocaleFile(entity.name, language));
  return [...areas, ...entities];
};

const readEntries = (root: string, language: string): Map<string, { path: string; text: string }> => {
  const keys = new Map<string, { path: string; text: string }>();
  for (const path of localeFiles(root, language)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(root, path), 'utf8'));
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

/**
 * Every language must have exactly English's keys (plural forms aside, which differ between languages). An entity
 * folder is translated whole or not at all: one with English texts only (a platform engineer's new entity) shows
 * them in every language and is left out of the comparison; one with any other language must have all of them.
 */
export const localeParity = (root: string): LocaleDifference[] => {
  const base = (keys: Iterable<string>) => new Set([...keys].map(pluralBase));
  const languages = localeLanguages(root).filter((language) => language !== SOURCE_LANGUAGE);
  const englishOnly = entityLocales(root)
    .filter((entity) => entity.languages.every((language) => language === SOURCE_LANGUAGE))
    .map((entity) => entityLocaleFile(entity.name, SOURCE_LANGUAGE));
  const englishFiles = readLocale(root, SOURCE_LANGUAGE);
  const english = base([...englishFiles].filter(([, path]) => !englishOnly.includes(path)).map(([key]) => key));
  const untranslated = entityLocales(root).flatMap((entity) =>
    entity.languages.length > 1 ? languages.filter((language) => !entity.languages.includes(language)) : [],
  );
  return languages
    .map((language) => {
      const keys = base(readLocale(root, language).keys());
      return {
        language,
        missing: [...english].filter((key) => !keys.has(key)).sort(),
        extra: [...keys].filter((key) => !english.has(key)).sort(),
      };
    })
    .filter(
      (difference) =>
        difference.missing.length > 0 || difference.extra.length > 0 || untranslated.includes(difference.language),
    );
};

/** `minItems_one` → `minItems`: i18next keeps plural forms under one key. */
export const pluralBase = (key: string): string => key.replace(/_(zero|one|two|few|many|other)$/, '');
