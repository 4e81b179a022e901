import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONSOLE_MODELS_DIR, FORM_VALIDATORS_DIR } from './console-index.js';
import type { GenerateResult } from './generate.js';
import { QA_VALIDATORS_DIR } from './qa-validators.js';

/** Folders whose every file codegen writes: a file it no longer writes there (a deleted entity's) is removed. */
const OWNED_DIRS = [CONSOLE_MODELS_DIR, FORM_VALIDATORS_DIR, QA_VALIDATORS_DIR];

/** Files in codegen's own folders that it no longer writes. */
export const orphanFiles = (root: string, files: ReadonlyMap<string, string>): string[] =>
  OWNED_DIRS.flatMap((dir) =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((file) => `${dir}/${file}`) : [],
  ).filter((path) => !files.has(path));

/** The generated files whose content on disk differs from `files` (or that do not exist yet). */
export const staleFiles = (root: string, files: ReadonlyMap<string, string>): string[] =>
  [...files]
    .filter(([path, content]) => {
      const file = join(root, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== content;
    })
    .map(([path]) => path);

/** The starting files that do not exist yet: the only ones codegen writes of them, never overwriting one. */
export const missingStarting = (root: string, starting: ReadonlyMap<string, string>): string[] =>
  [...starting.keys()].filter((path) => !existsSync(join(root, path)));

/**
 * What to tell the author to review: each form's fixture folder once, with its number of files
 * (`src/entities/widget/fixtures/create/ (12 files)`), and each other file by its path.
 */
export const startingSummary = (paths: readonly string[]): string[] => {
  const folders = new Map<string, number>();
  for (const path of paths) {
    const folder = /^(.*\/fixtures\/[^/]+\/)/.exec(path)?.[1] ?? path;
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  return [...folders].map(([folder, count]) => (folder.endsWith('/') ? `${folder} (${count} files)` : folder));
};

/**
 * What `--check` reports, writing nothing: starting files codegen would write (a new entity's or form's, named with
 * the command that writes them) and generated files out of date. Empty when the project is up to date.
 */
export const checkProblems = (root: string, { files, starting }: GenerateResult): string[] => {
  const missing = missingStarting(root, starting);
  const stale = [...staleFiles(root, files), ...orphanFiles(root, files)];
  return [
    ...(missing.length > 0
      ? [
          `Starting files of a new entity or form are missing; run \`npm run codegen\` to write them, then review them:\n  ${startingSummary(missing).join('\n  ')}`,
        ]
      : []),
    ...(stale.length > 0 ? [`Generated files are out of date; run \`npm run codegen\`:\n  ${stale.join('\n  ')}`] : []),
  ];
};

/** Writes the generated files that changed and the starting files that are missing; returns both lists. */
export const writeOutput = (root: string, { files, starting }: GenerateResult) => {
  const written = staleFiles(root, files);
  const started = missingStarting(root, starting);
  for (const path of orphanFiles(root, files)) rmSync(join(root, path));
  for (const [path, content] of [
    ...written.map((path) => [path, files.get(path)] as const),
    ...started.map((path) => [path, starting.get(path)] as const),
  ]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content ?? '');
  }
  return { written, started };
};
