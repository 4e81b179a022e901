import type { EntityModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import { type FieldSearch, functionOperator } from './field-search.js';

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
 * One searched page through its page function: the page's ids and the number of all matches, then the page's rows
 * read by primary key, newest first. Empty past the end of the matches.
 */
export const searchedPage = async (
  db: Queryable,
  table: string,
  selectList: string,
  tenantId: string,
  call: SearchPageCall,
  { pageSize, offset }: { pageSize: number; offset: number },
): Promise<{ rows: Record<string, unknown>[]; total: number } | undefined> => {
  const args = call.types.map((type, i) => `$${i + 2}::${type}`);
  const n = call.args.length + 2;
  const { rows } = await db.query(
    `WITH page AS MATERIALIZED (SELECT id, total FROM ${q(call.name)}(${args.join(', ')}, $${n}, $${n + 1}))
    SELECT ${selectList}, (SELECT max(total) FROM page)::int8 AS "__total" FROM ${q(table)}
    WHERE tenant_id = $1 AND id = ANY(ARRAY(SELECT id FROM page)) ORDER BY created_at DESC, id DESC`,
    [tenantId, ...call.args, pageSize, offset],
  );
  return rows[0] ? { rows, total: Number(rows[0].__total) } : undefined;
};
