/**
 * Every `locales/<language>/*.json` file and every entity folder's `locales/<language>.json`, found by the bundler (no
 * list of file names to keep in step): the files of a language are merged into one i18next namespace. English is the source language; `tests/unit/console/
 * locales.test.ts` holds every other language to exactly its keys.
 */
export type TextTree = { [key: string]: string | TextTree };

const files = import.meta.glob<TextTree>(['../locales/*/*.json', '../../entities/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

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
    const language = /locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? /locales\/([^/]+)\.json$/.exec(path)?.[1];
    const tree = found[path];
    if (!language || !tree) continue;
    bundles[language] ??= {};
    mergeInto(bundles[language], tree, language);
  }
  return bundles;
};

export const localeBundles = bundlesOf(files);
