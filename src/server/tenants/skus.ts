import { type PlanId, planPrices, planQuotas, selectablePlans } from '../../shared/plans.js';

/** The plans as sold (Logto cloud's SKUs): the Basic plans with a price, each with its quotas. */

const planNames: Readonly<Record<PlanId, string>> = {
  free: 'Free',
  pro: 'Pro',
  'pro-202411': 'Pro',
  dev: 'Development',
  enterprise: 'Enterprise',
  admin: 'Admin',
};

/** When this release's plans took effect: the SKUs' `createdAt` and `updatedAt`. */
const PLANS_SINCE = Date.UTC(2024, 10, 1);

export const skuOf = (id: PlanId) => ({
  id,
  name: planNames[id],
  type: 'Basic' as const,
  unitPrice: planPrices[id] ?? 0,
  productId: null,
  defaultPriceId: null,
  quota: planQuotas[id],
  createdAt: PLANS_SINCE,
  updatedAt: PLANS_SINCE,
});

/** The SKUs of a type (`Basic` plans; no add-ons are sold yet). */
export const skuList = (type: unknown, ids: readonly PlanId[] = selectablePlans) =>
  type === 'AddOn' ? [] : ids.map(skuOf);
