import type { DbTable } from './db-schema.js';

/**
 * The generated search functions of a tenant table. Each matches as the table owner inside the transaction's tenant
 * (`gatehouse.tenant_id`), so the trigram indexes serve searches that row-level security would keep from them, and
 * plans its query on every call with the tenant and the pattern as values.
 */

const q = (name: string) => `"${name}"`;

export const searchFunctionName = (table: string) => `${table}__search`;
export const searchPageFunctionName = (table: string) => `${table}__search_page`;
export const searchFieldsFunctionName = (table: string) => `${table}__search_fields`;
export const searchFieldsPageFunctionName = (table: string) => `${table}__search_fields_page`;

/** The newest rows a page first looks through, per row it needs. */
const NEWEST_PER_ROW = 25;
/** Pages ending further than this go straight to collecting every match. */
const NEWEST_UP_TO = 200;

const grants = (signature: string, role: string) => [
  `REVOKE ALL ON FUNCTION ${signature} FROM PUBLIC;`,
  `GRANT EXECUTE ON FUNCTION ${signature} TO ${role};`,
];

/** Checks a field search's operator and columns, then sets `matching` to its condition on `$2` (the patterns). */
const fieldsMatching = (table: DbTable) => {
  const allowed = (table.searchColumns ?? []).map((column) => `'${column}'`).join(', ');
  return `  IF operator IS NULL OR operator NOT IN ('~~', '~~*', '~', '~*') THEN
    RAISE EXCEPTION 'unknown search operator %', operator USING ERRCODE = '22023';
  END IF;
  IF coalesce(cardinality(columns), 0) = 0 OR NOT columns <@ ARRAY[${allowed}] THEN
    RAISE EXCEPTION 'not a searched column: %', columns USING ERRCODE = '22023';
  END IF;
  SELECT '(' || string_agg(format('%I %s ANY($2)', c, operator), ' OR ') || ')' INTO matching FROM unnest(columns) c;`;
};

/** Indents every line of a block by `spaces`. */
const indented = (spaces: number, lines: string) =>
  lines
    .split('\n')
    .map((line) => `${' '.repeat(spaces)}${line}`)
    .join('\n');

/** The planner's estimate of a query's rows: see `planRowsFunctionSql`. */
export const PLAN_ROWS_FUNCTION = 'gatehouse_plan_rows';

/**
 * `gatehouse_plan_rows(query, tenant, pattern)`: the rows the planner expects from `query` ("Plan Rows" of its
 * `EXPLAIN (FORMAT JSON)`, planned with `$1` the tenant and `$2` the pattern or patterns as values), which reads none
 * of them. VOLATILE, as EXPLAIN must run in; the search page functions call it as the table owner, whose plans have
 * the columns' statistics (row-level security hides them from the tenant role for `ILIKE`, which is not leakproof).
 * Nobody else may call it.
 */
export const planRowsFunctionSql = () => [
  `CREATE OR REPLACE FUNCTION ${PLAN_ROWS_FUNCTION}(query text, tenant text, pattern anyelement) RETURNS bigint
  LANGUAGE plpgsql VOLATILE SET search_path = public AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan USING tenant, pattern;
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
END $$;`,
  `REVOKE ALL ON FUNCTION ${PLAN_ROWS_FUNCTION}(text, text, anyelement) FROM PUBLIC;`,
];

/** The planner's estimate of the matches into `estimate` (see `planRowsFunctionSql`). */
const estimateInto = (table: DbTable, pattern: string) =>
  `estimate := ${PLAN_ROWS_FUNCTION}('SELECT 1 FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching, tenant, ${pattern});`;

/**
 * The number of matches into `matches` (`$1` the tenant, `$2` what the condition `matching` compares with), as
 * `count_limit` asks when the table's page functions count on request (`DbTable.searchCounts`): every match (null),
 * the planner's estimate alone (0), or the matches up to `count_limit`, and when there are that many, the planner's
 * estimate instead (never fewer). `guessed` says the number is an estimate.
 */
