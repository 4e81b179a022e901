import type { EntityModel } from '../../shared/descriptor.js';
import { COUNT_CAP } from '../../shared/entity-kinds.js';
import type { Queryable } from '../db/database.js';
import type { Page } from '../http/pagination.js';
import { columnOf } from './columns.js';
import { type Counted, type Counting, countSql, settleTotal } from './list-count.js';
import { namedEntry, withNames } from './log-names.js';
import type { Entity } from './repository.js';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What a log list asks for, with every value already validated. */
export interface LogQuery {
  /** The parent's id, for a log below another entity. */
  parentId?: string;
  /** Per range field: strictly after / before these instants (ms); `sinceHours` when the request names neither. */
  ranges: { field: string; after?: number; before?: number; sinceHours?: number; inclusive?: boolean }[];
  prefixes: { field: string; value: string }[];
  values: { field: string; values: string[] }[];
}

/** A position in the list: the `created_at` (to the microsecond, as text) and id of the last item seen. */
export interface LogCursor {
  at: string;
  id: string;
}

/**
 * The SQL of log lists. Newest first by (created_at, id), which the generated indexes hold in that order after the
 * tenant, the parent and any exact filter, so a page reads its own rows: by offset (Logto's `page`) or, for any depth
 * at the same cost, after a cursor (keyset). The names a log's lookups add are read with the page, by primary key.
 */
export class LogRepository {
  private readonly selectList: string;

  constructor(
    readonly model: EntityModel,
    private readonly fromRow: (row: Record<string, unknown>) => Entity,
  ) {
    this.selectList = model.columns.map((c) => q(c.column)).join(', ');
  }

  /** The statement reading a page, with its names; the tenant is always its first parameter. */
  private named(sql: string): string {
    return withNames(this.model.nameLookups ?? [], sql, '$1');
  }

  private entry(row: Record<string, unknown>): Entity {
    return namedEntry(this.model.nameLookups ?? [], row, this.fromRow(row));
  }

  /** One entry by id (below its parent, for a log below another entity), with its names. */
  async find(db: Queryable, tenantId: string, id: string, parentId?: string): Promise<Entity | undefined> {
    const params: unknown[] = [tenantId, id];
    const parent = this.model.parent
      ? ` AND ${q(columnOf(this.model, this.model.parent.foreignKey))} = $${params.push(parentId ?? '')}`
      : '';
    const { rows } = await db.query<Record<string, unknown>>(
      this.named(`SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE tenant_id = $1 AND id = $2${parent}`),
      params,
    );
    return rows[0] ? this.entry(rows[0]) : undefined;
  }

  private where(tenantId: string, query: LogQuery, params: unknown[]): string {
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const clauses = [`tenant_id = ${add(tenantId)}`];
    if (this.model.parent)
      clauses.push(`${q(columnOf(this.model, this.model.parent.foreignKey))} = ${add(query.parentId ?? '')}`);
    for (const range of query.ranges) {
      const column = q(columnOf(this.model, range.field));
      const instant = (ms: number) => `(timestamptz 'epoch' + ${add(ms)}::int8 * interval '1 millisecond')`;
      // Inclusive bounds are Logto's: from the first instant of `after`'s millisecond to the last of `before`'s (rows
      // are stored to the microsecond, answers name the millisecond).
      if (range.after !== undefined) clauses.push(`${column} ${range.inclusive ? '>=' : '>'} ${instant(range.after)}`);
      if (range.before !== undefined)
        clauses.push(`${column} < ${instant(range.inclusive ? range.before + 1 : range.before)}`);
      if (range.sinceHours !== undefined)
        clauses.push(`${column} > now() - make_interval(hours => ${add(range.sinceHours)})`);
    }
    // `^@` (starts_with) matches the text literally and, unlike LIKE, is leakproof: under row-level security the
    // planner may use the column's statistics for it, so it knows a rare prefix from a common one.
    for (const prefix of query.prefixes)
      clauses.push(`${q(columnOf(this.model, prefix.field))} ^@ ${add(prefix.value)}`);
    for (const filter of query.values) {
      clauses.push(
        filter.values.length === 1
          ? `${q(columnOf(this.model, filter.field))} = ${add(filter.values[0])}`
          : `${q(columnOf(this.model, filter.field))} = ANY(${add(filter.values)})`,
      );
    }
    return clauses.join(' AND ');
  }

  /**
   * A page by number and the total: exact, or with `capped` counted up to the cap (Logto's `enableCap`), or as
   * `counting` asks (`Prefer: count=…`, which `capped` overrides).
   */
  async page(
    db: Queryable,
    tenantId: string,
    query: LogQuery,
    page: Page,
    capped: boolean,
    counting?: Counting,
  ): Promise<Counted<Entity> & { isCapped: boolean }> {
    const params: unknown[] = [];
    const where = this.where(tenantId, query, params);
    const table = q(this.model.table);
    const source = { rows: `${table} WHERE ${where}`, params: [...params] };
    const preferred = capped ? undefined : counting;
    const countParams = [...params];
    const count = capped
      ? `(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped)`
      : countSql(source.rows, preferred, countParams);
    // The page and its total in one statement (one snapshot, one round trip); a page past the end has no row to carry
    // the total, which is then counted alone.
    const { rows } = await db.query(
      this.named(
        `SELECT ${this.selectList}, ${count}::int8 AS "__total" FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${countParams.length + 1} OFFSET $${countParams.length + 2}`,
      ),
      [...countParams, page.pageSize, (page.page - 1) * page.pageSize],
    );
    const number =
      rows[0] || preferred?.mode === 'planned'
        ? rows[0]?.__total
        : (await db.query<{ total: string | number }>(`SELECT ${count}::int8 AS total`, countParams)).rows[0]?.total;
    const total = await settleTotal(db, number, preferred, source);
    const isCapped = capped && total.total > COUNT_CAP;
    return { items: rows.map((row) => this.entry(row)), ...total, isCapped };
  }

  /** The items after `cursor` (or the newest), and the cursor of the next page when there are more. */
  async keyset(
    db: Queryable,
    tenantId: string,
    query: LogQuery,
    cursor: LogCursor | undefined,
    pageSize: number,
  ): Promise<{ items: Entity[]; next?: LogCursor }> {
    const params: unknown[] = [];
    let where = this.where(tenantId, query, params);
    if (cursor) {
      params.push(cursor.at, cursor.id);
      where += ` AND (created_at, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
    }
    params.push(pageSize + 1);
    const { rows } = await db.query<Record<string, unknown>>(
      this.named(`SELECT ${this.selectList}, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "__at"
       FROM ${q(this.model.table)} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`),
      params,
    );
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const next = rows.length > pageSize && last ? { at: String(last.__at), id: String(last.id) } : undefined;
    return { items: page.map((row) => this.entry(row)), ...(next ? { next } : {}) };
  }
}

/** A cursor as the API hands it out: opaque URL-safe text. */
export const encodeCursor = (cursor: LogCursor): string =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

/** The cursor a client sent back, or `undefined` when it is not one this server made. */
export const decodeCursor = (text: string): LogCursor | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, id] = value;
    if (typeof at !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)) return undefined;
    if (Number.isNaN(Date.parse(at)) || typeof id !== 'string' || id.length === 0 || id.length > 256) return undefined;
    if (id.includes('\u0000')) return undefined;
    return { at, id };
  } catch {
    return undefined;
  }
};
