import type { PlanId } from '../../../shared/plans';
import { cloudApi, type NewCheckout } from './cloud-api';

/**
 * The browser's side of a purchase (spec §4): a random state goes into the success URL and into local storage with
 * the session, the browser leaves for the provider's payment page, and the checkout-success page later finds the
 * purchase by the state the URL brings back.
 */

export const CHECKOUT_STORAGE_KEY = 'checkout-state';
const STATE_LENGTH = 8;

export interface StoredCheckout {
  state: string;
  sessionId: string;
  tenantId?: string;
  skuId: PlanId;
}

const randomState = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(STATE_LENGTH));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
};

/** Starts a checkout and leaves for the provider; throws when the provider gave no page to go to. */
export const startCheckout = async (checkout: Omit<NewCheckout, 'successCallbackUrl'>) => {
  const state = randomState();
  const successCallbackUrl = `${window.location.origin}/console/checkout-success?state=${state}`;
  const { redirectUri, sessionId } = await cloudApi.startCheckout({ ...checkout, successCallbackUrl });
  if (!redirectUri) throw new Error('unknown');
  const stored: StoredCheckout = {
    state,
    sessionId,
    skuId: checkout.skuId,
    ...(checkout.tenantId ? { tenantId: checkout.tenantId } : {}),
  };
  window.localStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(stored));
  window.location.assign(redirectUri);
};

/** The stored checkout matching the URL's state, or why there is none (`invalid`: unreadable; `mismatch`). */
export const storedCheckout = (state: string | null): StoredCheckout | 'invalid' | 'mismatch' => {
  const text = window.localStorage.getItem(CHECKOUT_STORAGE_KEY);
  if (!text) return 'mismatch';
  try {
    const stored = JSON.parse(text) as StoredCheckout;
    return stored.state === state ? stored : 'mismatch';
  } catch {
    return 'invalid';
  }
};

export const clearCheckout = () => window.localStorage.removeItem(CHECKOUT_STORAGE_KEY);
