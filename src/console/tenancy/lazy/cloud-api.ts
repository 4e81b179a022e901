import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { PlanId, PlanQuota } from '../../../shared/plans';
import type { TenantRegion, TenantRole } from '../../../shared/tenant-permissions';
import { tenancyShell } from '../shell';

/** A tenant as the cloud's tenants API answers it (spec §3). */
export interface CloudTenant {
  id: string;
  name: string;
  tag: 'development' | 'production';
  regionName: TenantRegion;
  indicator: string;
  isSuspended: boolean;
  planId: PlanId;
  role: TenantRole;
  createdAt: number;
  /** This period's monthly active users and tokens, the plan's limits of them, and the unpaid invoices. */
  usage: { activeUsers: number; tokenUsage: number };
  quota: { mauLimit: number | null; tokenLimit: number | null };
  openInvoices: Pick<Invoice, 'id' | 'amountDue' | 'currency'>[];
}

export interface NewCloudTenant {
  name: string;
  tag: CloudTenant['tag'];
  regionName: TenantRegion;
}

export interface TenantMember {
  id: string;
  username: string | null;
  name: string | null;
  primaryEmail: string | null;
  avatar: string | null;
  role: TenantRole;
}

export interface TenantInvitation {
  id: string;
  invitee: string;
  status: 'Pending' | 'Accepted' | 'Expired' | 'Revoked';
  expiresAt: number;
  organizationRoles: { id: string; name: string }[];
}

/** An invitation as its invitee reads it, with the tenant it is to. */
export interface ReceivedInvitation extends Omit<TenantInvitation, 'organizationRoles'> {
  tenantId: string;
  tenantName: string;
  tenantTag: CloudTenant['tag'];
}

/** A tenant's subscription (Logto cloud's): its plan, whether it is in good standing, the period and quotas. */
export interface TenantSubscription {
  status: string;
  planId: PlanId;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  isEnterprisePlan: boolean;
  quota: PlanQuota;
}

/** What a tenant uses against its plan, per quota key. */
export interface SubscriptionUsage {
  quota: PlanQuota;
  usage: Partial<Record<keyof PlanQuota, number>>;
}

/** A purchase started at the payment provider, and the tenant it is for once known. */
export interface CheckoutSession {
  id: string;
  skuId: PlanId;
  status: 'open' | 'complete' | 'expired';
  tenantId: string | null;
}

export interface NewCheckout {
  skuId: PlanId;
  successCallbackUrl: string;
  tenantId?: string;
  tenantName?: string;
  tenantTag?: CloudTenant['tag'];
  tenantRegionName?: TenantRegion;
}

/** An invoice of the tenant's subscription (amounts in cents). */
export interface Invoice {
  id: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountDue: number;
  amountPaid: number;
  currency: string;
  planId: PlanId | null;
  periodStart: number | null;
  periodEnd: number | null;
  hostedInvoiceUrl: string | null;
  createdAt: number;
}

const call = <T>(...args: Parameters<ReturnType<typeof tenancyShell.accountApi>['adminApi']>) =>
  tenancyShell.accountApi().adminApi<T>(...args);
const tenants = apiRoutes.cloudTenant.actions;
const members = apiRoutes.tenantMember.actions;
const invitations = apiRoutes.tenantInvitation.actions;
const received = apiRoutes.cloudInvitation.actions;
const subscriptions = apiRoutes.tenantSubscription.actions;
const checkouts = apiRoutes.checkoutSession.actions;

/** The cloud's API on the admin tenant (spec §7), called with the session's token for the cloud API. */
export const cloudApi = {
  tenants: () => call<CloudTenant[]>('GET', apiPath(tenants.list)),
  createTenant: (tenant: NewCloudTenant) => call<CloudTenant>('POST', apiPath(tenants.create), tenant),
  updateTenant: (id: string, patch: Partial<Pick<CloudTenant, 'name' | 'tag'>>) =>
    call<CloudTenant>('PATCH', apiPath(tenants.update, { id }), patch),
  deleteTenant: (id: string) => call<void>('DELETE', apiPath(tenants.delete, { id })),
  members: (id: string) => call<TenantMember[]>('GET', apiPath(members.list, { id })),
  setRole: (id: string, userId: string, roleName: TenantRole) =>
    call<TenantMember[]>('PUT', apiPath(members.role, { id, userId }), { roleName }),
  removeMember: (id: string, userId: string) => call<void>('DELETE', apiPath(members.remove, { id, userId })),
  invitations: (id: string) => call<TenantInvitation[]>('GET', apiPath(invitations.list, { id })),
  invite: (id: string, invitee: string[], roleName: TenantRole) =>
    call<TenantInvitation[]>('POST', apiPath(invitations.create, { id }), { invitee, roleName }),
  revokeInvitation: (id: string, invitationId: string) =>
    call<void>('DELETE', apiPath(invitations.delete, { id, invitationId })),
  subscription: (id: string) => call<TenantSubscription>('GET', apiPath(subscriptions.get, { id })),
  usage: (id: string) => call<SubscriptionUsage>('GET', apiPath(subscriptions.usage, { id })),
  invoices: (id: string) => call<Invoice[]>('GET', apiPath(subscriptions.invoices, { id })),
  customerPortal: (id: string, callbackUrl: string) =>
    call<{ redirectUri?: string }>('POST', apiPath(subscriptions.portal, { id }), { callbackUrl }),
  startCheckout: (checkout: NewCheckout) =>
    call<{ redirectUri?: string; sessionId: string }>('POST', apiPath(checkouts.create), checkout),
  checkoutSession: (id: string) => call<CheckoutSession>('GET', apiPath(checkouts.get, { id })),
  receivedInvitations: () => call<ReceivedInvitation[]>('GET', apiPath(received.list)),
  receivedInvitation: (id: string) => call<ReceivedInvitation>('GET', apiPath(received.get, { id })),
  acceptInvitation: (id: string) =>
    call<ReceivedInvitation>('PATCH', apiPath(received.status, { id }), { status: 'Accepted' }),
};
