import { StartRefused } from '../start-refused.js';

/**
 * Where the cloud's payment provider is reached, with Stripe's API (spec §7: checkout sessions, the customer portal,
 * signed webhooks): STRIPE_API_URL (default Stripe's own), STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. Unset keys
 * leave billing off: checkout answers `subscription.billing_not_configured`, webhooks are refused.
 */
export interface BillingSettings {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
}

const STRIPE_API_URL = 'https://api.stripe.com';

export const readBillingSettings = (env: NodeJS.ProcessEnv): BillingSettings | undefined => {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret) {
    throw new StartRefused('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together, or neither');
  }
  const apiUrl = env.STRIPE_API_URL || STRIPE_API_URL;
  const url = URL.parse(apiUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new StartRefused(`STRIPE_API_URL must be an http(s) URL such as ${STRIPE_API_URL}, got ${apiUrl}`);
  }
  return { apiUrl: url.origin, secretKey, webhookSecret };
};