const countBody = (table: DbTable, pattern: string) => {
  const all = `EXECUTE 'SELECT count(*) FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching
  INTO matches USING tenant, ${pattern};`;
  if (!table.searchCounts) return indented(6, all);
  return indented(
    6,
    `IF count_limit IS NULL THEN
${indented(2, all)}
ELSIF count_limit > 0 THEN
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching || ' LIMIT $3) s'
    INTO matches USING tenant, ${pattern}, count_limit;
END IF;
IF count_limit = 0 OR matches >= count_limit THEN
${indented(2, estimateInto(table, pattern))}
  matches := greatest(coalesce(matches, 0), estimate);
  guessed := true;
END IF;`,
  );
};

/**
 * One page of the matches' ids, newest first, each with the number of all matches (`$1` the tenant, `$2` what the
 * condition `matching` compares with). A page near the start is first looked for among the tenant's newest rows, in
 * the (tenant_id, created_at, id) index's order: a frequent term fills it after a few dozen rows, and its total is
 * then counted apart (see `countBody`), the matches neither sorted nor kept. Otherwise (a rare term, a far page)
 * every match's id and creation time are collected once, counted and sorted; the count is then exact, unless only
 * the planner's estimate was asked for.
 */
const pageBody = (table: DbTable, pattern: string) => {
  const counts = Boolean(table.searchCounts);
  const result = counts ? 'u.id, matches, guessed' : 'u.id, matches';
  const planned = counts
    ? `  IF count_limit = 0 THEN
${indented(4, estimateInto(table, pattern))}
  END IF;
`
    : '';
  const total = counts ? 'coalesce($5, m.total), $5 IS NOT NULL' : 'm.total';
  return `  wanted := page_offset + page_size;
  IF wanted <= ${NEWEST_UP_TO} THEN
    EXECUTE 'SELECT array_agg(w.id ORDER BY w.created_at DESC, w.id DESC) FROM (SELECT r.id, r.created_at
      FROM (SELECT id, created_at, ' || matching || ' AS hit FROM ${q(table.name)} WHERE tenant_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $3) r WHERE r.hit LIMIT $4) w'
      INTO newest USING tenant, ${pattern}, wanted * ${NEWEST_PER_ROW}, wanted;
    IF cardinality(newest) = wanted THEN
${countBody(table, pattern)}
      RETURN QUERY SELECT ${result} FROM unnest(newest[page_offset + 1:]) AS u(id);
      RETURN;
    END IF;
  END IF;
${planned}  RETURN QUERY EXECUTE 'SELECT m.id, ${total} FROM (SELECT id, created_at, count(*) OVER () AS total
    FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching || ') m
    ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4'
    USING tenant, ${pattern}, page_size, page_offset${counts ? ', estimate' : ''};`;
};

const pageDeclarations = (table: DbTable) => `  tenant text := current_setting('gatehouse.tenant_id', true);
  wanted integer;
  newest varchar[];
  matches bigint;${
    table.searchCounts
      ? `
  guessed boolean := false;
  estimate bigint;`
      : ''
  }`;

/** The page functions' last parameters, and what they return. */
const pageTail = (table: DbTable) =>
  table.searchCounts
    ? {
        parameters: 'page_size integer, page_offset integer, count_limit integer',
        types: 'integer, integer, integer',
        returns: 'TABLE (id varchar, total bigint, estimated boolean)',
      }
    : {
        parameters: 'page_size integer, page_offset integer',
        types: 'integer, integer',
        returns: 'TABLE (id varchar, total bigint)',
      };

/** `<table>__search_page(…)` with its argument types, when the table has one (to drop it by its signature). */
export const searchPageSignature = (table: DbTable) =>
  table.searchPaged ? `${q(searchPageFunctionName(table.name))}(text, ${pageTail(table).types})` : undefined;

/** `<table>__search_fields_page(…)` with its argument types, when the table has one. */
export const searchFieldsPageSignature = (table: DbTable) =>
  table.searchFields && table.searchPageNewestFirst
    ? `${q(searchFieldsPageFunctionName(table.name))}(text[], text[], text, ${pageTail(table).types})`
    : undefined;

/**
 * `<table>__search_page(pattern, page_size, page_offset[, count_limit])`: a page of `search=` (every searched
 * column, ILIKE).
 */
