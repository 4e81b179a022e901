import { CONSOLE_BASE_PATH } from './config';

/**
 * The page a visitor was on when sign-in started, restored after it (spec §2). It travels inside the authorization
 * request's state (the client library keeps it in its state store and hands it back with the signed-in user), so
 * two tabs signing in at once each return to their own page.
 */

/** What the router calls the page: path below `/console`, with query and hash. */
export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** Pages that are part of signing in themselves; returning to them would start over. */
const signInPaths = ['/callback', '/welcome'];

const isSignInPath = (pathname: string) =>
  signInPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** The browser's address as a console route (`/console/roles?page=1` → `/roles?page=1`). */
export const consolePathOf = (location: PageLocation): string => {
  let { pathname } = location;
  if (pathname === CONSOLE_BASE_PATH || pathname.startsWith(`${CONSOLE_BASE_PATH}/`)) {
    pathname = pathname.slice(CONSOLE_BASE_PATH.length) || '/';
  }
  return `${pathname}${location.search}${location.hash}`;
};

/**
 * A remembered page, checked before the console navigates to it: only a console route of this origin (no scheme,
 * no `//host`, no backslash tricks), never a sign-in page. Anything else becomes the console's root.
 */
export const safeReturnPath = (value: unknown): string => {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/';
  }
  let parsed: URL;
  try {
    parsed = new URL(value, 'http://console.invalid');
  } catch {
    return '/';
  }
  if (parsed.origin !== 'http://console.invalid' || isSignInPath(parsed.pathname)) return '/';
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

/** The state carried through the authorization request. */
export interface SignInState {
  returnTo: string;
}

export const signInStateOf = (returnTo: string): SignInState => ({ returnTo: safeReturnPath(returnTo) });

export const returnPathOf = (state: unknown): string =>
  safeReturnPath(typeof state === 'object' && state !== null ? (state as Partial<SignInState>).returnTo : undefined);

/**
 * The sign-up hint (spec §2): the visitor is sent to registration rather than sign-in when the query says
 * `sign_up=true` or the page is an invitation acceptance (`/accept/{invitationId}`).
 */
export const wantsSignUp = (location: Pick<PageLocation, 'pathname' | 'search'>): boolean => {
  const route = consolePathOf({ ...location, search: '', hash: '' });
  if (/^\/accept\/[^/]+/.test(route)) return true;
  return new URLSearchParams(location.search).get('sign_up') === 'true';
};

/**
 * The page saved while a first-run visitor is on the welcome screen (the welcome screen's own address is not where
 * they wanted to go). Session storage: it belongs to this tab only.
 */
const pendingKey = 'gatehouse.auth.pending_return';

export const rememberPendingReturn = (path: string, storage: Storage | undefined = globalThis.sessionStorage) => {
  try {
    storage?.setItem(pendingKey, safeReturnPath(path));
  } catch {
    // Storage can be unavailable; the visitor then lands on the console's root.
  }
};

export const takePendingReturn = (storage: Storage | undefined = globalThis.sessionStorage): string => {
  try {
    const value = storage?.getItem(pendingKey);
    storage?.removeItem(pendingKey);
    return safeReturnPath(value ?? '/');
  } catch {
    return '/';
  }
};
