import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { queryExtrasOf } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf, ENTITIES_DIR } from './names.js';

/** Where an entity's bespoke server pieces live, and the module that exports them as `<name>Overrides`. */
const serverDir = (name: string) => `${ENTITIES_DIR}/${name}/server`;
export const overridesFile = (name: string) => `${serverDir(name)}/overrides.ts`;

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/**
 * The server keys each entity folder implements: the quoted object keys `'<name>.<piece>':` in the files of its
 * `server/` folder, by key, with the folder. Text, not imports: codegen never loads server code.
 */
export const implementedServerKeys = (root: string): Map<string, string> => {
  const keys = new Map<string, string>();
  const folders = readdirSync(join(root, ENTITIES_DIR), { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('_'),
  );
  for (const { name } of folders) {
    const dir = join(root, serverDir(name));
    if (!existsSync(dir)) continue;
    const pattern = new RegExp(`['"](${name}\\.[a-z0-9-]+)['"]\\s*:`, 'g');
    for (const file of sourcesOf(dir)) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(pattern)) if (key) keys.set(key, name);
    }
  }
  return keys;
};

/** Every server key the descriptors name (hooks and action handlers), sorted. */
export const namedServerKeys = (models: EntityModel[]): string[] =>
  [
    ...new Set(
      models.flatMap((model) => [
        ...Object.values(model.serverHooks).filter((key): key is string => typeof key === 'string'),
        ...model.actions.map((action) => action.handler),
        ...queryExtrasOf(model).map((extra) => extra.hook),
      ]),
    ),
  ].sort();

/**
 * Checks that every implemented key is named by a descriptor (no dead piece) and that each folder implementing keys
 * has `server/overrides.ts` exporting `<name>Overrides`; then writes the registry the server's catalog serves: one
 * import per such folder, typed so that a named key without an implementation fails the type check.
 * `elsewhere` are keys implemented outside the entity folders (test-only entities), left out of the registry.
 */
export const serverOverridesModule = (
  root: string,
  models: EntityModel[],
  banner: string,
  elsewhere: readonly string[] = [],
): string => {
  const implemented = implementedServerKeys(root);
  const named = namedServerKeys(models).filter((key) => !elsewhere.includes(key));
  const problems: string[] = [];
  for (const [key, folder] of implemented) {
    if (!named.includes(key)) {
      problems.push(`${serverDir(folder)}: implements ${key}, which no descriptor names (name it or remove it)`);
    }
  }
  const folders = [...new Set(implemented.values())].sort();
  for (const folder of folders) {
    const file = join(root, overridesFile(folder));
    if (!existsSync(file) || !readFileSync(file, 'utf8').includes(`export const ${folder}Overrides`)) {
      problems.push(`${overridesFile(folder)}: export const ${folder}Overrides, every server piece of ${folder}`);
    }
  }
  if (problems.length > 0) throw new CodegenError(problems.join('\n'));
  const imports = folders.map(
    (folder) => `import { ${folder}Overrides } from '../entities/${folder}/server/overrides.js';`,
  );
  const union = named.length > 0 ? named.map((key) => `  | '${key}'`).join('\n') : '  never';
  return `${banner}import type { ServerOverride } from '../server/crud/overrides.js';
${imports.join('\n')}

/**
 * Every server key a descriptor names (\`serverHooks\`, \`api.actions[].handler\`). Each is implemented in the folder of
 * the entity its prefix names (${descriptorFileOf('<name>').replace('resource.json', 'server/')}); a named key without
 * one fails the type check here.
 */
export type ServerOverrideKey =
${union};

/** The bespoke server pieces by key, as the catalog serves them. */
export const serverOverrides: Record<ServerOverrideKey, ServerOverride> = {
${folders.map((folder) => `  ...${folder}Overrides,`).join('\n')}
};
`;
};
