/** The database as the schemas describe it. Migrations are the difference between two of these. */
export interface DbColumn {
  name: string;
  type: string;
  nullable: boolean;
  default?: string;
}
export interface DbForeignKey {
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}
export interface DbIndex {
  name: string;
  columns: string[];
  unique: boolean;
  /** Columns indexed as `lower(column)`: a unique index then treats letter case as equal. */
  lowerColumns?: string[];
  /** Columns indexed with `text_pattern_ops`, so `LIKE 'prefix%'` reads only the matching range in any collation. */
  patternColumns?: string[];
  /**
   * `trigram` makes `ILIKE '%keyword%'` searches use the index: a GIN index whose last column is indexed with
   * `gin_trgm_ops`; the columns before it (the tenant) with `btree_gin`'s equality, so a search reads and rechecks only
   * its own tenant's rows.
   */
  method: 'btree' | 'trigram';
  /**
   * `false` (trigram indexes): every write updates the GIN index itself instead of queueing in its pending list. A
   * pending list is read in full by every search and makes the planner prefer reading the whole table, until a
   * vacuum merges it, and PGlite has no autovacuum; an admin API writes rarely, so searches come first.
   */
  fastUpdate?: boolean;
}
export interface DbTable {
  name: string;
  /** Row-level security: the tenant role sees and writes only the rows of its transaction's tenant. */
  rls?: boolean;
  /**
   * Columns searched through `<table>__search(pattern)`: a function that matches as the table owner inside the
   * transaction's tenant, so the trigram indexes serve searches that row-level security would otherwise keep from
   * them (`ILIKE` is not leakproof, so PostgreSQL may not use it in an index scan under a policy).
   */
  searchColumns?: string[];
  /**
   * The rows the planner expects from the search function (its `ROWS`). Left at PostgreSQL's default of 1000, the
   * planner joins the matches to the whole table with a sequential scan; a selective estimate lets it look each
   * match up by primary key instead.
   */
  searchRows?: number;
  /**
   * The search function returns whole rows (`SETOF <table>`) rather than ids, so a list counts and sorts the matches
   * and keeps the page without looking every match up again by primary key.
   */
  searchReturnsRows?: boolean;
  /**
   * The search function plans its query on every call with the tenant and the pattern as values (PL/pgSQL `EXECUTE
   * … USING`), so the planner weighs this pattern in this tenant: a selective one goes through the trigram indexes,
   * a short or common one may read the tenant's rows instead. A plain SQL function is planned once per call too,
   * but generically, with the pattern unknown and the tenant an expression the trigram index cannot look up.
   */
  searchPlannedPerCall?: boolean;
  /**
   * A second function, `<table>__search_page(pattern, page_size, page_offset)`, returns one page's ids of the
   * matches and their number, so a searched page collects and sorts only ids and creation times of the matches
   * (not whole rows) and reads the page's rows by primary key.
   */
  searchPaged?: boolean;
  /**
   * A third function, `<table>__search_fields(patterns, columns, operator)`, returns the ids of the rows where some
   * of the searched columns match (LIKE, ILIKE or a regular expression), so a field search (`search.<field>`) goes
   * through the trigram indexes as well.
   */
  searchFields?: boolean;
  /**
   * The page functions (`<table>__search_page`, `<table>__search_fields_page`) look for a page near the start among
   * the tenant's newest rows first, and count the matches apart, so a frequent term's page is neither collected nor
   * sorted in full (see codegen/search-functions.ts).
   */
  searchPageNewestFirst?: boolean;
  /**
   * The page functions count as asked (`Prefer: count=…`): a last parameter, `count_limit`, asks for every match
   * (null), the planner's estimate alone (0) or the matches up to a limit with the estimate above it, and each row
   * answers whether its total is an estimate (see codegen/search-functions.ts).
   */
  searchCounts?: boolean;
  /**
   * Triggers keep the number of rows per tenant in `gatehouse_row_counts`, in the writing transaction, so an
   * unfiltered list reads its exact total from a few counter rows instead of counting the tenant's rows.
   */
  countRows?: boolean;
  /** Counted per combination of these columns' values as well (see `EntityModel.countBy`). */
  countBy?: string[];
  columns: DbColumn[];
  primaryKey: string[];
  foreignKeys: DbForeignKey[];
  indexes: DbIndex[];
}
export interface DbModel {
  extensions: string[];
  /** The database role tenant transactions switch to; row-level security policies apply to it. */
  tenantRole?: string;
  /** The row counters have a group (`grp`) per combination of counted values (`DbTable.countBy`). */
  countGroups?: boolean;
  tables: DbTable[];
}
