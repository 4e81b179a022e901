import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf, ENTITIES_DIR, pascalCase } from './names.js';

/** Where an entity's bespoke console pieces live. */
const consoleDir = (name: string) => `${ENTITIES_DIR}/${name}/console`;

/** A piece's kinds and the ending each gives its file and component (`card` → `PasswordCard`). */
const kinds = { card: 'Card', tab: 'Tab' } as const;
/** The page of one item of a view tab (`<route>/:id/<tab>/:itemId`), beside the tab. */
const ITEM_SUFFIX = 'Item';

/**
 * The component a console key names, by convention: `user.card.password` is `PasswordCard`, exported by
 * `src/entities/user/console/PasswordCard.tsx`; `hook.tab.recent-requests` is `RecentRequestsTab`. Undefined for a
 * key of another shape.
 */
export const consolePieceOf = (key: string): { folder: string; component: string } | undefined => {
  const [folder, kind, piece, ...rest] = key.split('.');
  if (!folder || !piece || rest.length > 0 || !(kind === 'card' || kind === 'tab')) return undefined;
  return { folder, component: `${pascalCase(piece)}${kinds[kind]}` };
};

/** Every console key the descriptors name (the view tabs and the cards of form tabs), sorted, with its first namer. */
const namedConsoleKeys = (models: EntityModel[]): Map<string, string> => {
  const named = new Map<string, string>();
  for (const model of models) {
    for (const tab of model.detail?.tabs ?? []) {
      const keys = tab.kind === 'view' ? [tab.view] : tab.kind === 'form' ? tab.cards : [];
      for (const key of keys) if (!named.has(key)) named.set(key, model.name);
    }
  }
  return new Map([...named].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
};

const piecesIn = (root: string, folder: string): string[] => {
  const dir = join(root, consoleDir(folder));
  return existsSync(dir) ? readdirSync(dir).filter((file) => /(Card|Tab|TabItem)\.tsx$/.test(file)) : [];
};

/**
 * Checks that every console key a descriptor names has its file (`<Piece>Card.tsx` / `<Piece>Tab.tsx` in the entity
 * folder its prefix names) and that every such file is named by a descriptor; then writes the loaders: one lazy
 * import per key, each its own chunk, and the item pages of the view tabs that have one (`<Piece>TabItem.tsx`).
 */
export const consoleOverridesModule = (root: string, models: EntityModel[], banner: string): string => {
  const named = namedConsoleKeys(models);
  const problems: string[] = [];
  const expected = new Set<string>();
  for (const [key, namer] of named) {
    const piece = consolePieceOf(key);
    const source = descriptorFileOf(namer);
    if (!piece) {
      problems.push(`${source}: console key "${key}" is not <entity>.card.<piece> or <entity>.tab.<piece>`);
      continue;
    }
    const file = `${consoleDir(piece.folder)}/${piece.component}.tsx`;
    expected.add(file);
    expected.add(`${consoleDir(piece.folder)}/${piece.component}${ITEM_SUFFIX}.tsx`);
    if (!existsSync(join(root, file))) {
      problems.push(`${source}: unknown key "${key}" (write ${file}, exporting ${piece.component})`);
    }
  }
  const folders = readdirSync(join(root, ENTITIES_DIR), { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('_'),
  );
  for (const { name } of folders) {
    for (const file of piecesIn(root, name)) {
      const path = `${consoleDir(name)}/${file}`;
      if (!expected.has(path)) problems.push(`${path}: no descriptor names this piece (name it or remove it)`);
    }
  }
  if (problems.length > 0) throw new CodegenError(problems.join('\n'));

  const entries = [...named.keys()].flatMap((key) => {
    const piece = consolePieceOf(key);
    return piece ? [{ key, ...piece }] : [];
  });
  const loader = ({ key, folder, component }: (typeof entries)[number]) =>
    `  '${key}': () => import('../entities/${folder}/console/${component}').then((m) => m.${component}),`;
  const itemPages = entries.filter(({ folder, component }) =>
    existsSync(join(root, consoleDir(folder), `${component}${ITEM_SUFFIX}.tsx`)),
  );
  const page = ({ key, folder, component }: (typeof entries)[number]) => {
    const name = `${component}${ITEM_SUFFIX}`;
    return `  '${key}': lazy(() => import('../entities/${folder}/console/${name}').then((m) => ({ default: m.${name} }))),`;
  };
  const union = entries.length > 0 ? entries.map(({ key }) => `  | '${key}'`).join('\n') : '  never';
  return `${banner}import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { OverridePageProps, OverrideProps } from '../console/generic/override-types';

/** Every console key a descriptor names (view tabs, cards of settings tabs). */
export type ConsoleOverrideKey =
${union};

/** Loads one piece's component; each import is its own chunk, fetched the first time the piece is shown. */
export type OverrideLoader = () => Promise<ComponentType<OverrideProps>>;

/** The bespoke console pieces by key, from the entity folders (\`src/entities/<name>/console/<Piece>Card.tsx\`). */
export const overrideLoaders: Record<ConsoleOverrideKey, OverrideLoader> = {
${entries.map(loader).join('\n')}
};

/** The item pages of view tabs (\`<Piece>TabItem.tsx\`): such a tab also gets the route \`<route>/:id/<tab>/:itemId\`. */
export const overridePages: Partial<Record<ConsoleOverrideKey, LazyExoticComponent<ComponentType<OverridePageProps>>>> = {
${itemPages.map(page).join('\n')}
};
`;
};
