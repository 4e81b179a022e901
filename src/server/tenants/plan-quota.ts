import type { EntityModel, QuotaRule } from '../../shared/descriptor.js';
import type { RecordCondition } from '../../shared/descriptor-relations.js';
import { type PlanId, planQuotas, withinQuota } from '../../shared/plans.js';
import type { Entity } from '../crud/repository.js';
import type { QuotaCheck } from '../crud/stages.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { TenantDirectory } from './directory.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID } from './urls.js';

/**
 * The cloud edition's plan quotas on the write pipeline. An entity's descriptor names the quotas that count its items
 * (`quotas`); a create of an item a rule counts is refused with Logto's `subscription.limit_exceeded` when the tenant
 * already holds the limit. The count runs in the create's own transaction under a lock per tenant and quota, so two
 * creates racing at the limit are serialised and the second sees the first: the limit holds. The built-in tenants and
 * the server's own writes (seeds) are not limited.
 */

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

const columnOf = (model: EntityModel, field: string): string => {
  const column = model.columns.find((c) => c.property === field)?.column;
  if (!column) throw new Error(`${model.name}: quota field ${field} has no column`);
  return column;
};

/** The value a create stores in `field`: the body's, else the schema's default. */
const storedValue = (model: EntityModel, values: Entity, field: string) =>
  values[field] ?? (model.schema.properties?.[field] as { default?: unknown } | undefined)?.default;

const matches = (model: EntityModel, values: Entity, condition: RecordCondition | undefined) =>
  !condition || condition.in.includes(storedValue(model, values, condition.field) as string | number | boolean);

/** A rule's items as SQL conditions on the entity's table (with parameters from `$2` on; `$1` is the tenant). */
export const ruleFilter = (model: EntityModel, rule: QuotaRule, perValue?: unknown) => {
  const clauses = ['tenant_id = $1'];
  const params: unknown[] = [];
  const add = (sql: (index: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length + 1));
  };
  if (rule.when) add((i) => `${q(columnOf(model, rule.when?.field ?? ''))} = ANY($${i})`, rule.when.in);
  if (rule.except) add((i) => `NOT (${q(columnOf(model, rule.except?.field ?? ''))} = ANY($${i}))`, rule.except.in);
  if (rule.per && perValue !== undefined) add((i) => `${q(columnOf(model, rule.per ?? ''))} = $${i}`, perValue);
  return { where: clauses.join(' AND '), params };
};

/** How many of the tenant's items a rule counts (per `perValue` of its `per` field, if it has one). */
export const countRule = async (
  tx: Queryable,
  tenantId: string,
  model: EntityModel,
  rule: QuotaRule,
  perValue?: unknown,
) => {
  const { where, params } = ruleFilter(model, rule, perValue);
  const { rows } = await tx.query<{ count: string }>(`SELECT count(*) AS count FROM ${q(model.table)} WHERE ${where}`, [
    tenantId,
    ...params,
  ]);
  return Number(rows[0]?.count ?? 0);
};

const limitedPlans = new WeakMap<object, PlanId>();

export const planQuota = (directory: TenantDirectory): QuotaCheck => ({
  async before(write) {
    const { context, model } = write;
    if (write.kind !== 'create' || !model.quotas || context.edition !== 'cloud') return;
    if (context.actor.kind === 'system' || [ADMIN_TENANT_ID, DEFAULT_TENANT_ID].includes(context.tenantId)) return;
    const plan = await directory.planOf(context.tenantId);
    if (plan) limitedPlans.set(write, plan);
  },
  async within(write, tx) {
    const plan = limitedPlans.get(write);
    if (!plan || !write.values) return;
    const { model, values, context } = write;
    for (const rule of model.quotas ?? []) {
      const limit = planQuotas[plan][rule.key];
      if (limit === null) continue;
      if (!matches(model, values, rule.when) || (rule.except && matches(model, values, rule.except))) continue;
      const perValue = rule.per ? storedValue(model, values, rule.per) : undefined;
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `quota:${context.tenantId}:${rule.key}:${perValue ?? ''}`,
      ]);
      const usage = await countRule(tx, context.tenantId, model, rule, perValue);
      if (!withinQuota(limit, usage + 1)) {
        throw new ApiError('subscription.limit_exceeded', {}, { key: rule.key, limit, usage });
      }
    }
  },
});
