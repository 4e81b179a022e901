import type { ConsoleEntry } from '../shared/console-entry';
import type { ConsoleResource, DetailTab, LinkedRelation, RecordCondition, SidebarGroup } from '../shared/descriptor';
import { textNamespaceOf } from '../shared/text-keys';
import { allEntries } from './models/store';

export {
  allEntries,
  findEntry,
  findResource,
  loadAllModels,
  loadModels,
  modelsLoaded,
  requireEntry,
  requireResource,
} from './models/store';

/** Sidebar groups in spec order; the sidebar shows a group when it has an entry the caller may open. */
export const sidebarGroups: readonly SidebarGroup[] = [
  'overview',
  'authentication',
  'authorization',
  'users',
  'developer',
  'tenant',
];

/** Entities with pages of their own: not children (listed under their parent) nor embedded in other entities' tabs. */
export const routedResources = allEntries.filter(
  // A singleton without form tabs (a descriptor with no console section) has nothing to show.
  (entry) => !entry.parent && !entry.embedded && !(entry.kind === 'singleton' && !entry.pages.detail),
);

/** Refine resource name → API path, for the data provider. */
export const apiPaths: Record<string, string> = Object.fromEntries(
  allEntries.map((entry) => [entry.name, entry.apiPath]),
);

export const defaultTab = (resource: ConsoleResource): DetailTab | undefined =>
  resource.detail?.tabs.find((tab) => tab.default) ?? resource.detail?.tabs[0];

/** The i18n namespace of an entity's texts, taken from its title key (`webhooks.title` → `webhooks`). */
export const textNamespace = (resource: ConsoleResource | ConsoleEntry): string => textNamespaceOf(resource);

export const readPath = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => {
    if (value === null || typeof value !== 'object') return undefined;
    return (value as Record<string, unknown>)[key];
  }, record);

/** Whether a tab or section with this `when` is shown for the record (always, without a condition). */
export const isShownFor = (record: unknown, when: RecordCondition | undefined): boolean =>
  !when || when.in.some((value) => value === readPath(record, when.field));

export const detailPath = (resource: ConsoleResource | ConsoleEntry, id: string | number, tab?: string): string =>
  `/${resource.route}/${encodeURIComponent(String(id))}${tab ? `/${tab}` : ''}`;

/**
 * What a record is called: its title field, else the first filled of the detail's `titleFallback` (or, without a
 * detail page, its first list column), else its id.
 */
export const recordTitle = (resource: ConsoleResource | undefined, record: unknown): string => {
  // An entity without a detail page (an invitation) is called by its first list column when it has no name.
  const firstColumn = resource?.detail ? [] : (resource?.list.columns.slice(0, 1).map((column) => column.field) ?? []);
  const fields = [resource?.detail?.titleField ?? 'name', ...(resource?.detail?.titleFallback ?? []), ...firstColumn];
  const value = fields.map((field) => readPath(record, field)).find((v) => v !== undefined && v !== null && v !== '');
  return String(value ?? readPath(record, 'id') ?? '');
};

/** The API path of a relation's links below an item (`/organization-roles/{id}/resource-scopes`), as codegen wrote it. */
export const linkApiPath = (relation: { name: string; apiPath?: string }): string => {
  if (!relation.apiPath) throw new Error(`The relation "${relation.name}" has no API path in the console's model`);
  return relation.apiPath;
};

/** How a relation's linked list is searched: its own parameter, else the API's default `search` pattern. */
export const linkSearch = (relation: LinkedRelation) =>
  relation.search ?? { param: 'search', match: 'pattern' as const };
