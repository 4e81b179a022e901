import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { i18n } from '../i18n';
import { type AccountApi, createAccountApi } from './account-api';
import {
  CONSOLE_CLIENT_ID,
  consoleResource,
  consoleUrls,
  SIGN_IN_PROMPT,
  signInResources,
  signInScopes,
} from './config';
import { consolePathOf } from './redirect-memory';
import { AuthSession } from './session';

/**
 * The browser's OpenID client for the console.
 *
 * Tokens live in localStorage, not sessionStorage: the profile opens in a new tab (spec §2), a reload or a second
 * tab must not ask for the password again (every sign-in prompts for it), and tabs share one rotating refresh token
 * (renewals are serialized across tabs with Web Locks, see `AuthSession.renew`). Either storage is readable by any
 * script on the page, so the protection is the same: a strict Content-Security-Policy (scripts only from this
 * origin), short-lived access tokens and refresh tokens that rotate on every use and end with sign-out.
 */
export const createUserManager = (origin: string, storage: Storage = globalThis.localStorage) => {
  const urls = consoleUrls(origin);
  const store = new WebStorageStateStore({ store: storage, prefix: 'gatehouse.oidc.' });
  return new UserManager({
    authority: urls.authority,
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: urls.redirectUri,
    post_logout_redirect_uri: urls.postLogoutRedirectUri,
    response_type: 'code',
    scope: signInScopes(),
    prompt: SIGN_IN_PROMPT,
    // The resource on the authorization request and on the code exchange; renewals name it too (`AuthSession.renew`).
    resource: signInResources(),
    extraTokenParams: { resource: consoleResource() },
    userStore: store,
    stateStore: store,
    // The access token is for the management API, not for the provider's userinfo endpoint.
    loadUserInfo: false,
    // Renewal runs in `AuthSession` (refresh token, one tab at a time); the iframe fallback is impossible anyway
    // (the provider's pages forbid framing).
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    requestTimeoutInSeconds: 20,
    silentRequestTimeoutInSeconds: 20,
    // Sign-out revokes the refresh token itself (`AuthSession.signOut`), so a failed revocation cannot stop it; the
    // provider answers revocations with an empty text/plain body.
    revokeTokensOnSignout: false,
    revokeTokenTypes: ['refresh_token'],
    revokeTokenAdditionalContentTypes: ['text/plain'],
  });
};

export const webLock =
  typeof navigator !== 'undefined' && navigator.locks
    ? <T>(name: string, task: () => Promise<T>) => navigator.locks.request(name, task) as Promise<T>
    : undefined;

let auth: AuthSession | undefined;
let account: AccountApi | undefined;
let manager: UserManager | undefined;

/** The page's OpenID client (one per page). */
export const userManager = () => {
  manager ??= createUserManager(window.location.origin);
  return manager;
};

/** The console's sign-in session (one per page). */
export const getAuth = (): AuthSession => {
  if (!auth) {
    const { origin } = window.location;
    auth = new AuthSession(userManager(), {
      currentPath: () => consolePathOf(window.location),
      assign: (url) => window.location.assign(url),
      postLogoutRedirectUri: consoleUrls(origin).postLogoutRedirectUri,
      storage: globalThis.sessionStorage,
      isSecureContext: () => window.isSecureContext && Boolean(globalThis.crypto?.subtle),
      ...(webLock ? { lock: webLock } : {}),
    });
    // Another tab signed in, renewed or signed out: the token storage is shared, follow it.
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key.startsWith('gatehouse.oidc.user:')) void auth?.reload();
    });
  }
  return auth;
};

/** The signed-in user's own account on the admin tenant. */
export const getAccountApi = (): AccountApi => {
  account ??= createAccountApi({
    adminBase: consoleUrls(window.location.origin).adminBase,
    getAccessToken: () => getAuth().getAccessToken(),
    getLanguage: () => i18n.language,
  });
  return account;
};
