import { routedResources } from '../registry';
import { collectFeatures } from './discover';
import { sidebarEntriesOf } from './navigation';
import { tabsPagesOf } from './tabs';

/** Every feature folder of the console (`src/console/features/<name>/index.ts`), found at build time. */
export const consoleFeatures = collectFeatures(
  import.meta.glob('../features/*/index.ts', { eager: true }),
  routedResources.map((resource) => resource.route),
);

/** The sidebar's entries before access is decided: entities with a sidebar slot and feature pages with one. */
export const sidebarEntries = sidebarEntriesOf(routedResources, consoleFeatures);

/** Feature pages whose tabs are entities' lists. */
export const tabsPages = tabsPagesOf(consoleFeatures, routedResources);
