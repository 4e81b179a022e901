import type Stripe from 'stripe';
import { applyBillingEvent } from '../../../server/billing/events.js';
import { stripeOf } from '../../../server/billing/stripe-client.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { rawBodyOf } from '../../../server/http/json-body.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';

/** How old a signed event may be (Stripe's default tolerance, seconds): a replayed old one is refused. */
const TOLERANCE_S = 300;

/**
 * The payment provider's webhook: only an event whose `Stripe-Signature` (HMAC-SHA256 over the body as sent, with
 * the webhook secret, within the tolerance) verifies is applied; anything else is refused with 400 and changes
 * nothing.
 */
export const stripeWebhookOverrides = {
  'stripeWebhook.receive': {
    kind: 'action',
    authenticate: async (request) => {
      // The cloud's own route, served by the admin tenant only.
      if ((request.params as { tenantId?: string }).tenantId !== ADMIN_TENANT_ID)
        throw new ApiError('entity.not_found');
      const settings = request.server.billing;
      const stripe = stripeOf(settings);
      const signature = request.headers['stripe-signature'];
      const body = rawBodyOf(request);
      if (!settings || typeof signature !== 'string' || body === undefined) {
        throw new ApiError('subscription.invalid_signature');
      }
      try {
        const event = stripe.webhooks.constructEvent(body, signature, settings.webhookSecret, TOLERANCE_S);
        return { actor: { kind: 'system', id: 'billing' }, caller: event };
      } catch {
        throw new ApiError('subscription.invalid_signature');
      }
    },
    run: async (input) => {
      await applyBillingEvent(input, input.caller as Stripe.Event);
      return { received: true };
    },
  },
} satisfies Record<string, ServerOverride>;
