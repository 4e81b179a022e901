import type { ConsoleEntry } from '../../shared/console-entry';
import type { ConsoleFeature, FeatureTabs } from './define';

/** A page of tabs with its path, and the entities of its tabs resolved. */
export interface TabsPage extends FeatureTabs {
  path: string;
  members: ConsoleEntry[];
}

/**
 * The pages of tabs among the features, each entity found and routed below the page (`<path>/<tab>`); an unknown
 * entity, one routed elsewhere or one on two pages is refused when the console starts.
 */
export const tabsPagesOf = (features: readonly ConsoleFeature[], resources: readonly ConsoleEntry[]): TabsPage[] => {
  const claimed = new Set<string>();
  return features.flatMap((feature) =>
    feature.pages.flatMap((page) => {
      if (!page.tabs) return [];
      const members = page.tabs.resources.map((name) => {
        const resource = resources.find((item) => item.name === name);
        if (!resource) throw new Error(`Feature "${feature.name}": "${page.path}" lists unknown entity "${name}"`);
        const tab = resource.route.slice(page.path.length + 1);
        if (!resource.route.startsWith(`${page.path}/`) || tab.includes('/')) {
          throw new Error(
            `Feature "${feature.name}": ${name} is routed at "${resource.route}", not below "${page.path}"`,
          );
        }
        if (claimed.has(name)) throw new Error(`Entity "${name}" is a tab of two pages`);
        claimed.add(name);
        return resource;
      });
      return [{ ...page.tabs, path: page.path, members }];
    }),
  );
};

/** The page of tabs an entity's list belongs to, if any. */
export const tabsPageOf = (pages: readonly TabsPage[], resource: string): TabsPage | undefined =>
  pages.find((page) => page.members.some((member) => member.name === resource));
