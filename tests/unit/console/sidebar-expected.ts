import type { SidebarEntry } from '../../../src/console/feature-modules/navigation';
import { i18n } from '../../../src/console/i18n';
import { sidebarGroups } from '../../../src/console/registry';

/**
 * The sidebar's labels, in its order (group, then `order`), of the entries whose every scope is in `granted`. Read
 * off the entries the registry compiles, so an entity or a feature added with a sidebar slot needs no edit to the
 * tests that check who sees which entry.
 */
export const sidebarLabelsFor = (entries: readonly SidebarEntry[], granted: readonly string[]): string[] =>
  sidebarGroups.flatMap((group) =>
    entries
      .filter((entry) => entry.group === group && entry.scopes.every((scope) => granted.includes(scope)))
      .sort((a, b) => a.order - b.order)
      .map((entry) => i18n.t(entry.titleKey)),
  );
