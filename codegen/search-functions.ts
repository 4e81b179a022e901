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

/**
 * One page of the matches' ids, newest first, each with the number of all matches (`$1` the tenant, `$2` what the
 * condition `matching` compares with). A page near the start is first looked for among the tenant's newest rows, in
 * the (tenant_id, created_at, id) index's order: a frequent term fills it after a few dozen rows, and its total is
 * then a plain count of the matches, neither sorted nor kept. Otherwise (a rare term, a far page) every match's id
 * and creation time are collected once, counted and sorted.
 */
const pageBody = (table: DbTable, pattern: string) => `  wanted := page_offset + page_size;
  IF wanted <= ${NEWEST_UP_TO} THEN
    EXECUTE 'SELECT array_agg(w.id ORDER BY w.created_at DESC, w.id DESC) FROM (SELECT r.id, r.created_at
      FROM (SELECT id, created_at, ' || matching || ' AS hit FROM ${q(table.name)} WHERE tenant_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $3) r WHERE r.hit LIMIT $4) w'
      INTO newest USING tenant, ${pattern}, wanted * ${NEWEST_PER_ROW}, wanted;
    IF cardinality(newest) = wanted THEN
      EXECUTE 'SELECT count(*) FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching
        INTO matches USING tenant, ${pattern};
      RETURN QUERY SELECT u.id, matches FROM unnest(newest[page_offset + 1:]) AS u(id);
      RETURN;
    END IF;
  END IF;
  RETURN QUERY EXECUTE 'SELECT m.id, m.total FROM (SELECT id, created_at, count(*) OVER () AS total
    FROM ${q(table.name)} WHERE tenant_id = $1 AND ' || matching || ') m
    ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4'
    USING tenant, ${pattern}, page_size, page_offset;`;

const pageDeclarations = `  tenant text := current_setting('gatehouse.tenant_id', true);
  wanted integer;
  newest varchar[];
  matches bigint;`;

/** `<table>__search_page(pattern, page_size, page_offset)`: a page of `search=` (every searched column, ILIKE). */
const searchPageFunctionSql = (table: DbTable, role: string) => {
  const name = q(searchPageFunctionName(table.name));
  const matching = (table.searchColumns ?? []).map((column) => `${q(column)} ILIKE $2`).join(' OR ');
  return [
    `CREATE OR REPLACE FUNCTION ${name}(pattern text, page_size integer, page_offset integer)
  RETURNS TABLE (id varchar, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS ${table.searchRows ?? 50} SET search_path = public AS $$
DECLARE
${pageDeclarations}
  matching text := '(${matching})';
BEGIN
${pageBody(table, 'pattern')}
END $$;`,
    ...grants(`${name}(text, integer, integer)`, role),
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
          `CREATE OR REPLACE FUNCTION ${page}(patterns text[], columns text[], operator text, page_size integer,
  page_offset integer) RETURNS TABLE (id varchar, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS ${table.searchRows ?? 50} SET search_path = public AS $$
DECLARE
${pageDeclarations}
  matching text;
BEGIN
${fieldsMatching(table)}
${pageBody(table, 'patterns')}
END $$;`,
          ...grants(`${page}(text[], text[], text, integer, integer)`, role),
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
