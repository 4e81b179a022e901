import { consoleUser } from '../../../server/auth/console-user.js';
import { providerCall, stripeOf } from '../../../server/billing/stripe-client.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { memberTenant } from '../../../server/tenants/membership.js';
import { skuList } from '../../../server/tenants/skus.js';
import { subscriptionOf } from '../../../server/tenants/tenant-standing.js';
import { tenantUsage } from '../../../server/tenants/usage.js';
import { planQuotas } from '../../../shared/plans.js';

/**
 * A cloud tenant's subscription as its members read it (Logto cloud's `/api/tenants/{id}/subscription`,
 * `subscription-usage` and `available-skus`): the plan with its quotas, the current period, and the usage.
 */
export const tenantSubscriptionOverrides = {
  'tenantSubscription.get': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'read:data');
      return { ...subscriptionOf(row), quota: planQuotas[row.planId] };
    },
  },
  'tenantSubscription.usage': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'read:data');
      return tenantUsage(input.db, input.models, row);
    },
  },
  'tenantSubscription.available-skus': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      await memberTenant(input, 'manage:tenant');
      return skuList(input.query.type);
    },
  },
  'tenantSubscription.invoices': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'manage:tenant');
      const invoices = input.operationsOf('invoice').repository;
      const { items } = await input.db.read(row.id, (tx) => invoices.list(tx, { tenantId: row.id }, {}));
      return items.map(({ tenantId: _, providerInvoiceId, ...invoice }) => ({ ...invoice, id: providerInvoiceId }));
    },
  },
  'tenantSubscription.portal': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'manage:tenant');
      const stripe = stripeOf(input.request.server.billing);
      if (!row.billingCustomerId) throw new ApiError('entity.not_found');
      const customer = row.billingCustomerId;
      const session = await providerCall(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: String(input.body.callbackUrl) }),
      );
      return { redirectUri: session.url };
    },
  },
} satisfies Record<string, ServerOverride>;
