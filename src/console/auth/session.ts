import type { User } from 'oidc-client-ts';
import { showAlert } from './alert-channel';
import { consoleResource } from './config';
import { clearReauth, REAUTH_LIMIT, REAUTH_WINDOW_MS, readReauth, writeReauth } from './reauth-guard';
import { returnPathOf, signInStateOf } from './redirect-memory';
import { RENEW_LOCK_NAME, RENEW_MARGIN_SECONDS } from './session-constants';
import { endsSession, signInFailureOf } from './session-failures';
import type { ApiFailure, AuthFailure, AuthState, OidcUserManager, SessionEnvironment } from './session-types';

export { endsSession } from './session-failures';
export type {
  ApiFailure,
  AuthFailure,
  AuthFailureReason,
  AuthState,
  AuthStatus,
  OidcUserManager,
  SessionEnvironment,
} from './session-types';

/** `403` with this message means the account may not use the console at all (spec §8). */
export const INSUFFICIENT_PERMISSIONS = 'Insufficient permissions.';
export { RENEW_MARGIN_SECONDS } from './session-constants';

const isUsable = (user: User | null): boolean => Boolean(user?.access_token) && !user?.expired;

/**
 * The console's sign-in session on top of oidc-client-ts: who is signed in, a valid access token for every request
 * (renewed with the refresh token shortly before it expires), sign-in with the page to come back to, sign-out at the
 * provider, and the reactions to API errors of spec §8.
 */
export class AuthSession {
  private state: AuthState = { status: 'loading', user: null };
  private readonly listeners = new Set<() => void>();
  private renewal: Promise<User | null> | undefined;
  private started: Promise<void> | undefined;
  private readonly callbacks = new Map<string, Promise<string>>();

  constructor(
    private readonly manager: OidcUserManager,
    private readonly env: SessionEnvironment,
  ) {}

