import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProblems } from '../../../codegen/i18n-check';
import type { I18nKeys } from '../../../codegen/i18n-keys';
import { keptInEnglish, pluralDifferences, untranslatedTexts } from '../../../codegen/locale-forms';
import { localePlaceholders, placeholderDifferences } from '../../../codegen/locale-placeholders';
import { LOCALES_DIR, localeLanguages, localeParity, readLocale, readLocaleTexts } from '../../../codegen/locales';
import { formatDate } from '../../../src/console/generic/columns';
import { availableLanguages, i18n } from '../../../src/console/i18n';
import { bundlesOf, languageLoaders, type TextTree } from '../../../src/console/i18n/bundles';
import i18nKeys from '../../../src/generated/i18n-keys.json';

const repo = join(import.meta.dirname, '../../..');
const keys = i18nKeys as unknown as I18nKeys;
const english = readLocaleTexts(repo, 'en');
const translations = localeLanguages(repo).filter((language) => language !== 'en');
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Key → "bundle" for every text of a console bundle, as the node side lists a locale directory. */
const keysOf = (tree: TextTree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return typeof value === 'string' ? [[path, 'bundle'] as [string, string]] : [...keysOf(value, path)];
    }),
  );

describe('English texts', () => {
  it('are exactly what the registry requires: every generated key present, none unused in its subtrees', async () => {
    expect(Object.keys(keys.required).length).toBeGreaterThan(100);
    expect(keys.required).toHaveProperty(['errors.role.name_in_use']);
    expect(keys.required).toHaveProperty(['fields.hook.config.url']);
    expect(keys.required).toHaveProperty(['webhooks.event.User.Data.Updated']);
    expect(i18nProblems(keys, keysOf((await languageLoaders.en?.()) ?? {}))).toEqual({ missing: [], unused: [] });
  });

  it('reach the console from every file of the directory, with no list of file names', () => {
    const files = readLocale(repo, 'en');
    expect(new Set(files.values()).size).toBeGreaterThan(5);
    for (const key of files.keys()) expect(i18n.exists(key, { lng: 'en' }), key).toBe(true);
  });

  it('have the validation messages the forms use, plural ones included', () => {
    expect(i18n.t('validation.minItems', { count: 2, limit: 2 })).toBe('Choose at least 2');
    expect(i18n.t('validation.minItems', { count: 1, limit: 1 })).toBe('Choose at least one');
  });
});

