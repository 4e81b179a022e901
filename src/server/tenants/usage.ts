import type { EntityModel } from '../../shared/descriptor.js';
import { type PlanId, planQuotas } from '../../shared/plans.js';
import { tenantOrganizationId } from '../../shared/tenant-permissions.js';
import type { Database, Queryable } from '../db/database.js';
import { countRule, ruleFilter } from './plan-quota.js';
import { ADMIN_TENANT_ID } from './urls.js';

/**
 * What a cloud tenant uses against its plan (Logto cloud's `subscription-usage`): per quota key, the items the
 * descriptors' quota rules count; the monthly active users and the tokens issued in the current period; the members
 * of its organization; and the per-item counts of rules counted per item (scopes per resource).
 */

export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** The current billing period: the calendar month (UTC) that holds `now`. */
export const currentPeriod = (now = new Date()): BillingPeriod => ({
  start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
});

const countOf = async (tx: Queryable, sql: string, params: unknown[]) =>
  Number((await tx.query<{ count: string }>(sql, params)).rows[0]?.count ?? 0);

/** Rules counted per item: the count per value of the rule's `per` field. */
const perItemCounts = async (tx: Queryable, tenantId: string, model: EntityModel, rule: { per?: string }) => {
  const column = model.columns.find((c) => c.property === rule.per)?.column as string;
  const { where, params } = ruleFilter(model, rule as never);
  const { rows } = await tx.query<{ item: string; count: string }>(
    `SELECT "${column}" AS item, count(*) AS count FROM "${model.table}" WHERE ${where} GROUP BY 1`,
    [tenantId, ...params],
  );
  return Object.fromEntries(rows.map((row) => [row.item, Number(row.count)]));
};

type TableOf = (entity: string) => string;

/** A tenant's activity in a period: the users active on some day of it, and the tokens issued. */
export const activityOf = async (tx: Queryable, tableOf: TableOf, tenantId: string, period: BillingPeriod) => {
  const span = [tenantId, period.start, period.end];
  const activeUsers = await countOf(
    tx,
    `SELECT count(DISTINCT user_id) AS count FROM "${tableOf('dailyActiveUser')}" WHERE tenant_id = $1 AND date >= $2 AND date < $3`,
    span,
  );
  const tokenUsage = await countOf(
    tx,
    `SELECT count(*) AS count FROM "${tableOf('log')}" WHERE tenant_id = $1 AND created_at >= $2 AND created_at < $3
        AND key LIKE 'ExchangeTokenBy.%' AND result = 'Success'`,
    span,
  );
  return { activeUsers, tokenUsage };
};

/** The table of an entity among the served models. */
export const tableIn =
  (models: readonly EntityModel[]): TableOf =>
  (entity) =>
    models.find((model) => model.name === entity)?.table ?? entity;

export const tenantUsage = async (
  db: Database,
  models: readonly EntityModel[],
  tenant: { id: string; planId: PlanId },
  period = currentPeriod(),
) => {
  const tableOf = tableIn(models);
  const usage: Record<string, number> = {};
  const perItem: Record<string, Record<string, number>> = {};
  await db.read(tenant.id, async (tx) => {
    for (const model of models) {
      for (const rule of model.quotas ?? []) {
        if (rule.per) perItem[rule.key] = await perItemCounts(tx, tenant.id, model, rule);
        else usage[rule.key] = (usage[rule.key] ?? 0) + (await countRule(tx, tenant.id, model, rule));
      }
    }
    const activity = await activityOf(tx, tableOf, tenant.id, period);
    usage.mauLimit = activity.activeUsers;
    usage.tokenLimit = activity.tokenUsage;
  });
  usage.tenantMembersLimit = await db.read(ADMIN_TENANT_ID, (tx) =>
    countOf(
      tx,
      `SELECT count(*) AS count FROM "${tableOf('organizationUser')}" WHERE tenant_id = $1 AND organization_id = $2`,
      [ADMIN_TENANT_ID, tenantOrganizationId(tenant.id)],
    ),
  );
  const quota = planQuotas[tenant.planId];
  return {
    quota,
    basicQuota: quota,
    usage,
    resources: perItem.scopesPerResourceLimit ?? {},
    roles: perItem.scopesPerRoleLimit ?? {},
  };
};
