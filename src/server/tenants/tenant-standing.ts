import { planQuotas } from '../../shared/plans.js';
import type { ActionOverride } from '../crud/overrides.js';
import type { TenantRow } from './membership.js';
import { activityOf, currentPeriod, tableIn } from './usage.js';

/**
 * Where a cloud tenant stands, as Logto cloud's tenant list carries it with each tenant: its subscription, this
 * period's monthly active users and tokens against the plan's limits, and the invoices left unpaid. The console
 * draws the switcher's status tags and the upsell and overdue dialogs from it, without reading more.
 */

type Run = Parameters<ActionOverride['run']>[0];

/** A tenant's subscription: its plan, standing and current period. */
export const subscriptionOf = (row: Pick<TenantRow, 'planId' | 'subscriptionStatus'>) => {
  const period = currentPeriod();
  return {
    status: row.subscriptionStatus,
    planId: row.planId,
    currentPeriodStart: period.start.toISOString(),
    currentPeriodEnd: period.end.toISOString(),
    isEnterprisePlan: row.planId === 'enterprise',
  };
};

export const tenantStanding = async (
  { db, models, operationsOf }: Pick<Run, 'db' | 'models' | 'operationsOf'>,
  row: TenantRow,
) => {
  const invoices = operationsOf('invoice').repository;
  const { activity, open } = await db.read(row.id, async (tx) => ({
    activity: await activityOf(tx, tableIn(models), row.id, currentPeriod()),
    open: await invoices.listByColumn(tx, row.id, 'status', ['open']),
  }));
  const quota = planQuotas[row.planId];
  return {
    subscription: subscriptionOf(row),
    usage: activity,
    quota: { mauLimit: quota.mauLimit, tokenLimit: quota.tokenLimit },
    openInvoices: open.map(({ tenantId: _, providerInvoiceId, ...invoice }) => ({ ...invoice, id: providerInvoiceId })),
  };
};
