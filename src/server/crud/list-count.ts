import type { CountMode } from '../../shared/list-counts.js';
import type { Queryable } from '../db/database.js';

/** How a list counts its total (`Prefer: count=…`); without it, exactly. */
export interface Counting {
  mode: CountMode;
  /** `estimated`: the rows counted exactly before the planner's estimate is taken instead. */
  threshold: number;
}

/** A list's total, and whether it is the planner's estimate rather than a count. */
export interface Total {
  total: number;
  estimated: boolean;
}

/** A page of a list (or all of it) with its total. */
export type Counted<T> = { items: T[] } & Total;

/** The rows a total counts: a statement's `FROM … WHERE …`, with the parameters it names. */
export interface CountSource {
  rows: string;
  params: unknown[];
}

/** What a generated search page function is told to count: all (null), nothing but the plan (0), or up to n rows. */
export const countLimit = (counting: Counting | undefined): number | null =>
  counting?.mode === 'planned' ? 0 : counting?.mode === 'estimated' ? counting.threshold + 1 : null;

/**
 * The planner's estimate of the rows of `source` ("Plan Rows" of `EXPLAIN (FORMAT JSON)`, with the parameters'
 * values), which reads none of them.
 */
export const plannedRows = async (db: Queryable, source: CountSource): Promise<number> => {
  const { rows } = await db.query<Record<string, unknown>>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source.rows}`,
    source.params,
  );
  const value = Object.values(rows[0] ?? {})[0];
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan?: { 'Plan Rows'?: unknown } }[];
  const estimate = Number(plans?.[0]?.Plan?.['Plan Rows']);
  return Number.isFinite(estimate) ? Math.max(0, Math.round(estimate)) : 0;
};

/**
 * A scalar subquery counting `rows` as `counting` asks, its parameters pushed onto `params`: every row (exact),
 * at most `threshold + 1` of them (estimated: reaching that many means the estimate is wanted), or none (planned,
 * NULL).
 */
export const countSql = (rows: string, counting: Counting | undefined, params: unknown[]): string => {
  if (counting?.mode === 'planned') return 'NULL';
  if (counting?.mode !== 'estimated') return `(SELECT count(*) FROM ${rows})`;
  params.push(counting.threshold + 1);
  return `(SELECT count(*) FROM (SELECT 1 FROM ${rows} LIMIT $${params.length}) AS counted)`;
};

/**
 * The total of a list from what `countSql` counted: as counted when that is exact, else the planner's estimate of
 * `source` (for `estimated`, never below the threshold it went past). `exact` says the number counted every row
 * anyway (row counters, a window over matches collected to sort them): an `estimated` list then keeps it.
 */
export const settleTotal = async (
  db: Queryable,
  counted: unknown,
  counting: Counting | undefined,
  source: CountSource,
  exact = false,
): Promise<Total> => {
  const number = Number(counted ?? 0);
  if (!counting || counting.mode === 'exact') return { total: number, estimated: false };
  if (counting.mode === 'estimated' && (exact || number <= counting.threshold)) {
    return { total: number, estimated: false };
  }
  const planned = await plannedRows(db, source);
  return {
    total: counting.mode === 'estimated' ? Math.max(planned, counting.threshold + 1) : planned,
    estimated: true,
  };
};
