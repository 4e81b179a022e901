import type Stripe from 'stripe';
import { type PlanId, planIds } from '../../shared/plans.js';
import { generateId } from '../crud/ids.js';
import type { ActionOverride } from '../crud/overrides.js';
import type { Entity } from '../crud/repository.js';
import { createTenant } from '../tenants/lifecycle.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';

/**
 * What the payment provider's events change (Stripe's webhook events): a completed checkout moves its tenant to the
 * plan bought (or creates the new tenant on it), subscription changes follow the subscription's state (a deleted one
 * returns the tenant to the free plan), and invoices are recorded for the tenant's billing history. Each event is
 * applied idempotently: the provider may send one more than once.
 */

type Run = Parameters<ActionOverride['run']>[0];

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);
const planOf = (value: unknown): PlanId | undefined =>
  (planIds as readonly unknown[]).includes(value) ? (value as PlanId) : undefined;

const tenantWhere = async ({ db }: Run, column: 'billing_customer_id' | 'billing_subscription_id', value?: string) => {
  if (!value) return undefined;
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM tenants WHERE ${column} = $1`, [value]);
  return rows[0]?.id;
};

const updateTenant = async (input: Run, tenantId: string, patch: Entity) => {
  await input.operationsOf('tenant').repository.update(input.db, { tenantId }, tenantId, patch);
  input.request.server.tenantDirectory.forget(tenantId);
};

/**
 * Claims an open checkout for this delivery (its row locked, marked complete), so a second delivery of the same event
 * racing this one finds it complete and does nothing; undefined when it is unknown or was claimed already.
 */
const claimCheckout = (input: Run, id: string) => {
  const checkouts = input.operationsOf('checkoutSession').repository;
  const scope = { tenantId: ADMIN_TENANT_ID };
  return input.db.withTenant(ADMIN_TENANT_ID, async (tx) => {
    const checkout = await checkouts.find(tx, scope, id, true);
    if (checkout?.status !== 'open') return undefined;
    await checkouts.update(tx, scope, id, { status: 'complete' });
    return checkout;
  });
};

const checkoutCompleted = async (input: Run, session: Stripe.Checkout.Session) => {
  const checkouts = input.operationsOf('checkoutSession').repository;
  const scope = { tenantId: ADMIN_TENANT_ID };
  const id = session.client_reference_id ?? '';
  const checkout = await claimCheckout(input, id);
  if (!checkout) return;
  const planId = planOf(checkout.skuId) ?? 'free';
  const billing = {
    billingCustomerId: idOf(session.customer) ?? null,
    billingSubscriptionId: idOf(session.subscription) ?? null,
    subscriptionStatus: 'active',
  };
  let tenantId = checkout.targetTenantId as string | null;
  try {
    if (tenantId) await updateTenant(input, tenantId, { planId, ...billing });
    else {
      tenantId = await createTenant(
        { db: input.db, operationsOf: input.operationsOf, edition: input.context.edition },
        {
          name: String(checkout.tenantName),
          tag: checkout.tenantTag === 'development' ? 'development' : 'production',
          regionName: String(checkout.tenantRegionName ?? 'EU'),
          planId,
          ...billing,
        },
        { kind: 'user', id: String(checkout.userId) },
      );
    }
  } catch (error) {
    // Open again, so the provider's next delivery of the event (it retries a refused one) completes it.
    await input.db.withTenant(ADMIN_TENANT_ID, (tx) => checkouts.update(tx, scope, id, { status: 'open' }));
    throw error;
  }
  await input.db.withTenant(ADMIN_TENANT_ID, (tx) => checkouts.update(tx, scope, id, { targetTenantId: tenantId }));
};

const subscriptionChanged = async (input: Run, subscription: Stripe.Subscription, deleted: boolean) => {
  const tenantId = await tenantWhere(input, 'billing_subscription_id', subscription.id);
  if (!tenantId) return;
  if (deleted) {
    await updateTenant(input, tenantId, { planId: 'free', billingSubscriptionId: null, subscriptionStatus: 'active' });
    return;
  }
  const planId = planOf(subscription.metadata?.skuId);
  await updateTenant(input, tenantId, { subscriptionStatus: subscription.status, ...(planId ? { planId } : {}) });
};

const timestamp = (seconds: number | null | undefined) => (seconds ? seconds * 1000 : null);

const invoiceChanged = async (input: Run, invoice: Stripe.Invoice) => {
  const tenantId = await tenantWhere(input, 'billing_customer_id', idOf(invoice.customer));
  if (!tenantId || !invoice.id) return;
  const invoices = input.operationsOf('invoice').repository;
  const values = {
    status: invoice.status ?? 'draft',
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    periodStart: timestamp(invoice.period_start),
    periodEnd: timestamp(invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    planId: planOf(invoice.metadata?.skuId) ?? null,
  };
  await input.db.withTenant(tenantId, async (tx) => {
    const known = await invoices.findBy(tx, { tenantId }, { providerInvoiceId: invoice.id });
    if (known) await invoices.update(tx, { tenantId }, String(known.id), values);
    else await invoices.insert(tx, tenantId, { id: generateId(), providerInvoiceId: invoice.id, ...values });
  });
};

/** Applies one verified event; events of other types are acknowledged and left alone. */
export const applyBillingEvent = async (input: Run, event: Stripe.Event) => {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(input, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionChanged(input, event.data.object, false);
    case 'customer.subscription.deleted':
      return subscriptionChanged(input, event.data.object, true);
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.voided':
    case 'invoice.marked_uncollectible':
      return invoiceChanged(input, event.data.object);
    default:
      return undefined;
  }
};
