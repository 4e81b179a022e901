import type { ConsoleResource } from './descriptor.js';
import type { SearchQuery } from './descriptor-lists.js';

/**
 * What the console's shell knows of an entity before its whole model loads (`src/generated/console-index.ts`): its
 * routes, sidebar slot, scopes, API path and search parameter, which pages it has, and the entities its model names.
 */
export type ConsoleEntry = Pick<
  ConsoleResource,
  | 'name'
  | 'kind'
  | 'apiPath'
  | 'parent'
  | 'idField'
  | 'route'
  | 'titleKey'
  | 'subtitleKey'
  | 'sidebar'
  | 'edition'
  | 'requiredScopes'
  | 'embedded'
  | 'palette'
> & {
  search: SearchQuery;
  pages: {
    create: boolean;
    detail: boolean;
    /** The detail tab an item opens on. */
    defaultTab?: string;
    /** Tabs drawn by a console override, whose items may have pages of their own. */
    viewTabs: { key: string; view: string }[];
    /** The list's views after the first, each a list page at `<route>/<key>`. */
    listViews: string[];
  };
  canDelete: boolean;
  /** The entities the model names (relation targets, pickers, listed entities): loaded with it. */
  uses: string[];
};

/** What a generated console model module holds: the entity's whole model and its forms' compiled validators. */
export interface ConsoleModelModule {
  model: ConsoleResource;
  validators: Record<string, unknown>;
}
