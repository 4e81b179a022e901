/** How an entity's list route filters, excludes and summarizes its items. */
import type { ListPrefix, ListRange } from './entity-kinds.js';
import type { JSONSchema7 } from './json-schema.js';

/** A list filter as a descriptor writes it: a field name (the query parameter of the same name), or in full. */
export type ListFilterSpec = string | { field: string; param?: string; multiple?: boolean; caseInsensitive?: boolean };

/** Items whose `field` equals the query parameter `param`; with `multiple`, any of its values (`types=SPA&types=Native`). */
export interface ListFilter {
  field: string;
  param: string;
  multiple: boolean;
  /** The value matches whatever its letter case (Logto's invitee filter of invitations). */
  caseInsensitive?: boolean;
}

/**
 * Leaves out the items linked to the id given in `param` through a relation entity (Logto's `excludeRoleId` and the
 * like).
 */
export interface ListExclusion {
  param: string;
  relation: string;
}

/** An exclusion with the relation's table: `key` is its field for this entity, `by` the one for the id. */
export interface ListExclusionModel extends ListExclusion {
  table: string;
  key: string;
  by: string;
  column: string;
  byColumn: string;
}

/**
 * What each listed item says about its links through a relation entity, as Logto's role list does: how many there
 * are (`count`, e.g. `usersCount`) and the first few linked items with some of their fields (`featured`, e.g.
 * `featuredUsers` with id, avatar and name).
 */
export interface ListSummary {
  relation: string;
  /** The property counting the links; absent when only the linked items are listed. */
  count?: string;
  featured: string;
  fields: string[];
  /** `featured` lists every linked item instead of the first three. */
  all?: boolean;
  /** The item's own `GET` answer carries the summary too. */
  item?: boolean;
  /** The query parameter that asks a list for the summary (Logto's `showFeatured`); without it, always there. */
  when?: string;
  /** Each featured item carries a related item (by its field `foreignKey`) with some of its fields. */
  embed?: { property: string; target: string; foreignKey: string; fields: string[] };
}

/**
 * A summary with the relation's table (`key` its field for this entity, `by` the other one), its columns and the
 * entity on the other side.
 */
export interface ListSummaryModel extends ListSummary {
  table: string;
  key: string;
  by: string;
  column: string;
  byColumn: string;
  target: string;
}

/** How a list's search value matches the search fields. */
export type SearchMatch = 'pattern' | 'contains';

/** A list's search parameter and how it matches. */
export interface SearchQuery {
  param: string;
  match: SearchMatch;
}

/** The search parameter of a list as its descriptor names it, with the defaults filled in. */
export const searchQueryOf = (spec: { searchParam?: string; searchMatch?: SearchMatch } | undefined): SearchQuery => ({
  param: spec?.searchParam ?? 'search',
  match: spec?.searchMatch ?? 'pattern',
});

/**
 * A query flag that adds what the stored rows do not hold to each answered item (Logto's `includeExecutionStats`):
 * the server piece `hook` (kind afterRead) runs on the items when the flag is on, adding the property `adds`.
 */
export interface QueryExtra {
  param: string;
  hook: string;
  adds: string;
  /** The added property's schema, for the API document. */
  schema?: JSONSchema7;
}

export interface ListOperation {
  pagination: 'optional' | 'required';
  /** Query flags that add what a server piece computes to each listed item. */
  extras?: QueryExtra[];
  /** The search fields also take Logto's field search (`search.<field>`, `mode.<field>`, `isCaseSensitive`). */
  fieldSearch?: boolean;
  search?: string[];
  /** The query parameter carrying the search (default `search`), e.g. Logto's `q`. */
  searchParam?: string;
  /**
   * How its value matches: as an ILIKE pattern (`pattern`, the default: `%` and `_` are wildcards) or anywhere in a
   * field (`contains`: the value is wrapped in `%…%`, as Logto's `q`).
   */
  searchMatch?: SearchMatch;
  filters?: ListFilterSpec[];
  exclude?: ListExclusion[];
  summaries?: ListSummary[];
  /** The field the list is ordered by, ascending (then oldest first); newest first when not given. */
  orderBy?: string;
  /** Log lists only: time ranges and prefix filters. */
  ranges?: ListRange[];
  prefixes?: ListPrefix[];
}

/** The list filter of a descriptor entry, with its defaults filled in. */
export const listFilterOf = (spec: ListFilterSpec): ListFilter =>
  typeof spec === 'string'
    ? { field: spec, param: spec, multiple: false }
    : {
        field: spec.field,
        param: spec.param ?? spec.field,
        multiple: spec.multiple ?? false,
        ...(spec.caseInsensitive ? { caseInsensitive: true } : {}),
      };

/** Every query extra of an entity's list and item reads, each once. */
export const queryExtrasOf = (model: {
  operations: { list?: { extras?: QueryExtra[] }; get?: { extras?: QueryExtra[] } };
}): QueryExtra[] => {
  const all = [...(model.operations.list?.extras ?? []), ...(model.operations.get?.extras ?? [])];
  return all.filter((extra, index) => all.findIndex((other) => other.hook === extra.hook) === index);
};
