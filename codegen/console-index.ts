import type { ConsoleEntry } from '../src/shared/console-entry.js';
import type { ConsoleResource } from '../src/shared/descriptor.js';
import { searchQueryOf } from '../src/shared/descriptor-lists.js';

/** Where each entity's whole console model is written, one module per entity, loaded with its pages. */
export const CONSOLE_MODELS_DIR = 'src/generated/console-models';
/** Where the compiled validators of each entity's console forms are written, loaded with its model. */
export const FORM_VALIDATORS_DIR = 'src/generated/form-validators';

/** The other entities an entity's model names (relation targets, pickers, listed entities, its parent). */
const usedEntities = (resource: ConsoleResource, names: ReadonlySet<string>): string[] => {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value !== resource.name && names.has(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(resource);
  return [...found].sort();
};

/** What the shell needs of an entity before its model loads: routes, sidebar, scopes, API path, search parameter. */
const entryOf = (resource: ConsoleResource, names: ReadonlySet<string>): ConsoleEntry => {
  const tabs = resource.detail?.tabs ?? [];
  const defaultTab = tabs.find((tab) => tab.default) ?? tabs[0];
  const entry: ConsoleEntry = {
    name: resource.name,
    kind: resource.kind,
    apiPath: resource.apiPath,
    ...(resource.parent ? { parent: resource.parent } : {}),
    idField: resource.idField,
    route: resource.route,
    titleKey: resource.titleKey,
    ...(resource.subtitleKey ? { subtitleKey: resource.subtitleKey } : {}),
    ...(resource.sidebar ? { sidebar: resource.sidebar } : {}),
    edition: resource.edition,
    requiredScopes: resource.requiredScopes,
    ...(resource.embedded ? { embedded: true as const } : {}),
    ...(resource.palette ? { palette: true as const } : {}),
    search: searchQueryOf(resource.operations.list),
    pages: {
      create: Boolean(resource.create),
      detail: Boolean(resource.detail),
      ...(defaultTab ? { defaultTab: defaultTab.key } : {}),
      viewTabs: tabs.flatMap((tab) => (tab.kind === 'view' ? [{ key: tab.key, view: tab.view }] : [])),
      listViews: (resource.list.views ?? []).slice(1).map((view) => view.key),
    },
    canDelete: Boolean(resource.operations.delete),
    uses: usedEntities(resource, names),
  };
  return entry;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The console's model in two parts: `console-index.ts`, in the first load, with one small entry per entity and a
 * loader of each whole model; and `console-models/<name>.ts`, one module per entity, loaded with the pages that show
 * it. A new entity adds one entry to the first load and nothing else.
 */
export const consoleModelFiles = (resources: readonly ConsoleResource[], banner: string): Map<string, string> => {
  const names = new Set(resources.map((resource) => resource.name));
  const files = new Map<string, string>();
  const loaders = resources.map(
    (resource) => `  ${json(resource.name)}: () => import('./console-models/${resource.name}'),`,
  );
  files.set(
    'src/generated/console-index.ts',
    `${banner}import type { ConsoleEntry, ConsoleModelModule } from '../shared/console-entry.js';\n\n` +
      `/** What the console's shell knows of each entity before its model loads. */\n` +
      `export const consoleEntries: ConsoleEntry[] = ${json(resources.map((resource) => entryOf(resource, names)))} as ConsoleEntry[];\n\n` +
      `/** Each entity's whole console model (columns, forms, tabs) and its forms' validators, loaded with its pages. */\n` +
      `export const consoleModels: Record<string, () => Promise<ConsoleModelModule>> = {\n${loaders.join('\n')}\n};\n`,
  );
  for (const resource of resources) {
    files.set(
      `${CONSOLE_MODELS_DIR}/${resource.name}.ts`,
      `${banner}import type { ConsoleResource } from '../../shared/descriptor.js';\n\n` +
        `/** The console's model of \`${resource.name}\`: no tables, columns or server hooks. */\n` +
        `export const model: ConsoleResource = ${json(resource)} as unknown as ConsoleResource;\n\n` +
        `/** The compiled validators of its forms. */\n` +
        `export { validators } from '../form-validators/${resource.name}.js';\n`,
    );
  }
  return files;
};
