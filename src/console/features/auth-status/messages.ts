/**
 * The auth-status page's protocol (spec §3, §5): a window asks with `{ type: 'CheckAdminToken', requestId }` and is
 * answered `AdminTokenStatus` (signed in or not) or `AdminTokenError`. Only windows of this origin, of the same
 * registrable domain, or both on localhost are answered.
 */

export interface CheckAdminToken {
  type: 'CheckAdminToken';
  requestId?: string;
}

const isLocal = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/** The last two labels of a host name (`console.example.com` → `example.com`); an IP address is itself. */
const registrableDomain = (hostname: string) =>
  /^[\d.]+$|^\[/.test(hostname) ? hostname : hostname.split('.').slice(-2).join('.');

export const isTrustedOrigin = (origin: string, own: string): boolean => {
  if (origin === own) return true;
  const [theirs, ours] = [URL.parse(origin), URL.parse(own)];
  if (!theirs || !ours || (theirs.protocol !== 'https:' && theirs.protocol !== 'http:')) return false;
  if (isLocal(theirs.hostname) && isLocal(ours.hostname)) return true;
  return registrableDomain(theirs.hostname) === registrableDomain(ours.hostname);
};

export const isCheckAdminToken = (data: unknown): data is CheckAdminToken =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'CheckAdminToken';
