import type { AuthProvider } from '@refinedev/core';
import type { AccountApi } from './account-api';
import { identityOf } from './identity';
import type { AuthSession } from './session';

/**
 * Refine's view of the console's session. The routes are guarded before Refine mounts (`RequireAuth`), and failed
 * requests are handled where they fail (the HTTP layer calls `AuthSession.handleApiError`); Refine's hooks
 * (`useGetIdentity`, `useLogout`, `useIsAuthenticated`, the data hooks' `onError`) reach the same session here.
 */
export const createAuthProvider = (session: AuthSession, account: () => AccountApi): AuthProvider => ({
  check: async () => {
    await session.start();
    const token = await session.getAccessToken();
    // Signed out: `RequireAuth` sends the visitor to sign-in (or to the welcome screen on the first run).
    return token ? { authenticated: true } : { authenticated: false, logout: false };
  },

  login: async (params?: { returnTo?: string; signUp?: boolean }) => {
    await session.signIn(params ?? {});
    // The browser is on its way to the provider's sign-in page.
    return { success: true };
  },

  logout: async () => {
    await session.signOut();
    return { success: true };
  },

  onError: async (error: unknown) => {
    const failure = error as { statusCode?: unknown; code?: unknown; message?: unknown };
    if (typeof failure?.statusCode === 'number') {
      session.handleApiError({
        statusCode: failure.statusCode,
        code: typeof failure.code === 'string' ? failure.code : undefined,
        message: typeof failure.message === 'string' ? failure.message : '',
      });
    }
    // The session has already reacted (sign-in again, or sign-out); Refine has nothing more to do.
    return {};
  },

  getIdentity: async () => {
    const { user } = session.getState();
    if (!user) return null;
    const me = await account()
      .getMe()
      .catch(() => null);
    return identityOf(me, user.profile);
  },

  getPermissions: async () => {
    const { user } = session.getState();
    return user?.scopes ?? [];
  },
});
