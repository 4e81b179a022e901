import type { Queryable } from '../db/database.js';
import { columnOf } from './columns.js';
import type { Entity, Repository } from './repository.js';

/**
 * Writes of a repository on several rows, or on a row that may be there already: statements of one entity,
 * derived from its model like the repository's own, for the server's bookkeeping (expired codes cleared, a mark
 * made once a day) where one statement per row or a failed insert would not do.
 */

const q = (name: string) => `"${name}"`;
const selectList = ({ model }: Repository) => model.columns.map((column) => q(column.column)).join(', ');

/** Deletes the tenant's items of `ids` in one statement (the write twin of `findMany`); answers the deleted rows. */
export const deleteMany = async (
  repository: Repository,
  db: Queryable,
  tenantId: string,
  ids: readonly string[],
): Promise<Entity[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query(
    `DELETE FROM ${q(repository.model.table)} WHERE tenant_id = $1 AND id = ANY($2::varchar[]) RETURNING ${selectList(repository)}`,
    [tenantId, [...ids]],
  );
  return rows.map((row) => repository.fromRow(row));
};

/**
 * Inserts `values` unless a row with the same key (its id, or one of its unique indexes) is stored already: a mark
 * made once, however many requests race to make it. Answers the new row, or undefined when there was one.
 */
export const insertIfAbsent = async (
  repository: Repository,
  db: Queryable,
  tenantId: string,
  values: Entity,
): Promise<Entity | undefined> => {
  const { model } = repository;
  const entries = Object.entries(values).filter(([property]) => property !== 'tenantId');
  const columns = [...(model.tenantScoped ? ['tenant_id'] : []), ...entries.map(([field]) => columnOf(model, field))];
  const params = [
    ...(model.tenantScoped ? [tenantId] : []),
    ...entries.map(([property, value]) => repository.toValue(property, value)),
  ];
  const { rows } = await db.query(
    `INSERT INTO ${q(model.table)} (${columns.map(q).join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING RETURNING ${selectList(repository)}`,
    params,
  );
  return rows[0] ? repository.fromRow(rows[0]) : undefined;
};
