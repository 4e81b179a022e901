import type { ComponentType, LazyExoticComponent } from 'react';
import type { SidebarGroup } from '../../shared/descriptor';

/**
 * Where a feature's page sits: `public` needs no sign-in (the sign-in callback, the first-run welcome),
 * `standalone` needs a signed-in user but has no console frame (the profile, opened in a tab of its own), `layout`
 * is a console page inside the top bar and sidebar.
 */
export type FeaturePlacement = 'public' | 'standalone' | 'layout';

/** An entry in the sidebar, as a descriptor's `sidebar` declares one for an entity. */
export interface SidebarSlot {
  group: SidebarGroup;
  /** Position within the group; entities and features are ordered together. */
  order: number;
  titleKey: string;
  /** An icon of `@ant-design/icons`, imported (`icon: TeamOutlined`); a descriptor names one (`"TeamOutlined"`). */
  icon: ComponentType;
}

/**
 * A page whose tabs are entities' lists (the organization template: its roles and its permissions). Each entity's
 * console route is the page's path and the tab's key (`organization-template/organization-roles`); the page opens
 * its first tab, and each list shows the page's title above the tabs.
 */
export interface FeatureTabs {
  titleKey: string;
  subtitleKey?: string;
  /** The entities, in tab order; each tab is titled by its entity's title. */
  resources: readonly string[];
}

export interface FeaturePage {
  /** The route below `/console`, without a leading slash; `:name` segments are parameters (`reports/:id`). */
  path: string;
  placement: FeaturePlacement;
  /**
   * The page, loaded when it is first shown (`lazyPage(() => import('./Page').then((m) => m.Page))`, whose code a
   * hovered link fetches ahead; `lazy` works too); a page of `tabs` has none.
   */
  component?: LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };
  /** Only for `layout` pages without a component: the entities listed as the page's tabs. */
  tabs?: FeatureTabs;
  /** Scopes the caller must all hold to see the page and its sidebar entry; none for any signed-in user. */
  scopes?: readonly string[];
  /** Only for `layout` pages. */
  sidebar?: SidebarSlot;
  /**
   * The entity whose generated pages this bespoke page takes the place of (a singleton's settings screen written by
   * hand): the entity keeps its data path but gets no generated route or sidebar entry, and its route is free.
   */
  replaces?: string;
  /**
   * Entities whose whole console models the page reads (forms, columns, tabs), loaded before it renders together
   * with the entities they name; the entity it `replaces` is one of them. The page's modules may read them as they
   * load.
   */
  models?: readonly string[];
}

/** A console feature: a folder `src/console/features/<name>/` whose `index.ts` exports `feature`. */
export interface ConsoleFeature {
  name: string;
  /** The one edition whose console has the feature (the cloud's tenant settings); unset, both have it. */
  edition?: 'cloud' | 'oss';
  /**
   * Entities whose models every page of the feature reads, loaded before any of them renders (a page reached by a
   * link to one of its tabs needs them as much as the page the sidebar opens); a page adds its own in `models`.
   */
  models?: readonly string[];
  pages: readonly FeaturePage[];
}

/** Declares a feature; the identity function keeps the literal types (paths) for link builders. */
export const defineFeature = <const F extends ConsoleFeature>(feature: F): F => feature;

type ParamsOf<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<Rest>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** The arguments of a link builder: none for a path without parameters, else one value per parameter. */
export type LinkArgs<P extends string> = [ParamsOf<P>] extends [never] ? [] : [Record<ParamsOf<P>, string | number>];

/**
 * A typed link builder for a page path: `linkTo('profile')()` is `/profile`, `linkTo('reports/:id')({ id: 7 })` is
 * `/reports/7`; a missing or unknown parameter does not compile.
 */
export const linkTo =
  <P extends string>(path: P) =>
  (...args: LinkArgs<P>): string => {
    const params = (args[0] ?? {}) as Record<string, string | number>;
    return `/${path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
  };