describe('German texts', () => {
  it('load when German is first needed, not before', async () => {
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    await i18n.loadLanguages('de');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(true);
  });

  it('are offered in the language menu and render plural and interpolated texts', async () => {
    expect(availableLanguages.map((language) => language.code)).toContain('de');
    await i18n.loadLanguages('de');
    const t = i18n.getFixedT('de');
    expect(t('roles.title')).toBe('Rollen');
    expect(t('validation.minItems', { count: 1, limit: 1 })).toBe('Wählen Sie mindestens einen Eintrag');
    expect(t('validation.minItems', { count: 3, limit: 3 })).toBe('Wählen Sie mindestens 3 Einträge');
    expect(t('relations.assigned.role', { count: 2, name: 'Admin' })).toBe('2 Rollen wurden „Admin“ zugewiesen');
  });

  it('format dates the German way while German is chosen', async () => {
    expect(formatDate('2020-05-01T12:00:00Z')).toBe('May 1, 2020');
    await i18n.changeLanguage('de');
    try {
      expect(formatDate('2020-05-01T12:00:00Z')).toBe('1. Mai 2020');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('every locale directory', () => {
  /** The English texts of the console and of every entity folder, in a root of their own. */
  const copyLocales = () => {
    const root = mkdtempSync(join(tmpdir(), 'gatehouse-locales-'));
    roots.push(root);
    cpSync(join(repo, LOCALES_DIR, 'en'), join(root, LOCALES_DIR, 'en'), { recursive: true });
    for (const name of readdirSync(join(repo, 'src/entities'))) {
      const english = join(repo, 'src/entities', name, 'locales/en.json');
      if (existsSync(english)) cpSync(english, join(root, 'src/entities', name, 'locales/en.json'));
    }
    return root;
  };
  /** A second language, French, for the console's texts and the role's (the other entities stay English only). */
  const addFrench = (root: string) => {
    cpSync(join(root, LOCALES_DIR, 'en'), join(root, LOCALES_DIR, 'fr'), { recursive: true });
    cpSync(join(root, 'src/entities/role/locales/en.json'), join(root, 'src/entities/role/locales/fr.json'));
  };
  const roleTexts = (root: string) => join(root, 'src/entities/role/locales/fr.json');

  it('has the same keys as English', () => {
    expect(localeLanguages(repo)).toContain('de');
    expect(localeParity(repo)).toEqual([]);
  });

  it('keeps the placeholders of every English text', () => {
    expect(localePlaceholders(repo)).toEqual([]);
  });

  it.each(translations)(
    'in %s has the plural forms of its language and no English left but what is listed',
    (language) => {
      const translated = readLocaleTexts(repo, language);
      expect(pluralDifferences(english, translated, language)).toEqual([]);
      expect(untranslatedTexts(english, translated, keptInEnglish(repo, language))).toEqual([]);
    },
  );

  it('is held to its plural forms and to leaving no English: a missing form or an English text is reported', () => {
    const polish = new Map([
      ['validation.minItems_one', 'Wybierz co najmniej jeden'],
      ['validation.minItems_other', 'Wybierz co najmniej {{count}}'],
      ['roles.title', 'Roles'],
      ['detail.id', 'ID'],
      ['applications.placeholder.origin', 'https://example.com'],
      ['applications.type.SAML', 'SAML'],
    ]);
    expect(pluralDifferences(english, polish, 'pl-PL')).toEqual([
      { key: 'validation.minItems', expected: ['few', 'many', 'one', 'other'], actual: ['one', 'other'] },
    ]);
    expect(untranslatedTexts(english, polish)).toEqual(['roles.title']);
    expect(untranslatedTexts(english, polish, new Set(['roles.title']))).toEqual([]);
  });

  it('is held to English placeholders: a dropped or renamed one is reported with both lists', () => {
    const root = copyLocales();
    addFrench(root);
    expect(localePlaceholders(root)).toEqual([]);
    const roles = roleTexts(root);
    const json = JSON.parse(readFileSync(roles, 'utf8'));
    json.roles.title = 'Rôles de {{nom}}';
    writeFileSync(roles, JSON.stringify(json));
    const common = join(root, LOCALES_DIR, 'fr/common.json');
    const texts = JSON.parse(readFileSync(common, 'utf8'));
    texts.delete.title = 'Supprimer ?';
    writeFileSync(common, JSON.stringify(texts));
    expect(localePlaceholders(root)).toEqual([
      {
        language: 'fr',
        differences: [
          { key: 'delete.title', expected: ['{{name}}'], actual: [] },
          { key: 'roles.title', expected: [], actual: ['{{nom}}'] },
        ],
      },
    ]);
  });

  it('compares plural forms English lacks with its "other" form, where the count may be left out', () => {
    const english = new Map([
      ['items_one', 'One item in <1>{{list}}</1>'],
      ['items_other', '{{count}} items in <1>{{list}}</1>'],
    ]);
    const polish = new Map([
      ['items_one', 'Jeden element w <1>{{list}}</1>'],
      ['items_few', '{{count}} elementy w <1>{{list, lowercase}}</1>'],
      ['items_many', '{{count}} elementów w {{list}}'],
    ]);
    expect(placeholderDifferences(english, polish)).toEqual([
      { key: 'items_many', expected: ['</1>', '<1>', '{{list}}'], actual: ['{{list}}'] },
    ]);
  });

  it('is held to English: a second language missing a key or adding one is reported with both', () => {
    const root = copyLocales();
    addFrench(root);
    expect(localeParity(root)).toEqual([]);
    const roles = roleTexts(root);
    const json = JSON.parse(readFileSync(roles, 'utf8'));
    delete json.roles.empty;
    json.roles.extra = 'Rôle en trop';
    writeFileSync(roles, JSON.stringify(json));
    expect(localeParity(root)).toEqual([{ language: 'fr', missing: ['roles.empty'], extra: ['roles.extra'] }]);
  });

  it('leaves out an entity folder with English texts only, and holds one with any other language to all of them', () => {
    const root = copyLocales();
    addFrench(root);
    // The role's texts in French only, not German: German is a language of the console here too.
    cpSync(join(root, LOCALES_DIR, 'en'), join(root, LOCALES_DIR, 'de'), { recursive: true });
    const [german] = localeParity(root);
    expect(german?.language).toBe('de');
    expect(german?.missing).toContain('roles.title');
    // Without any translation the role's texts show in English everywhere, and nothing is reported.
    rmSync(roleTexts(root));
    expect(localeParity(root)).toEqual([]);
  });

  it('is found by the console: a new language directory becomes a bundle, its files merged', () => {
    const bundles = bundlesOf({
      '../locales/en/roles.json': { roles: { title: 'Roles' } },
      '../locales/fr/roles.json': { roles: { title: 'Rôles' } },
      '../locales/fr/roles-extra.json': { roles: { empty: 'Aucun rôle.' } },
    });
    expect(bundles).toEqual({
      en: { roles: { title: 'Roles' } },
      fr: { roles: { title: 'Rôles', empty: 'Aucun rôle.' } },
    });
    expect(() =>
      bundlesOf({
        '../locales/fr/a.json': { roles: { title: 'A' } },
        '../locales/fr/b.json': { roles: { title: 'B' } },
      }),
    ).toThrow(/fr.roles.title is defined twice/);
  });
});
