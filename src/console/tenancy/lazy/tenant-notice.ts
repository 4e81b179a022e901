import { paidPlans } from '../../../shared/plans';
import type { CloudTenant, Invoice, SubscriptionUsage } from './cloud-api';

/** What the console tells a tenant's managers about it (spec §4, §5), most pressing first. */
export type TenantNotice =
  | { kind: 'overdue'; total: number; currency: string }
  | { kind: 'mau_exceeded'; limit: number }
  | { kind: 'token_exceeded'; limit: number };

/**
 * The notice of a production tenant, by the spec's priority: unpaid invoices (overdue), then monthly active users at
 * or over the plan's limit, then tokens at or over the limit on a plan that is not paid. Development tenants get none.
 */
export const tenantNotice = (
  tenant: Pick<CloudTenant, 'tag' | 'planId'>,
  { quota, usage }: SubscriptionUsage,
  invoices: Pick<Invoice, 'status' | 'amountDue' | 'currency'>[],
): TenantNotice | undefined => {
  if (tenant.tag === 'development') return undefined;
  const open = invoices.filter((invoice) => invoice.status === 'open');
  if (open.length > 0) {
    const total = open.reduce((sum, invoice) => sum + invoice.amountDue, 0);
    return { kind: 'overdue', total, currency: open[0]?.currency ?? 'usd' };
  }
  const reached = (limit: number | boolean | null, used: number | undefined) =>
    typeof limit === 'number' && (used ?? 0) >= limit;
  if (reached(quota.mauLimit, usage.mauLimit)) return { kind: 'mau_exceeded', limit: quota.mauLimit as number };
  if (!paidPlans.includes(tenant.planId) && reached(quota.tokenLimit, usage.tokenLimit)) {
    return { kind: 'token_exceeded', limit: quota.tokenLimit as number };
  }
  return undefined;
};

/** A notice dismissed stays closed for the browser session. */
const dismissedKey = (tenantId: string, notice: TenantNotice) => `gatehouse.notice.${tenantId}.${notice.kind}`;
export const isDismissed = (tenantId: string, notice: TenantNotice) =>
  sessionStorage.getItem(dismissedKey(tenantId, notice)) !== null;
export const dismiss = (tenantId: string, notice: TenantNotice) =>
  sessionStorage.setItem(dismissedKey(tenantId, notice), String(Date.now()));
