/** The sign-in session's state, failures and the seams it is built on (the OIDC client, the browser). */
import type { SigninRedirectArgs, SigninSilentArgs, SignoutRedirectArgs, User } from 'oidc-client-ts';

/** What the session needs of oidc-client-ts's `UserManager` (a narrow seam, so tests can stand in for it). */
export interface OidcUserManager {
  getUser(): Promise<User | null>;
  removeUser(): Promise<void>;
  signinRedirect(args?: SigninRedirectArgs): Promise<void>;
  signinRedirectCallback(url?: string): Promise<User>;
  signinSilent(args?: SigninSilentArgs): Promise<User | null>;
  signoutRedirect(args?: SignoutRedirectArgs): Promise<void>;
  revokeTokens(types?: ('access_token' | 'refresh_token')[]): Promise<void>;
  events: {
    addAccessTokenExpiring(callback: () => void): unknown;
    addAccessTokenExpired(callback: () => void): unknown;
  };
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'redirecting' | 'failed';

export type AuthFailureReason =
  /** Sign-in needs Web Crypto (PKCE), which browsers offer only on https or localhost. */
  | 'insecure_context'
  /** The provider answered the sign-in with an error (cancelled consent, expired request, …). */
  | 'sign_in_failed'
  /** The API keeps rejecting fresh tokens: signing in again would loop. */
  | 'rejected';

export interface AuthFailure {
  reason: AuthFailureReason;
  message?: string;
  code?: string;
}

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  failure?: AuthFailure;
}

/** An API failure as the session sees it (the HTTP layer's `ApiError`). */
export interface ApiFailure {
  statusCode: number;
  code?: string | undefined;
  message: string;
}

export interface SessionEnvironment {
  /** The page the browser shows, as a console route (`/roles?page=1`). */
  currentPath: () => string;
  /** Leaves the console for a URL (used when the client library cannot navigate itself). */
  assign: (url: string) => void;
  postLogoutRedirectUri: string;
  /** Tab-scoped storage for the re-sign-in loop guard. */
  storage?: Storage | undefined;
  now?: () => number;
  isSecureContext?: () => boolean;
  /** Serializes token renewal across tabs (Web Locks); absent, renewals are serialized within the tab only. */
  lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}
