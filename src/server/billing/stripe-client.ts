import Stripe from 'stripe';
import { ApiError } from '../http/api-error.js';
import type { BillingSettings } from './settings.js';

/** How long a call to the payment provider may take (spec §7's request timeout). */
const TIMEOUT_MS = 20_000;

const clients = new WeakMap<BillingSettings, Stripe>();

/** Stripe's client for the configured API (its base URL may be a server of the same protocol, such as a test's). */
export const stripeOf = (settings: BillingSettings | undefined): Stripe => {
  if (!settings) throw new ApiError('subscription.billing_not_configured');
  const known = clients.get(settings);
  if (known) return known;
  const url = new URL(settings.apiUrl);
  const client = new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 1,
  });
  clients.set(settings, client);
  return client;
};

/** The provider's failure as the API's error: the provider could not be reached or refused the request. */
export const providerCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('subscription.provider_failed', {}, { reason: (error as Error).message });
  }
};