  // ---- state for React (useSyncExternalStore) ----

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private setState(next: AuthState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private setUser(user: User | null) {
    if (this.state.status === 'redirecting') {
      this.state = { ...this.state, user };
      return;
    }
    this.setState(user && isUsable(user) ? { status: 'signed-in', user } : { status: 'signed-out', user: null });
  }

  /** Loads the stored user (renewing an expired access token first) and keeps tokens fresh from then on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.manager.events.addAccessTokenExpiring(() => void this.renewInBackground());
      this.manager.events.addAccessTokenExpired(() => void this.renewInBackground());
      let user = await this.manager.getUser().catch(() => null);
      if (user && !isUsable(user) && user.refresh_token) user = await this.renew(user.access_token).catch(() => null);
      if (this.state.status === 'loading') this.setUser(user);
    })();
    return this.started;
  }

  /** Another tab signed in, renewed or signed out (shared token storage): follow it. */
  async reload(): Promise<void> {
    if (this.state.status === 'loading' || this.state.status === 'redirecting') return;
    const user = await this.manager.getUser().catch(() => null);
    if (this.state.status === 'failed' && !isUsable(user)) return;
    this.setUser(user);
  }

  // ---- tokens ----

  /** A valid access token for the management API, renewed first when it is about to expire; none when signed out. */
  async getAccessToken(): Promise<string | undefined> {
    const user = await this.manager.getUser().catch(() => null);
    if (!user?.access_token) return undefined;
    if ((user.expires_in ?? Number.POSITIVE_INFINITY) > RENEW_MARGIN_SECONDS) return user.access_token;
    const renewed = await this.renew(user.access_token).catch((error: unknown) => {
      if (endsSession(error)) void this.reSignIn();
      return null;
    });
    return renewed?.access_token ?? (user.expired ? undefined : user.access_token);
  }

  /**
   * Exchanges the refresh token for new tokens, once at a time. Renewals are serialized across tabs: the refresh
   * token rotates, and the provider revokes the whole grant when a used one is presented again. A tab that waited
   * for another one's renewal takes the stored result instead of renewing twice.
   */
  renew(staleAccessToken?: string): Promise<User | null> {
    this.renewal ??= (async () => {
      const task = async () => {
        const current = await this.manager.getUser();
        if (!current) return null;
        const renewedElsewhere = staleAccessToken !== undefined && current.access_token !== staleAccessToken;
        if (renewedElsewhere && (current.expires_in ?? 0) > RENEW_MARGIN_SECONDS) return current;
        if (!current.refresh_token) return isUsable(current) ? current : null;
        return this.manager.signinSilent({ resource: consoleResource() });
      };
      try {
        const user = await (this.env.lock ? this.env.lock(RENEW_LOCK_NAME, task) : task());
        if (user) this.setUser(user);
        return user;
      } catch (error) {
        if (endsSession(error)) await this.manager.removeUser().catch(() => undefined);
        throw error;
      }
    })().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async renewInBackground() {
    if (this.state.status !== 'signed-in') return;
    try {
      await this.renew(this.state.user?.access_token);
    } catch (error) {
      // A lost network is retried by the next request; a grant the provider no longer knows needs a new sign-in.
      if (endsSession(error)) await this.reSignIn();
    }
  }

  // ---- signing in and out ----

  /**
   * Starts the authorization request. `returnTo` is the console route to come back to (spec §2); `signUp` opens the
   * provider's registration instead of its sign-in form.
   */
  async signIn({ returnTo = this.env.currentPath(), signUp = false }: { returnTo?: string; signUp?: boolean } = {}) {
    if (this.state.status === 'redirecting') return;
    this.setState({ status: 'redirecting', user: this.state.user });
    await this.redirectToSignIn(returnTo, signUp);
  }

  private async redirectToSignIn(returnTo: string, signUp: boolean) {
    if (!(this.env.isSecureContext?.() ?? true)) {
      this.setState({ status: 'failed', user: null, failure: { reason: 'insecure_context' } });
      return;
    }
    try {
      await this.manager.signinRedirect({
        state: signInStateOf(returnTo),
        ...(signUp ? { extraQueryParams: { first_screen: 'register' } } : {}),
      });
    } catch (error) {
      this.setState({ status: 'failed', user: null, failure: this.failureOf(error) });
    }
  }

  /**
   * Finishes the sign-in on the callback page and returns the remembered console route. The same callback URL is
   * processed once, however often it is asked for (React runs effects twice in development).
   */
  completeSignIn(url: string): Promise<string> {
    let pending = this.callbacks.get(url);
    if (!pending) {
      pending = this.manager.signinRedirectCallback(url).then(
        (user) => {
          this.setState(isUsable(user) ? { status: 'signed-in', user } : { status: 'signed-out', user: null });
          return returnPathOf(user.state);
        },
        (error: unknown) => {
          this.setState({ status: 'failed', user: null, failure: this.failureOf(error) });
          throw error;
        },
      );
      this.callbacks.set(url, pending);
    }
    return pending;
  }

  /** Ends the session at the provider, which then sends the browser back to the console's root. */
  async signOut(): Promise<void> {
    if (this.state.status === 'redirecting') return;
    this.setState({ status: 'redirecting', user: this.state.user });
    await this.endAtProvider();
  }

  private async endAtProvider(): Promise<void> {
    // The refresh token is what keeps the session alive; revoking it is best effort (sign-out goes on regardless).
    await this.manager.revokeTokens(['refresh_token']).catch(() => undefined);
    try {
      await this.manager.signoutRedirect({ post_logout_redirect_uri: this.env.postLogoutRedirectUri });
    } catch {
      // The provider cannot be reached: forget the tokens here at least.
      await this.manager.removeUser().catch(() => undefined);
      this.env.assign(this.env.postLogoutRedirectUri);
    }
  }

  /** Leaves the failure screen and starts a clean sign-in. */
  async retry(): Promise<void> {
    if (this.state.status === 'redirecting') return;
    this.setState({ status: 'redirecting', user: null });
    clearReauth(this.env.storage);
    await this.manager.removeUser().catch(() => undefined);
    await this.redirectToSignIn(this.env.currentPath(), false);
  }

  /**
   * The token was refused (401, or the provider no longer knows the grant): sign in again and come back to this
   * page. A token refused right after fresh sign-ins stops here with an error instead of redirecting forever.
   */
  async reSignIn(): Promise<void> {
    if (this.state.status === 'redirecting') return;
    this.setState({ status: 'redirecting', user: null });
    const now = (this.env.now ?? Date.now)();
    const recent = readReauth(this.env.storage).filter((at) => now - at < REAUTH_WINDOW_MS);
    await this.manager.removeUser().catch(() => undefined);
    if (recent.length >= REAUTH_LIMIT) {
      this.setState({ status: 'failed', user: null, failure: { reason: 'rejected' } });
      return;
    }
    writeReauth(this.env.storage, [...recent, now]);
    await this.redirectToSignIn(this.env.currentPath(), false);
  }

  /**
   * Spec §8 for a failed API call: 401 signs in again, 403 "Insufficient permissions." signs out, `auth.forbidden`
   * shows its message with a "Got it" button and then signs out. Returns true when the session took over (the page
   * is about to be left), so the caller does not report the error as well.
   */
  handleApiError(error: ApiFailure): boolean {
    if (this.state.status === 'redirecting') return true;
    if (error.statusCode === 401) {
      void this.reSignIn();
      return true;
    }
    if (error.code === 'auth.forbidden') {
      this.setState({ status: 'redirecting', user: this.state.user });
      void showAlert(error.message).then(() => this.endAtProvider());
      return true;
    }
    if (error.statusCode === 403 && error.message === INSUFFICIENT_PERMISSIONS) {
      void this.signOut();
      return true;
    }
    return false;
  }

  private failureOf(error: unknown): AuthFailure {
    return signInFailureOf(error, this.env.isSecureContext?.() ?? true);
  }
}
