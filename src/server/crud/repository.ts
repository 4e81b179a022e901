import type { EntityModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import { asSearchError, fieldSearchClause } from './field-search.js';
import { chooserFilter } from './fields.js';
import { type Counted, countSql, settleTotal } from './list-count.js';
import { countedTotal, excludeClause, filterClause, type ListQuery } from './list-query.js';
import { searchedPage, searchPageCall } from './search-page.js';

/**
 * JSON for a `jsonb` column. `JSON.stringify` writes a lone surrogate as a `\udXXX` escape, which PostgreSQL refuses
 * in `jsonb`; it is stored as U+FFFD instead, as a text column stores it.
 */
const jsonText = (value: unknown) =>
  JSON.stringify(value).replace(/(?<=(?:^|[^\\])(?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi, '\\ufffd');

export type Entity = Record<string, unknown>;
export type Scope = { tenantId: string; parent?: { column: string; id: string } };

const q = (name: string) => `"${name}"`;

/** SQL for one entity, derived from its model. Every statement is scoped to a tenant. */
export class Repository {
  private readonly selectList: string;
  /** The column that names an item in URLs (`id`, or e.g. `name`). */
  private readonly keyColumn: string;

  /** The entity stores when each record last changed (`updatedAt`, a timestamp). */
  private readonly stampsUpdates: boolean;

  constructor(readonly model: EntityModel) {
    this.selectList = model.columns.map((c) => q(c.column)).join(', ');
    this.stampsUpdates = model.columns.some((c) => c.column === 'updated_at' && c.timestamp);
    this.keyColumn = q(columnOf(model, model.idField));
  }

  fromRow(row: Record<string, unknown>): Entity {
    const entity: Entity = {};
    for (const column of this.model.columns) {
      const value = row[column.column];
      entity[column.property] = column.timestamp && value instanceof Date ? value.getTime() : value;
    }
    return entity;
  }

  toValue(property: string, value: unknown) {
    const column = this.model.columns.find((c) => c.property === property);
    if (column?.json) return value === null ? null : jsonText(value);
    if (column?.timestamp && typeof value === 'number') return new Date(value);
    return value;
  }

  private where(scope: Scope, params: unknown[], alias = '') {
    let sql = 'true';
    if (this.model.tenantScoped) {
      params.push(scope.tenantId);
      sql = `${alias}tenant_id = $${params.length}`;
    }
    if (scope.parent) {
      params.push(scope.parent.id);
      sql += ` AND ${alias}${q(scope.parent.column)} = $${params.length}`;
    }
    return sql;
  }

  /** The search condition of a list (or of a list of linked items, with the target's alias). */
  searchClause(search: string | undefined, params: unknown[], alias = '') {
    if (!search || this.model.searchColumns.length === 0) return '';
    params.push(search);
    const n = params.length;
    // Under row-level security `ILIKE` cannot use the trigram indexes (it is not leakproof), so tenant tables
    // search through their generated `<table>__search` function, which matches inside the transaction's tenant.
    // As an array, its ids are looked up through the primary key (an `IN (subquery)` may be hash-joined to a full
    // scan of the table).
    if (this.model.rls) {
      return ` AND ${alias}id = ANY(ARRAY(SELECT id FROM ${q(`${this.model.table}__search`)}($${n})))`;
    }
    return ` AND (${this.model.searchColumns.map((c) => `${alias}${q(c)} ILIKE $${n}`).join(' OR ')})`;
  }

  /**
   * A page of the list (or all of it without `page`) and its exact total, in one statement, so both come from one
   * snapshot. The total of a list without filters, or filtered only on counted columns (`countBy`), is a sum of the
   * table's row counters for the tenant (see `countRows`); another filtered one counts its rows; a search counts its
   * matches, which it collects anyway to sort them. `query.count` may ask for the planner's estimate instead
   * (`planned`), or above a threshold (`estimated`: rows are counted only up to it, unless counted anyway).
   */
  async list(db: Queryable, scope: Scope, query: ListQuery): Promise<Counted<Entity>> {
    try {
      return await this.listRows(db, scope, query);
    } catch (error) {
      throw query.fieldSearch ? asSearchError(error) : error;
    }
  }

  private async listRows(db: Queryable, scope: Scope, query: ListQuery): Promise<Counted<Entity>> {
    const params: unknown[] = [];
    const { fieldSearch } = query;
    const plainSearch = !fieldSearch && Boolean(query.search) && this.model.searchColumns.length > 0;
    const searching = plainSearch || Boolean(fieldSearch?.matches.length);
    const table = q(this.model.table);
    let from = table;
    let where = this.where(scope, params);
    if (fieldSearch) {
      // Under row-level security the matches come from the generated `<table>__search_fields` (see
      // `fieldSearchClause`); the table's rows are read by id.
      const fields = this.model.fieldSearch ?? [];
      const through = this.model.rls
        ? {
            name: q(`${this.model.table}__search_fields`),
            id: `${table}.id`,
            column: (field: string) => columnOf(this.model, field),
          }
        : undefined;
      where += fieldSearchClause(
        fieldSearch,
        fields,
        (field) => `${table}.${q(columnOf(this.model, field))}`,
        params,
        through,
      );
    } else if (plainSearch && this.model.rls) {
      // Under row-level security `ILIKE` cannot use the trigram indexes (it is not leakproof), so tenant tables
      // search through their generated `<table>__search` function, which matches inside the transaction's tenant
      // and returns whole rows. Named after the table, its rows take the clauses below unchanged.
      params.push(query.search);
      from = `${q(`${this.model.table}__search`)}($${params.length}) AS ${table}`;
    } else where += this.searchClause(query.search, params);
    where += `${filterClause(this.model, query.filters, params)}${excludeClause(this.model, query.exclude, params)}`;
    // Newest first; the (tenant_id, created_at, id) index, read backwards, yields exactly this order, so a page stops
    // after its rows even when many share one created_at (rows written by one transaction).
    const orderBy = this.model.operations.list?.orderBy;
    const ordered = orderBy
      ? `ORDER BY ${q(columnOf(this.model, orderBy))}, created_at, id`
      : `ORDER BY created_at DESC, id DESC`;
    const fromRows = (rows: Record<string, unknown>[]) => rows.map((row) => this.fromRow(row));
    if (!query.page) {
      const { rows } = await db.query(`SELECT ${this.selectList} FROM ${from} WHERE ${where} ${ordered}`, params);
      return { items: fromRows(rows), total: rows.length, estimated: false };
    }
    // The total comes from the row counters when the list is counted and filtered, if at all, only on counted columns.
    const filters = Object.entries(query.filters ?? {}).map(([field, values]) => {
      const chosen = chooserFilter(this.model, field, values);
      // A record's own value (`ownIn`) is no counted column: such a filter counts its rows.
      const column = columnOf(this.model, chosen?.own?.field ?? chosen?.field ?? field);
      return { column, values: chosen?.values ?? values };
    });
    const counted =
      this.model.countRows &&
      !scope.parent &&
      !searching &&
      !query.exclude?.length &&
      filters.every((filter) => this.model.countBy.includes(filter.column));
    const { count } = query;
    const planned = count?.mode === 'planned';
    // The rows the total counts, which the planner estimates when the total is not counted.
    const source = { rows: `${from} WHERE ${where}`, params: [...params] };
    // A counted total needs only the tenant ($1) of the list's own parameters.
    const totalParams = counted ? params.slice(0, 1) : [...params];
    const total = (p: unknown[]) =>
      counted && !planned ? countedTotal(this.model, filters, p) : countSql(source.rows, count, p);
    // A search counts the matches it collects anyway, unless only the planner's estimate is wanted.
    const totalSql = searching && !planned ? 'count(*) OVER ()' : total(params);
    params.push(query.page.pageSize, (query.page.page - 1) * query.page.pageSize);
    const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    const pageCall =
      this.model.rls && !scope.parent && filters.length === 0 && !query.exclude?.length && searching
        ? searchPageCall(this.model, query.search, fieldSearch)
        : undefined;
    if (pageCall) {
      // The page function finds the page's ids and counts the matches as asked; the page's rows are then read by id.
      const { pageSize, page } = query.page;
      const at = { pageSize, offset: (page - 1) * pageSize };
      const found = await searchedPage(db, this.model.table, this.selectList, scope.tenantId, pageCall, at, count);
      return { items: fromRows(found.rows), total: found.total, estimated: found.estimated };
    }
    // A search collects its matches once, counting them on the way (a window over all of them), then keeps the
    // newest page (the function's rows cannot be walked in index order); a plain list walks the
    // (tenant_id, created_at, id) index and stops at the page.
    const { rows } = await db.query(
      `SELECT ${this.selectList}, ${totalSql}::int8 AS "__total" FROM ${from} WHERE ${where} ${ordered} ${limit}`,
      params,
    );
    if (rows[0]) {
      const settled = await settleTotal(db, rows[0].__total, count, source, counted || searching);
      return { items: fromRows(rows), ...settled };
    }
    // A page past the end has no row to carry the total (which the planner's estimate does without).
    const alone = planned
      ? undefined
      : await db.query<{ total: number }>(`SELECT ${total(totalParams)}::int8 AS total`, totalParams);
    return { items: [], ...(await settleTotal(db, alone?.rows[0]?.total, count, source, counted)) };
  }

  /** The item named `key` (its id, or its `itemKey` field); `lock` holds its row until the transaction ends. */
  async find(db: Queryable, scope: Scope, key: string, lock = false): Promise<Entity | undefined> {
    const params: unknown[] = [];
    const where = this.where(scope, params);
    params.push(key);
    const { rows } = await db.query(
      `SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE ${where} AND ${this.keyColumn} = $${params.length}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return rows[0] ? this.fromRow(rows[0]) : undefined;
  }

  /** The item whose fields hold exactly the values of `match` (a natural key such as a unique rule's fields). */
  async findBy(db: Queryable, scope: Scope, match: Entity): Promise<Entity | undefined> {
    const params: unknown[] = [];
    let where = this.where(scope, params);
    for (const [property, value] of Object.entries(match)) {
      params.push(this.toValue(property, value));
      where += ` AND ${q(columnOf(this.model, property))} = $${params.length}`;
    }
    const { rows } = await db.query(`SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE ${where}`, params);
    return rows[0] ? this.fromRow(rows[0]) : undefined;
  }

  async findMany(db: Queryable, tenantId: string, ids: string[]): Promise<Entity[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.query(
      `SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE tenant_id = $1 AND id = ANY($2::varchar[])`,
      [tenantId, ids],
    );
    return rows.map((row) => this.fromRow(row));
  }

  /** Every row whose `column` is one of `ids` (children of several parents at once), oldest first. */
  async listByColumn(db: Queryable, tenantId: string, column: string, ids: string[]): Promise<Entity[]> {
    if (ids.length === 0) return [];
    const { rows } = await db.query(
      `SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE tenant_id = $1 AND ${q(column)} = ANY($2::varchar[]) ORDER BY created_at, id`,
      [tenantId, ids],
    );
    return rows.map((row) => this.fromRow(row));
  }

  async insert(db: Queryable, tenantId: string, values: Entity): Promise<Entity> {
    const entries = Object.entries(values).filter(([property]) => property !== 'tenantId');
    const tenant = this.model.tenantScoped ? [tenantId] : [];
    const columns = [
      ...(this.model.tenantScoped ? ['tenant_id'] : []),
      ...entries.map(([property]) => columnOf(this.model, property)),
    ];
    const params = [...tenant, ...entries.map(([property, value]) => this.toValue(property, value))];
    const { rows } = await db.query(
      `INSERT INTO ${q(this.model.table)} (${columns.map(q).join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${this.selectList}`,
      params,
    );
    return this.fromRow(rows[0] ?? {});
  }

  async update(db: Queryable, scope: Scope, id: string, patch: Entity): Promise<Entity | undefined> {
    const entries = Object.entries(patch);
    if (entries.length === 0) return this.find(db, scope, id);
    const params: unknown[] = entries.map(([property, value]) => this.toValue(property, value));
    // A stored `updatedAt` is stamped by every update that does not set it itself.
    const stamp = this.stampsUpdates && !('updatedAt' in patch) ? ', "updated_at" = now()' : '';
    const sets = `${entries.map(([property], i) => `${q(columnOf(this.model, property))} = $${i + 1}`).join(', ')}${stamp}`;
    const where = this.where(scope, params);
    params.push(id);
    const { rows } = await db.query(
      `UPDATE ${q(this.model.table)} SET ${sets} WHERE ${where} AND ${this.keyColumn} = $${params.length} RETURNING ${this.selectList}`,
      params,
    );
    return rows[0] ? this.fromRow(rows[0]) : undefined;
  }

  async delete(db: Queryable, scope: Scope, id: string): Promise<Entity | undefined> {
    const params: unknown[] = [];
    const where = this.where(scope, params);
    params.push(id);
    const { rows } = await db.query(
      `DELETE FROM ${q(this.model.table)} WHERE ${where} AND ${this.keyColumn} = $${params.length} RETURNING ${this.selectList}`,
      params,
    );
    return rows[0] ? this.fromRow(rows[0]) : undefined;
  }
}
