import type { ComponentType } from 'react';
import { descriptorIcons } from '../../generated/icons';
import type { ConsoleEntry } from '../../shared/console-entry';
import type { SidebarGroup } from '../../shared/descriptor';
import type { ConsoleFeature, SidebarSlot } from './define';

/** One sidebar entry, of an entity or a feature page, with the scopes it needs to be shown. */
export interface SidebarEntry extends Omit<SidebarSlot, 'icon'> {
  /** A feature's icon, or the one codegen imported for the descriptor's icon name (checked by codegen). */
  icon: ComponentType | undefined;
  key: string;
  /** The console route it opens (below `/console`). */
  route: string;
  scopes: readonly string[];
}

export interface SidebarSectionView {
  group: SidebarGroup;
  items: SidebarEntry[];
}

/** The sidebar entries of entities (read scopes) and of feature pages in the layout (their scopes). */
export const sidebarEntriesOf = (
  resources: readonly ConsoleEntry[],
  features: readonly ConsoleFeature[],
): SidebarEntry[] => [
  ...resources.flatMap((resource) =>
    resource.sidebar
      ? [
          {
            ...resource.sidebar,
            icon: descriptorIcons[resource.sidebar.icon],
            key: `entity:${resource.name}`,
            route: resource.route,
            scopes: resource.requiredScopes.read,
          },
        ]
      : [],
  ),
  ...features.flatMap((feature) =>
    feature.pages.flatMap((page) =>
      page.sidebar && page.placement === 'layout'
        ? [
            {
              ...page.sidebar,
              key: `feature:${feature.name}:${page.path}`,
              route: page.path,
              scopes: page.scopes ?? [],
            },
          ]
        : [],
    ),
  ),
];

/** The sections the caller sees: groups in the given order, entries by `order`, only those `allows` grants. */
export const sidebarSectionsFor = (
  groups: readonly SidebarGroup[],
  entries: readonly SidebarEntry[],
  allows: (scopes: readonly string[]) => boolean,
): SidebarSectionView[] =>
  groups
    .map((group) => ({
      group,
      items: entries.filter((entry) => entry.group === group && allows(entry.scopes)).sort((a, b) => a.order - b.order),
    }))
    .filter((section) => section.items.length > 0);
