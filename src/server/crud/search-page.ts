import type { EntityModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import { type FieldSearch, functionOperator } from './field-search.js';
import { type Counting, countLimit, type Total } from './list-count.js';

const q = (name: string) => `"${name}"`;

/** A generated page function's call: its name and its arguments before the page size and offset. */
export interface SearchPageCall {
  name: string;
  args: unknown[];
  types: string[];
}

/**
 * The page function that serves a searched list of a row-level secured table, if one does: `<table>__search_page`
 * for `search=`, `<table>__search_fields_page` for a field search of a single LIKE or regular-expression match
 * (other field searches combine several matches, or test an exact value on the rows, and go through
 * `<table>__search_fields` instead).
 */
export const searchPageCall = (
  model: Pick<EntityModel, 'table' | 'columns' | 'fieldSearch'>,
  search: string | undefined,
  fieldSearch: FieldSearch | undefined,
): SearchPageCall | undefined => {
  const { table } = model;
  if (!fieldSearch) return search ? { name: `${table}__search_page`, args: [search], types: ['text'] } : undefined;
  const [match, ...more] = fieldSearch.matches;
  if (!match || more.length > 0 || match.mode === 'exact') return undefined;
  const operator = functionOperator(match.mode, fieldSearch.caseSensitive);
  if (!operator) return undefined;
  const columns = (match.field ? [match.field] : (model.fieldSearch ?? [])).map((field) => columnOf(model, field));
  return {
    name: `${table}__search_fields_page`,
    args: [match.values, columns, operator],
    types: ['text[]', 'text[]', 'text'],
  };
};

/**
 * One searched page through its page function: the page's ids and the number of all matches, counted as `counting`
 * asks (see `countLimit`), then the page's rows read by primary key, newest first. Past the end of the matches the
 * page is empty, and the function is asked again for the first match alone, which carries the total.
 */
export const searchedPage = async (
  db: Queryable,
  table: string,
  selectList: string,
  tenantId: string,
  call: SearchPageCall,
  { pageSize, offset }: { pageSize: number; offset: number },
  counting: Counting | undefined,
): Promise<{ rows: Record<string, unknown>[] } & Total> => {
  /** The function's call, its arguments numbered from `$first`. */
  const callAt = (first: number) => {
    const args = [...call.types, 'integer', 'integer', 'integer'].map((type, i) => `$${first + i}::${type}`);
    return `${q(call.name)}(${args.join(', ')})`;
  };
  const limit = countLimit(counting);
  const { rows } = await db.query(
    `WITH page AS MATERIALIZED (SELECT id, total, estimated FROM ${callAt(2)})
    SELECT ${selectList}, (SELECT max(total) FROM page)::int8 AS "__total",
      (SELECT bool_or(estimated) FROM page) AS "__estimated" FROM ${q(table)}
    WHERE tenant_id = $1 AND id = ANY(ARRAY(SELECT id FROM page)) ORDER BY created_at DESC, id DESC`,
    [tenantId, ...call.args, pageSize, offset, limit],
  );
  if (rows[0]) return { rows, total: Number(rows[0].__total), estimated: rows[0].__estimated === true };
  const first = await db.query<{ total: unknown; estimated: unknown }>(
    `SELECT total::int8, estimated FROM ${callAt(1)}`,
    [...call.args, 1, 0, limit],
  );
  return { rows: [], total: Number(first.rows[0]?.total ?? 0), estimated: first.rows[0]?.estimated === true };
};
