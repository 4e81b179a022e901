/**
 * The kinds of entity a descriptor declares (`kind`), and what the log kind adds to a list. The descriptor
 * meta-schema's `$defs/entityKind` lists the same values (a unit test holds them equal); other parts of the platform
 * read the kind from here.
 */
export const entityKinds = ['collection', 'singleton', 'log', 'service', 'relation'] as const;
export type EntityKind = (typeof entityKinds)[number];

/** A time range on a timestamp field: items strictly after `from` and strictly before `to` (Unix milliseconds). */
export interface ListRange {
  field: string;
  from: string;
  to: string;
  /** When a request names neither bound, only the last hours are listed (Logto's recent hook logs: 24). */
  defaultWindowHours?: number;
  /** Bounds include the instants they name (Logto's `start_time`/`end_time` on `GET /api/logs`); default exclusive. */
  inclusive?: boolean;
}

/** Items whose `field` starts with the value of the query parameter `param`. */
export interface ListPrefix {
  field: string;
  param: string;
}

/** A log list's filters as the console's filter bar shows them, each with its label (a translation key). */
export interface LogFilterModel {
  ranges: (ListRange & { labelKey: string })[];
  prefixes: (ListPrefix & { labelKey: string })[];
  /** Exact-match filters; `options` are the field's enum values (a multi-select), empty for free text. */
  values: { field: string; param: string; multiple: boolean; options: string[]; labelKey: string }[];
}

/**
 * A log field holding another entity's id (`userId`), as the descriptor declares it (`nameLookups`): each entry of a
 * list or get answers the item's name in `as` (`userName`), the first filled one of `from` (a user's name, else
 * username, else primary email), read by primary key in the statement that reads the page. An item that does not
 * exist (deleted) names nothing: `as` is then absent and the console shows the id.
 */
export interface NameLookup {
  field: string;
  entity: string;
  from: string[];
  as: string;
  /**
   * Ids the tenant lacks are also looked up among the console's own users and applications (the admin tenant's):
   * the people and the app behind a management write made in the console.
   */
  consoleTenant?: boolean;
}

/** A name lookup with its storage: the log's column, and the named entity's table and name columns. */
export interface NameLookupModel extends NameLookup {
  column: string;
  table: string;
  fromColumns: string[];
}

/** Keyset paging of log lists: the query parameter that carries the position, and the header naming the next one. */
export const CURSOR_PARAM = 'cursor';
export const NEXT_CURSOR_HEADER = 'Next-Cursor';
/** Logto's opt-in for capped totals on log lists, the header that says the cap was reached, and the cap. */
export const ENABLE_CAP_PARAM = 'enableCap';
export const CAPPED_HEADER = 'Total-Number-Is-Capped';
export const COUNT_CAP = 10_000;
