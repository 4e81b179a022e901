import type { BranchCondition, EntityModel, QuotaRule } from '../../shared/descriptor.js';
import type { RecordCondition } from '../../shared/descriptor-relations.js';
import type { Entity } from '../crud/repository.js';
import type { Queryable } from '../db/database.js';

/** The items a plan quota rule counts, as SQL on the entity's table and as a test of a record about to be stored. */

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

const columnOf = (model: EntityModel, field: string): string => {
  const column = model.columns.find((c) => c.property === field)?.column;
  if (!column) throw new Error(`${model.name}: quota field ${field} has no column`);
  return column;
};

/**
 * A condition as a list of values: a branch condition names the branches of the discriminated field chosen by its
 * field (a connector's factories) whose `x-meta` carries its values.
 */
const listed = (model: EntityModel, condition: RecordCondition | BranchCondition): RecordCondition => {
  if ('in' in condition) return condition;
  const chosen = Object.values(model.discriminated ?? {}).find((field) => field.chosenBy);
  if (!chosen) throw new Error(`${model.name}: quota condition on ${condition.field} has no discriminated field`);
  const ids = Object.entries(chosen.branches)
    .filter(([, branch]) => Object.entries(condition.branch).every(([key, value]) => branch.meta?.[key] === value))
    .map(([id]) => id);
  return { field: condition.field, in: ids.length > 0 ? ids : [''] };
};

/** The value a create stores in `field`: the body's, else the schema's default. */
export const storedValue = (model: EntityModel, values: Entity, field: string) =>
  values[field] ?? (model.schema.properties?.[field] as { default?: unknown } | undefined)?.default;

export const matches = (
  model: EntityModel,
  values: Entity,
  condition: RecordCondition | BranchCondition | undefined,
): boolean =>
  !condition ||
  listed(model, condition).in.includes(storedValue(model, values, condition.field) as string | number | boolean);

/** A rule's items as SQL conditions on the entity's table (with parameters from `$2` on; `$1` is the tenant). */
export const ruleFilter = (model: EntityModel, rule: QuotaRule, perValue?: unknown) => {
  const clauses = ['tenant_id = $1'];
  const params: unknown[] = [];
  const add = (sql: (index: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length + 1));
  };
  if (rule.when) {
    const when = listed(model, rule.when);
    add((i) => `${q(columnOf(model, when.field))} = ANY($${i})`, when.in);
  }
  if (rule.except) add((i) => `NOT (${q(columnOf(model, rule.except?.field ?? ''))} = ANY($${i}))`, rule.except.in);
  if (rule.per && perValue !== undefined) add((i) => `${q(columnOf(model, rule.per ?? ''))} = $${i}`, perValue);
  return { where: clauses.join(' AND '), params };
};

const countWhere = async (tx: Queryable, model: EntityModel, where: string, params: unknown[]) => {
  const { rows } = await tx.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${q(model.table)} WHERE ${where}`,
    params,
  );
  return Number(rows[0]?.count ?? 0);
};

/** How many of the tenant's items a rule counts (per `perValue` of its `per` field, if it has one). */
export const countRule = (tx: Queryable, tenantId: string, model: EntityModel, rule: QuotaRule, perValue?: unknown) => {
  const { where, params } = ruleFilter(model, rule, perValue);
  return countWhere(tx, model, where, [tenantId, ...params]);
};

/** How many of `ids` (values of `key`) are linked already to `perValue` among the items a relation's rule counts. */
export const countLinked = (
  tx: Queryable,
  tenantId: string,
  model: EntityModel,
  rule: QuotaRule,
  perValue: string,
  key: string,
  ids: string[],
) => {
  const { where, params } = ruleFilter(model, rule, perValue);
  const index = params.length + 2;
  return countWhere(tx, model, `${where} AND ${q(columnOf(model, key))} = ANY($${index})`, [tenantId, ...params, ids]);
};
