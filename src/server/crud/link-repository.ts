import type { LinkedRelation } from '../../shared/descriptor.js';
import { ROW_COUNTS_TABLE } from '../../shared/row-counts.js';
import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import { type Counted, type Counting, type CountSource, countSql, settleTotal } from './list-count.js';
import type { ListQuery } from './list-query.js';
import type { Entity, Repository } from './repository.js';

/**
 * The SQL of links: rows of a relation entity's table. A link's source is named by the relation's source keys (one
 * id, or both keys of a membership when the source is itself a relation), its target by one id.
 */
const q = (name: string) => `"${name}"`;

/** `j.source_col = $n AND …` for the source's key values, pushed onto `params`. */
const sourceClause = (relation: LinkedRelation, sourceKey: string[], params: unknown[], alias = '') =>
  relation.sourceColumns
    .map((column, i) => {
      params.push(sourceKey[i]);
      return `${alias}${q(column)} = $${params.length}`;
    })
    .join(' AND ');

/** The statement counting `source` as `counting` asks (see `countSql`); none for the planner's estimate. */
const countRows = (source: CountSource, counting: Counting | undefined) => {
  if (counting?.mode === 'planned') return undefined;
  const params = [...source.params];
  return { sql: `SELECT ${countSql(source.rows, counting, params)}::int8 AS total`, params };
};

/**
 * The number of a source's `counted` links, read from the relation table's row counters (the triggers group them by
 * the source's keys, in the writing transactions); only a planned count asks the planner instead.
 */
const countLinks = (
  relation: LinkedRelation,
  sourceKey: string[],
  source: CountSource,
  counting: Counting | undefined,
) => {
  if (counting?.mode === 'planned') return countRows(source, counting);
  const counted: unknown[] = [source.params[0], relation.table];
  // The group is exactly the source's keys (the side's `countBy`): compared whole, it is a prefix of the counters' key.
  const group = relation.sourceColumns.map((column, i) => {
    counted.push(sourceKey[i]);
    return `'${column}', $${counted.length}::text`;
  });
  return {
    sql: `SELECT coalesce(sum(n), 0)::int8 AS total FROM ${ROW_COUNTS_TABLE} WHERE tenant_id = $1 AND table_name = $2 AND grp = jsonb_build_object(${group.join(', ')})`,
    params: counted,
  };
};

/** The row of a relation entity named by its key fields' values, if there is one. */
export const findLinkRow = async (
  db: Queryable,
  through: Repository,
  tenantId: string,
  fields: string[],
  values: string[],
): Promise<Entity | undefined> => {
  const params: unknown[] = [tenantId];
  const where = fields.map((field, i) => {
    params.push(values[i]);
    return `${q(columnOf(through.model, field))} = $${params.length}`;
  });
  const columns = through.model.columns.map((c) => q(c.column)).join(', ');
  const { rows } = await db.query(
    `SELECT ${columns} FROM ${q(through.model.table)} WHERE tenant_id = $1 AND ${where.join(' AND ')}`,
    params,
  );
  return rows[0] ? through.fromRow(rows[0]) : undefined;
};

/**
 * The items linked to a source, newest link first; with the relation's repository (`through`) and `attributesAs`,
 * each item carries the link's attributes under that property.
 */
