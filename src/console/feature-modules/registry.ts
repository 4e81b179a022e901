import { routedResources } from '../registry';
import { consoleEdition } from '../tenancy/edition';
import type { ConsoleFeature } from './define';
import { collectFeatures } from './discover';
import { sidebarEntriesOf } from './navigation';
import { tabsPagesOf } from './tabs';

const modules = import.meta.glob('../features/*/index.ts', { eager: true });

/** The entities whose generated pages a feature page replaces (read before the features are checked). */
export const replacedEntities = (loaded: Record<string, unknown>): Set<string> =>
  new Set(
    Object.values(loaded).flatMap(
      (module) =>
        (module as { feature?: ConsoleFeature } | undefined)?.feature?.pages?.flatMap((page) =>
          page.replaces ? [page.replaces] : [],
        ) ?? [],
    ),
  );

const replaced = replacedEntities(modules);
for (const name of replaced) {
  if (!routedResources.some((resource) => resource.name === name)) {
    throw new Error(`A console feature replaces the pages of unknown entity "${name}"`);
  }
}

/** Entities with generated pages: the routed ones no feature page replaces. */
export const pagedResources = routedResources.filter((resource) => !replaced.has(resource.name));

/** Every feature folder of the console (`src/console/features/<name>/index.ts`), found at build time, of this edition. */
export const consoleFeatures = collectFeatures(
  modules,
  pagedResources.map((resource) => resource.route),
).filter((feature) => feature.edition === undefined || feature.edition === consoleEdition());

/** The sidebar's entries before access is decided: entities with a sidebar slot and feature pages with one. */
export const sidebarEntries = sidebarEntriesOf(pagedResources, consoleFeatures);

/** Feature pages whose tabs are entities' lists. */
export const tabsPages = tabsPagesOf(consoleFeatures, pagedResources);
