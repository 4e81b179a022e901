/** Linking a social account in a popup (spec §6, §9: 600×640, a state of 8 characters). */
export const SOCIAL_POPUP = 'width=600,height=640';
const STATE_LENGTH = 8;
const STORAGE_KEY = 'gatehouse.social-link';
/**
 * The channel the popup tells the profile on once the account is linked (or the link was refused): the popup has no
 * opener any more after the provider's pages (the console isolates its browsing context), but shares the origin.
 */
export const SOCIAL_CHANNEL = 'gatehouse-social-link';

export interface PendingLink {
  state: string;
  connectorId: string;
}

/** The page the provider returns to: the console's `handle-social`, which finishes the link. */
export const socialCallbackUrl = () => `${window.location.origin}/console/handle-social`;

/** A new link to wait for: its random state, kept where the popup (same origin) finds it. */
export const startLink = (connectorId: string): PendingLink => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = crypto.getRandomValues(new Uint8Array(STATE_LENGTH));
  const state = Array.from(random, (byte) => alphabet[byte % alphabet.length]).join('');
  const pending = { state, connectorId };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  return pending;
};

/** The link under way whose state the provider sent back, taken (once). */
export const takeLink = (state: string | null): PendingLink | undefined => {
  const stored = localStorage.getItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
  if (!stored || !state) return undefined;
  try {
    const pending = JSON.parse(stored) as PendingLink;
    return pending.state === state ? pending : undefined;
  } catch {
    return undefined;
  }
};
