/**
 * Every `locales/<language>/*.json` file and every entity folder's `locales/<language>.json`, found by the bundler (no
 * list of file names to keep in step): the files of a language are merged into one i18next namespace. Each language
 * loads as one chunk when it is chosen, English (the source and fallback) as any other: a page loads one language.
 * `tests/unit/console/locales.test.ts` holds every other language to exactly the English keys.
 */
export type TextTree = { [key: string]: string | TextTree };

/** Every language loads when it is chosen, English too (the build puts each language's files in one chunk). */
const localeFiles = import.meta.glob<TextTree>(['../locales/*/*.json', '../../entities/*/locales/*.json'], {
  import: 'default',
});

/** The language of a locale file's path: `../locales/de/common.json` or `../../entities/role/locales/de.json` → `de`. */
const languageOf = (path: string) =>
  /locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? /locales\/([^/]+)\.json$/.exec(path)?.[1];

const mergeInto = (target: TextTree, source: TextTree, where: string): void => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && (existing === undefined || typeof existing === 'object')) {
      const branch = existing ?? {};
      target[key] = branch;
      mergeInto(branch as TextTree, value, `${where}.${key}`);
    } else if (existing !== undefined) {
      throw new Error(`${where}.${key} is defined twice`);
    } else {
      target[key] = value;
    }
  }
};

/** Merges `{ '../locales/en/common.json': {...}, '../../entities/role/locales/en.json': {...} }` into `{ en: {...} }`. */
export const bundlesOf = (found: Record<string, TextTree>): Record<string, TextTree> => {
  const bundles: Record<string, TextTree> = {};
  for (const path of Object.keys(found).sort()) {
    const language = languageOf(path);
    const tree = found[path];
    if (!language || !tree) continue;
    bundles[language] ??= {};
    mergeInto(bundles[language], tree, language);
  }
  return bundles;
};

/** Per language, a loader of its merged texts. */
export const languageLoaders: Record<string, () => Promise<TextTree>> = Object.fromEntries(
  [...new Set(Object.keys(localeFiles).map(languageOf))].flatMap((language) => {
    if (!language) return [];
    const paths = Object.keys(localeFiles).filter((path) => languageOf(path) === language);
    const load = async () => {
      const trees = await Promise.all(paths.map((path) => localeFiles[path]?.() ?? Promise.resolve({})));
      return bundlesOf(Object.fromEntries(paths.map((path, i) => [path, trees[i] ?? {}])))[language] ?? {};
    };
    return [[language, load]];
  }),
);
