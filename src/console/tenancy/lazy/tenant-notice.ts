import { paidPlans } from '../../../shared/plans';
import type { CloudTenant } from './cloud-api';

/** A tenant's standing as the switcher tags it (spec §5), most pressing first. */
export type TenantStatus = 'suspended' | 'overdue' | 'mau_exceeded' | 'token_exceeded';

type Standing = Pick<CloudTenant, 'isSuspended' | 'planId' | 'usage' | 'quota' | 'openInvoices'>;

/**
 * The spec's priority: suspended, then unpaid invoices (overdue), then monthly active users at or over the plan's
 * limit, then tokens at or over the limit on a plan that is not paid; otherwise none.
 */
export const tenantStatus = (tenant: Standing): TenantStatus | undefined => {
  if (tenant.isSuspended) return 'suspended';
  if (tenant.openInvoices.length > 0) return 'overdue';
  const { quota, usage } = tenant;
  if (quota.mauLimit !== null && usage.activeUsers >= quota.mauLimit) return 'mau_exceeded';
  if (quota.tokenLimit !== null && !paidPlans.includes(tenant.planId) && usage.tokenUsage >= quota.tokenLimit) {
    return 'token_exceeded';
  }
  return undefined;
};

/** What the console tells a tenant's managers about it (spec §4). */
export type TenantNotice =
  | { kind: 'overdue'; total: number; currency: string }
  | { kind: 'mau_exceeded'; limit: number }
  | { kind: 'token_exceeded'; limit: number };

/** The dialog of a production tenant's standing; development tenants, and suspended ones, get none. */
export const tenantNotice = (tenant: Standing & Pick<CloudTenant, 'tag'>): TenantNotice | undefined => {
  if (tenant.tag === 'development') return undefined;
  const status = tenantStatus(tenant);
  if (status === 'overdue') {
    const total = tenant.openInvoices.reduce((sum, invoice) => sum + invoice.amountDue, 0);
    return { kind: 'overdue', total, currency: tenant.openInvoices[0]?.currency ?? 'usd' };
  }
  if (status === 'mau_exceeded') return { kind: status, limit: tenant.quota.mauLimit ?? 0 };
  if (status === 'token_exceeded') return { kind: status, limit: tenant.quota.tokenLimit ?? 0 };
  return undefined;
};

/** A notice dismissed stays closed for the browser session. */
const dismissedKey = (tenantId: string, notice: TenantNotice) => `gatehouse.notice.${tenantId}.${notice.kind}`;
export const isDismissed = (tenantId: string, notice: TenantNotice) =>
  sessionStorage.getItem(dismissedKey(tenantId, notice)) !== null;
export const dismiss = (tenantId: string, notice: TenantNotice) =>
  sessionStorage.setItem(dismissedKey(tenantId, notice), String(Date.now()));
