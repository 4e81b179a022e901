import { consoleUser } from '../../../server/auth/console-user.js';
import { readCheckout, startCheckout } from '../../../server/billing/checkout.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';

/** Buying a plan at the payment provider (Logto cloud's `/api/checkout-session`), by signed-in console accounts. */
export const checkoutSessionOverrides = {
  'checkoutSession.create': { kind: 'action', authenticate: consoleUser, run: startCheckout },
  'checkoutSession.get': { kind: 'action', authenticate: consoleUser, run: readCheckout },
} satisfies Record<string, ServerOverride>;
