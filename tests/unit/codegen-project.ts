import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleResource } from '../../src/shared/descriptor';

export const repo = join(import.meta.dirname, '../..');
const roots: string[] = [];

/** A copy of the entity folders, English texts and generated database state, to change freely. */
export const copyProject = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-codegen-'));
  roots.push(root);
  for (const dir of ['src/entities', 'codegen/meta', 'src/console/locales', 'src/generated/db']) {
    cpSync(join(repo, dir), join(root, dir), { recursive: true });
  }
  cpSync(join(repo, 'src/generated/migrations'), join(root, 'src/generated/migrations'), { recursive: true });
  return root;
};

export const removeProjects = () => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
};

// biome-ignore lint/suspicious/noExplicitAny: edits reach deep into arbitrary JSON
export const editJson = (file: string, edit: (json: Record<string, any>) => void) => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
};

const merge = (target: Record<string, unknown>, patch: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(patch)) {
    const existing = target[key];
    if (value === null) delete target[key];
    else if (Array.isArray(value) && Array.isArray(existing)) target[key] = [...existing, ...value];
    else if (value && typeof value === 'object' && existing && typeof existing === 'object') {
      merge(existing as Record<string, unknown>, value as Record<string, unknown>);
    } else target[key] = value;
  }
};

/**
 * Applies a guide example (`docs/guide/examples/*.patch.json`): for each project file it names, objects are merged
 * into the file, arrays are appended to, and `null` removes a key.
 */
export const applyPatch = (root: string, patchFile: string) => {
  const patch = JSON.parse(readFileSync(join(repo, patchFile), 'utf8')) as Record<string, Record<string, unknown>>;
  for (const [file, change] of Object.entries(patch)) {
    if (file.startsWith('$')) continue;
    editJson(join(root, file), (json) => merge(json, change));
  }
};

export const migrationsOf = (files: Map<string, string>) => {
  const index = files.get('src/generated/migrations/index.ts') ?? '';
  return JSON.parse(index.slice(index.indexOf('= [') + 2, index.lastIndexOf(';'))) as { name: string; sql: string }[];
};

/** The console models codegen wrote (`src/generated/console-models/<name>.ts`), each entity's whole model. */
export const consoleModelsOf = (files: Map<string, string>): ConsoleResource[] =>
  [...files]
    .filter(([path]) => path.startsWith('src/generated/console-models/'))
    .map(([, text]) => {
      const marker = 'model: ConsoleResource = ';
      return JSON.parse(text.slice(text.indexOf(marker) + marker.length, text.lastIndexOf(' as unknown as ')));
    });

/** The JSON value a generated TypeScript module assigns (`export const x = {...} as const ...;`). */
export const generatedValue = (files: Map<string, string>, path: string): unknown => {
  const text = files.get(path) ?? '';
  return JSON.parse(text.slice(text.indexOf('= ') + 2, text.lastIndexOf(' as ')));
};
