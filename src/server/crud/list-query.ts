import type { EntityModel, ListExclusionModel } from '../../shared/descriptor.js';
import { ROW_COUNTS_TABLE } from '../../shared/row-counts.js';
import type { Page } from '../http/pagination.js';
import { columnOf } from './columns.js';
import type { FieldSearch } from './field-search.js';
import { chooserFilter } from './fields.js';
import type { Counting } from './list-count.js';

const q = (name: string) => `"${name}"`;

/** What a list asks for: a page, a search, filters and exclusions. */
export interface ListQuery {
  page?: Page | undefined;
  /** An ILIKE pattern matched against the searchable columns (Logto's `search=%keyword%`). */
  search?: string | undefined;
  /** Logto's field search (`search.<field>`, modes, case sensitivity); replaces `search` when given. */
  fieldSearch?: FieldSearch | undefined;
  /** Exact matches on filterable fields: the field equals one of the values. */
  filters?: Record<string, string[]>;
  /** Items linked to `id` through the exclusion's join table are left out. */
  exclude?: { exclusion: ListExclusionModel; id: string }[];
  /** The summaries' query parameters given a truthy value (`showFeatured`): those summaries are added. */
  switches?: readonly string[];
  /** How a paged list counts its total (`Prefer: count=…`); exactly without it. */
  count?: Counting | undefined;
}

/** The conditions of a list's filters: each field equals one of its values (letter case aside, where declared). */
export const filterClause = (model: EntityModel, filters: ListQuery['filters'], params: unknown[]) =>
  Object.entries(filters ?? {})
    .map(([field, values]) => {
      // A field derived from a chosen branch filters the field that chooses it (or the record's own value of it).
      const chosen = chooserFilter(model, field, values);
      if (chosen) return chosenClause(model, chosen, values, params);
      params.push(values.length === 1 ? values[0] : values);
      const n = params.length;
      if (model.listFilters.some((filter) => filter.field === field && filter.caseInsensitive)) {
        const value = values.length === 1 ? `lower($${n})` : `ANY(SELECT lower(v) FROM unnest($${n}::text[]) v)`;
        return ` AND lower(${q(columnOf(model, field))}) = ${value}`;
      }
      return ` AND ${q(columnOf(model, field))} ${values.length === 1 ? '=' : '= ANY'}($${n})`;
    })
    .join('');

/** The condition of a filter on a derived field: the chosen branches, or the record's own value where it has one. */
const chosenClause = (
  model: EntityModel,
  chosen: NonNullable<ReturnType<typeof chooserFilter>>,
  asked: string[],
  params: unknown[],
) => {
  params.push(chosen.values);
  const branches = `${q(columnOf(model, chosen.field))} = ANY($${params.length})`;
  if (!chosen.own) return ` AND ${branches}`;
  params.push(chosen.own.key, asked);
  const own = `(${q(columnOf(model, chosen.own.field))} ->> $${params.length - 1})`;
  return ` AND (CASE WHEN coalesce(${own}, '') = '' THEN ${branches} ELSE ${own} = ANY($${params.length}) END)`;
};

/** The conditions of a list's exclusions: no row linked to the given item through the exclusion's join table. */
export const excludeClause = (model: EntityModel, exclude: ListQuery['exclude'], params: unknown[]) => {
  const table = q(model.table);
  return (exclude ?? [])
    .map(({ exclusion, id }) => {
      params.push(id);
      return ` AND NOT EXISTS (SELECT 1 FROM ${q(exclusion.table)} x WHERE x.tenant_id = ${table}.tenant_id AND x.${q(exclusion.column)} = ${table}.id AND x.${q(exclusion.byColumn)} = $${params.length})`;
    })
    .join('');
};

/**
 * A list's total read from the table's row counters (see `countRows`) rather than by counting its rows: the sum for
 * the tenant (`$1`), of the groups whose counted columns hold the filters' values.
 */
export const countedTotal = (
  model: EntityModel,
  filters: { column: string; values: string[] }[],
  params: unknown[],
): string => {
  params.push(model.table);
  let sql = `tenant_id = $1 AND table_name = $${params.length}`;
  for (const { column, values } of filters) {
    // Compared as the column's type, as the filter compares the rows (a boolean's `1` and `true` are equal).
    const type = model.columns.find((c) => c.column === column)?.sqlType ?? 'text';
    params.push(values);
    sql += ` AND (grp->>'${column}')::${type} = ANY($${params.length}::${type}[])`;
  }
  return `(SELECT coalesce(sum(n), 0) FROM ${ROW_COUNTS_TABLE} WHERE ${sql})`;
};
