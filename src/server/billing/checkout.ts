import type Stripe from 'stripe';
import { type PlanId, paidPlans, planPrices, selectablePlans } from '../../shared/plans.js';
import { cloudApiScopes } from '../../shared/tenant-permissions.js';
import type { ConsoleCaller } from '../auth/console-user.js';
import { generateId } from '../crud/ids.js';
import type { ActionOverride } from '../crud/overrides.js';
import { ApiError } from '../http/api-error.js';
import { memberTenant, requireScope } from '../tenants/membership.js';
import { skuOf } from '../tenants/skus.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';
import { providerCall, stripeOf } from './stripe-client.js';

/**
 * Starting a purchase (Logto cloud's `POST /api/checkout-session`): a paid plan for a tenant the caller manages, or
 * for a new tenant that is created once the provider reports the purchase. The provider's Checkout Session carries
 * our session's id (`client_reference_id`), which its webhook names when the purchase completes.
 */

type Run = Parameters<ActionOverride['run']>[0];

interface CheckoutBody {
  skuId: PlanId;
  successCallbackUrl: string;
  tenantId?: string;
  tenantName?: string;
  tenantTag?: 'development' | 'production';
  tenantRegionName?: string;
}

/** Who buys for which tenant: the tenant's row when it exists (its customer at the provider), else the new one's. */
const buyerOf = async (input: Run, body: CheckoutBody) => {
  if (body.tenantId) {
    const { row } = await memberTenant({ ...input, params: { ...input.params, id: body.tenantId } }, 'manage:tenant');
    return { tenantId: row.id, customer: row.billingCustomerId ?? undefined };
  }
  requireScope(input.caller, cloudApiScopes.createTenant);
  if (!body.tenantName)
    throw new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path: 'tenantName' }] });
  return { tenantId: undefined, customer: undefined };
};

export const startCheckout = async (input: Run) => {
  const body = input.body as unknown as CheckoutBody;
  if (!selectablePlans.includes(body.skuId) || !paidPlans.includes(body.skuId)) {
    throw new ApiError('subscription.plan_not_selectable');
  }
  const stripe = stripeOf(input.request.server.billing);
  const { user } = input.caller as ConsoleCaller;
  const buyer = await buyerOf(input, body);
  const id = generateId();
  const sku = skuOf(body.skuId);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    client_reference_id: id,
    success_url: body.successCallbackUrl,
    cancel_url: new URL('/console', body.successCallbackUrl).href,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: planPrices[body.skuId] ?? 0,
          recurring: { interval: 'month' },
          product_data: { name: sku.name },
        },
      },
    ],
    metadata: { checkoutSessionId: id, skuId: body.skuId, ...(buyer.tenantId ? { tenantId: buyer.tenantId } : {}) },
    subscription_data: { metadata: { skuId: body.skuId, ...(buyer.tenantId ? { tenantId: buyer.tenantId } : {}) } },
    ...(buyer.customer ? { customer: buyer.customer } : user.primaryEmail ? { customer_email: user.primaryEmail } : {}),
  };
  const session = await providerCall(() => stripe.checkout.sessions.create(params));
  if (!session.url) throw new ApiError('subscription.provider_failed', {}, { reason: 'no checkout URL' });
  await input.db.withTenant(ADMIN_TENANT_ID, (tx) =>
    input.operationsOf('checkoutSession').repository.insert(tx, ADMIN_TENANT_ID, {
      id,
      userId: user.id,
      skuId: body.skuId,
      targetTenantId: buyer.tenantId ?? null,
      tenantName: body.tenantName ?? null,
      tenantTag: body.tenantTag ?? (buyer.tenantId ? null : 'production'),
      tenantRegionName: body.tenantRegionName ?? (buyer.tenantId ? null : 'EU'),
      providerSessionId: session.id,
      status: 'open',
    }),
  );
  return { redirectUri: session.url, sessionId: id };
};

/** A checkout the caller started, with the tenant it is for once known; another account's is not found. */
export const readCheckout = async (input: Run) => {
  const { user } = input.caller as ConsoleCaller;
  const row = await input.db.read(ADMIN_TENANT_ID, (tx) =>
    input.operationsOf('checkoutSession').repository.find(tx, { tenantId: ADMIN_TENANT_ID }, input.params.id as string),
  );
  if (!row || row.userId !== user.id) throw new ApiError('entity.not_found');
  return { id: row.id, skuId: row.skuId, status: row.status, tenantId: row.targetTenantId ?? null };
};