export const listLinked = async (
  db: Queryable,
  target: Repository,
  relation: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
  query: ListQuery,
  through?: Repository,
  nestedFilters: { relation: LinkedRelation; id: string }[] = [],
): Promise<Counted<Entity>> => {
  const params: unknown[] = [tenantId];
  const from = `${q(target.model.table)} t JOIN ${q(relation.table)} j ON j.tenant_id = t.tenant_id AND j.${q(relation.targetColumn)} = t.id`;
  // A nested filter keeps the links that are linked to its id through the link's own relation, whose table holds the
  // link's keys under the same columns.
  const linkKeys = [...relation.sourceColumns, relation.targetColumn].map(q);
  const nested = nestedFilters.map(({ relation: by, id }) => {
    params.push(id);
    const same = linkKeys.map((column) => `n.${column} = j.${column}`).join(' AND ');
    return ` AND EXISTS (SELECT 1 FROM ${q(by.table)} n WHERE n.tenant_id = j.tenant_id AND ${same} AND n.${q(by.targetColumn)} = $${params.length})`;
  });
  const where = `j.tenant_id = $1 AND ${sourceClause(relation, sourceKey, params, 'j.')}${target.searchClause(query.search, params, 't.')}${nested.join('')}`;
  const countParams = [...params];
  const attributes = relation.attributesAs && through ? through.model.columns : [];
  const selected = [
    ...target.model.columns.map((c) => `t.${q(c.column)}`),
    ...attributes.map((c) => `j.${q(c.column)} AS ${q(`__link_${c.column}`)}`),
  ];
  let sql = `SELECT ${selected.join(', ')} FROM ${from} WHERE ${where} ORDER BY j.created_at DESC, t.id`;
  if (query.page) {
    params.push(query.page.pageSize, (query.page.page - 1) * query.page.pageSize);
    sql += ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  // Without a search the count needs only the links (each one's foreign key guarantees its item), or their counters.
  const source = { rows: `${query.search ? from : `${q(relation.table)} j`} WHERE ${where}`, params: countParams };
  const filtered = Boolean(query.search) || nested.length > 0;
  const total =
    filtered || !relation.counted
      ? countRows(source, query.count)
      : countLinks(relation, sourceKey, source, query.count);
  const [{ rows }, count] = await Promise.all([
    db.query(sql, params),
    total && db.query<{ total: number }>(total.sql, total.params),
  ]);
  const counted = !filtered && relation.counted;
  const settled = await settleTotal(db, count?.rows[0]?.total, query.count, source, counted);
  const linkOf = (row: Record<string, unknown>) => {
    const link = through?.fromRow(Object.fromEntries(attributes.map((c) => [c.column, row[`__link_${c.column}`]])));
    return Object.fromEntries(relation.attributes.map(({ field }) => [field, link?.[field] ?? null]));
  };
  const items = rows.map((row) =>
    relation.attributesAs ? { ...target.fromRow(row), [relation.attributesAs]: linkOf(row) } : target.fromRow(row),
  );
  return { items, ...settled };
};

/**
 * Links the targets to a source, each link with the given attribute values (columns of the relation's table, with
 * their SQL types); returns the ids that were not linked before (a concurrent link counts as existing).
 */
export const link = async (
  db: Queryable,
  relation: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
  targetIds: string[],
  attributes: { column: string; type: string; value: unknown }[] = [],
): Promise<string[]> => {
  if (targetIds.length === 0) return [];
  const target = q(relation.targetColumn);
  const params: unknown[] = [tenantId, targetIds];
  const columns = ['tenant_id', target, ...relation.sourceColumns.map(q), ...attributes.map((a) => q(a.column))];
  const values = [
    ...sourceKey.map((value) => {
      params.push(value);
      return `$${params.length}`;
    }),
    ...attributes.map((a) => {
      params.push(a.value);
      return `$${params.length}::${a.type}`;
    }),
  ];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ${q(relation.table)} (${columns.join(', ')}) SELECT $1, unnest($2::varchar[]), ${values.join(', ')}
     ON CONFLICT DO NOTHING RETURNING ${target} AS id`,
    params,
  );
  return rows.map((row) => row.id);
};

/** Removes one link; false when there was none. */
export const unlink = async (
  db: Queryable,
  relation: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
  targetId: string,
): Promise<boolean> => {
  const params: unknown[] = [tenantId, targetId];
  const { rows } = await db.query(
    `DELETE FROM ${q(relation.table)} WHERE tenant_id = $1 AND ${q(relation.targetColumn)} = $2 AND ${sourceClause(relation, sourceKey, params)} RETURNING tenant_id`,
    params,
  );
  return rows.length > 0;
};

/** The ids of the targets linked to a source. */
export const linkedIds = async (
  db: Queryable,
  relation: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
): Promise<string[]> => {
  const params: unknown[] = [tenantId];
  const { rows } = await db.query<{ id: string }>(
    `SELECT ${q(relation.targetColumn)} AS id FROM ${q(relation.table)} WHERE tenant_id = $1 AND ${sourceClause(relation, sourceKey, params)}`,
    params,
  );
  return rows.map((row) => row.id);
};

/** Removes the source's links to the given targets. */
export const unlinkMany = async (
  db: Queryable,
  relation: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
  targetIds: string[],
): Promise<void> => {
  if (targetIds.length === 0) return;
  const params: unknown[] = [tenantId, targetIds];
  await db.query(
    `DELETE FROM ${q(relation.table)} WHERE tenant_id = $1 AND ${q(relation.targetColumn)} = ANY($2::varchar[]) AND ${sourceClause(relation, sourceKey, params)}`,
    params,
  );
};

/**
 * For each of the items linked to a source, the items linked to that link through a relation of the link (a
 * member's roles in one organization), keyed by the item's id: `link` is the source's relation, `nested` the
 * link's own relation, whose table holds the link's keys.
 */
export const linkedOfEach = async (
  db: Queryable,
  target: Repository,
  link: LinkedRelation,
  nested: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
  itemIds: string[],
): Promise<Map<string, Entity[]>> => {
  const found = new Map<string, Entity[]>();
  if (itemIds.length === 0) return found;
  const params: unknown[] = [tenantId];
  const where = sourceClause(link, sourceKey, params, 'j.');
  params.push(itemIds);
  const item = `j.${q(link.targetColumn)}`;
  const columns = target.model.columns.map((c) => `t.${q(c.column)}`).join(', ');
  const { rows } = await db.query(
    `SELECT ${item} AS "__item", ${columns} FROM ${q(target.model.table)} t
     JOIN ${q(nested.table)} j ON j.tenant_id = t.tenant_id AND j.${q(nested.targetColumn)} = t.id
     WHERE j.tenant_id = $1 AND ${where} AND ${item} = ANY($${params.length}::varchar[]) ORDER BY j.created_at, t.id`,
    params,
  );
  for (const row of rows) {
    const id = String(row.__item);
    found.set(id, [...(found.get(id) ?? []), target.fromRow(row)]);
  }
  return found;
};

/** The ids of a target's items by the values of one of its unique fields (a role by its name). */
export const idsByField = async (
  db: Queryable,
  target: Repository,
  tenantId: string,
  field: string,
  values: string[],
): Promise<Map<string, string>> => {
  const column = q(columnOf(target.model, field));
  const { rows } = await db.query<{ id: string; value: string }>(
    `SELECT id, ${column} AS value FROM ${q(target.model.table)} WHERE tenant_id = $1 AND ${column} = ANY($2::text[])`,
    [tenantId, values],
  );
  return new Map(rows.map((row) => [row.value, row.id]));
};

/**
 * The items that the source's linked items link to through their own relation (`next`, starting from the linked
 * entity), once each: the organization permissions of a member's roles in one organization.
 */
export const listReached = async (
  db: Queryable,
  target: Repository,
  link: LinkedRelation,
  next: LinkedRelation,
  tenantId: string,
  sourceKey: string[],
): Promise<Entity[]> => {
  const params: unknown[] = [tenantId];
  const where = sourceClause(link, sourceKey, params, 'j.');
  const columns = target.model.columns.map((c) => `t.${q(c.column)}`).join(', ');
  const { rows } = await db.query(
    `SELECT DISTINCT ON (t.id) ${columns} FROM ${q(target.model.table)} t
     JOIN ${q(next.table)} r ON r.tenant_id = t.tenant_id AND r.${q(next.targetColumn)} = t.id
     JOIN ${q(link.table)} j ON j.tenant_id = r.tenant_id AND j.${q(link.targetColumn)} = r.${q(next.sourceColumns[0] ?? '')}
     WHERE j.tenant_id = $1 AND ${where} ORDER BY t.id`,
    params,
  );
  return rows.map((row) => target.fromRow(row));
};
