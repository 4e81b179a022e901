import type { ConsoleFeature } from './define';

/**
 * The features among loaded modules (`import.meta.glob` over `features/*\/index.ts`), in the order of their paths.
 * A module must export `feature`; two pages may not share a path, nor take the first segment of an entity's route;
 * a sidebar slot is for pages in the layout, and a page without sign-in cannot require scopes.
 */
export const collectFeatures = (
  modules: Record<string, unknown>,
  reservedRoutes: readonly string[] = [],
): ConsoleFeature[] => {
  const features: ConsoleFeature[] = [];
  const owners = new Map<string, string>(reservedRoutes.map((route) => [route, `entity route "${route}"`]));
  const names = new Set<string>();
  for (const [file, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const feature = (module as { feature?: ConsoleFeature } | undefined)?.feature;
    if (!feature || typeof feature.name !== 'string' || !Array.isArray(feature.pages)) {
      throw new Error(`${file} does not export a console feature as "feature"`);
    }
    if (names.has(feature.name)) throw new Error(`Two console features are named "${feature.name}"`);
    names.add(feature.name);
    for (const page of feature.pages) {
      const head = page.path.split('/')[0] ?? page.path;
      const owner = owners.get(page.path) ?? (reservedRoutes.includes(head) ? owners.get(head) : undefined);
      if (owner) throw new Error(`Feature "${feature.name}" routes "${page.path}", which ${owner} already has`);
      owners.set(page.path, `feature "${feature.name}"`);
      if (page.sidebar && page.placement !== 'layout') {
        throw new Error(`Feature "${feature.name}": only a page in the layout has a sidebar entry ("${page.path}")`);
      }
      if (Boolean(page.component) === Boolean(page.tabs)) {
        throw new Error(`Feature "${feature.name}": a page has either a component or tabs ("${page.path}")`);
      }
      if (page.tabs && page.placement !== 'layout') {
        throw new Error(`Feature "${feature.name}": only a page in the layout has tabs ("${page.path}")`);
      }
      if (page.placement === 'public' && (page.scopes?.length ?? 0) > 0) {
        throw new Error(`Feature "${feature.name}": a page without sign-in cannot require scopes ("${page.path}")`);
      }
    }
    features.push(feature);
  }
  return features;
};
