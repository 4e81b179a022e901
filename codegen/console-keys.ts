import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CodegenError } from './errors.js';
import { LOCALES_DIR, pluralBase } from './locales.js';
import { ENTITIES_DIR } from './names.js';

/** Where the console's hand-written code lives; its texts are under `LOCALES_DIR`, inside it. */
export const CONSOLE_DIR = 'src/console';

/** A translation key hand-written console code names, and where (`src/console/x.tsx:12`). */
export interface LiteralKey {
  key: string;
  where: string;
  /** A template literal (`users.mfa.type.${type}`): only its fixed start is known, and some key must begin with it. */
  prefix: boolean;
}

const KEY = String.raw`[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)+`;
const patterns: { pattern: RegExp; prefix: boolean }[] = [
  // t('actions.cancel'), tr.t("layout.title"), i18n.t('…')
  { pattern: new RegExp(String.raw`\bt\(\s*(['"])(${KEY})\1`, 'g'), prefix: false },
  // <Trans i18nKey="…">, and the key props of hand-written pieces: titleKey: '…', labelKey="…" (a constant such as
  // `const storageKey = 'gatehouse.language'` is not a text)
  { pattern: new RegExp(String.raw`\b[a-zA-Z]*Key(?::\s*|=\{?)(['"])(${KEY})\1`, 'g'), prefix: false },
  // t(`users.mfa.type.${row.type}`): the fixed start, up to and including its last dot
  { pattern: /\bt\(\s*(`)([a-z][A-Za-z0-9_.-]*\.)\$\{/g, prefix: true },
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** The console pieces of the entity folders (`src/entities/<name>/console/`). */
const entityConsoleDirs = (root: string): string[] => {
  const entities = join(root, ENTITIES_DIR);
  if (!existsSync(entities)) return [];
  return readdirSync(entities)
    .map((name) => join(entities, name, 'console'))
    .filter((dir) => existsSync(dir));
};

/**
 * Every translation key the console's hand-written code names literally (its texts' own folder left out), in
 * `src/console/` and the entity folders' console pieces.
 */
export const consoleLiteralKeys = (root: string): LiteralKey[] => {
  const dir = join(root, CONSOLE_DIR);
  if (!existsSync(dir)) return [];
  const locales = join(root, LOCALES_DIR);
  return [dir, ...entityConsoleDirs(root)]
    .flatMap(sourceFiles)
    .filter((file) => !file.startsWith(locales))
    .sort()
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return patterns.flatMap(({ pattern, prefix }) =>
        [...text.matchAll(pattern)].map((match) => ({
          key: match[2] ?? '',
          where: `${relative(root, file)}:${text.slice(0, match.index).split('\n').length}`,
          prefix,
        })),
      );
    });
};

/** The literal keys of the console's code that the English texts lack, as `where: key`. */
export const missingConsoleKeys = (keys: LiteralKey[], english: Iterable<string>): string[] => {
  const present = [...english];
  const bases = new Set(present.map(pluralBase));
  return keys
    .filter(({ key, prefix }) => (prefix ? !present.some((text) => text.startsWith(key)) : !bases.has(key)))
    .map(({ key, where, prefix }) => `${where}: ${key}${prefix ? '…' : ''}`);
};

/** Fails codegen when hand-written console code names a text English does not have (a mistyped key). */
export const checkConsoleKeys = (root: string, english: Iterable<string>) => {
  const missing = missingConsoleKeys(consoleLiteralKeys(root), english);
  if (missing.length > 0) {
    throw new CodegenError(`Console code names English texts that do not exist:\n  ${missing.join('\n  ')}`);
  }
};