const searchPageFunctionSql = (table: DbTable, role: string) => {
  const name = q(searchPageFunctionName(table.name));
  const matching = (table.searchColumns ?? []).map((column) => `${q(column)} ILIKE $2`).join(' OR ');
  const tail = pageTail(table);
  return [
    `CREATE OR REPLACE FUNCTION ${name}(pattern text, ${tail.parameters})
  RETURNS ${tail.returns}
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS ${table.searchRows ?? 50} SET search_path = public AS $$
DECLARE
${pageDeclarations(table)}
  matching text := '(${matching})';
BEGIN
${pageBody(table, 'pattern')}
END $$;`,
    ...grants(`${name}(text, ${tail.types})`, role),
  ];
};

/**
 * `<table>__search_fields(patterns, columns, operator)`: the ids of the tenant's rows where one of `columns` (each
 * one of the searched columns) matches one of `patterns` with `operator` (`~~` LIKE, `~~*` ILIKE, `~` or `~*`
 * regular expressions), so the trigram indexes serve a field search (`search.<field>`) too; and
 * `<table>__search_fields_page(…, page_size, page_offset)`, a page of those rows as `<table>__search_page` gives.
 */
const searchFieldsFunctionSql = (table: DbTable, role: string) => {
  const name = q(searchFieldsFunctionName(table.name));
  const page = q(searchFieldsPageFunctionName(table.name));
  return [
    `CREATE OR REPLACE FUNCTION ${name}(patterns text[], columns text[], operator text) RETURNS SETOF varchar
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS ${table.searchRows ?? 50} SET search_path = public AS $$
DECLARE
  matching text;
BEGIN
${fieldsMatching(table)}
  RETURN QUERY EXECUTE 'SELECT id FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching
    USING current_setting('gatehouse.tenant_id', true), patterns;
END $$;`,
    ...grants(`${name}(text[], text[], text)`, role),
    ...(table.searchPageNewestFirst
      ? [
          `CREATE OR REPLACE FUNCTION ${page}(patterns text[], columns text[], operator text,
  ${pageTail(table).parameters}) RETURNS ${pageTail(table).returns}
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS ${table.searchRows ?? 50} SET search_path = public AS $$
DECLARE
${pageDeclarations(table)}
  matching text;
BEGIN
${fieldsMatching(table)}
${pageBody(table, 'patterns')}
END $$;`,
          ...grants(`${page}(text[], text[], text, ${pageTail(table).types})`, role),
        ]
      : []),
  ];
};

/** The table's search functions (see `DbTable.searchColumns` and the flags beside it). */
export const searchFunctionSql = (table: DbTable, role: string) => {
  const name = q(searchFunctionName(table.name));
  const select = `SELECT ${table.searchReturnsRows ? '*' : 'id'} FROM ${q(table.name)}`;
  const matching = (pattern: string) =>
    (table.searchColumns ?? []).map((column) => `${q(column)} ILIKE ${pattern}`).join(' OR ');
  const head = (language: string) =>
    `CREATE OR REPLACE FUNCTION ${name}(pattern text) RETURNS SETOF ${table.searchReturnsRows ? q(table.name) : 'varchar'}
  LANGUAGE ${language} STABLE SECURITY DEFINER${table.searchRows ? ` ROWS ${table.searchRows}` : ''} SET search_path = public AS $$`;
  const body = table.searchPlannedPerCall
    ? `${head('plpgsql')}
BEGIN
  RETURN QUERY EXECUTE '${select} WHERE tenant_id = $1 AND (${matching('$2')})'
    USING current_setting('gatehouse.tenant_id', true), pattern;
END $$;`
    : `${head('sql')}
    ${select} WHERE tenant_id = current_setting('gatehouse.tenant_id', true)
      AND (${matching('pattern')})
  $$;`;
  return [
    body,
    ...grants(`${name}(text)`, role),
    ...(table.searchPaged ? searchPageFunctionSql(table, role) : []),
    ...(table.searchFields ? searchFieldsFunctionSql(table, role) : []),
  ];
};
