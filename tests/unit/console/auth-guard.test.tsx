// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContextProvider } from '../../../src/console/auth/AuthContext';
import { RequireAuth } from '../../../src/console/auth/RequireAuth';
import { AuthSession, type OidcUserManager } from '../../../src/console/auth/session';
import '../../../src/console/i18n';
import { createMemoryRouter, Outlet as RouterOutlet, RouterProvider } from 'react-router';
import { Welcome } from '../../../src/console/features/welcome/Welcome';

const now = () => Math.floor(Date.now() / 1000);
const signedInUser = () =>
  new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    profile: { sub: 'u1', iss: 'i', aud: 'a', exp: now() + 3600, iat: now(), username: 'admin' },
    expires_at: now() + 3600,
  });

const sessionWith = (user: User | null) => {
  const redirects: unknown[] = [];
  const manager: OidcUserManager = {
    getUser: async () => user,
    removeUser: async () => undefined,
    signinRedirect: async (args) => {
      redirects.push(args);
    },
    signinRedirectCallback: async () => {
      throw new Error('not used');
    },
    signinSilent: async () => null,
    signoutRedirect: async () => undefined,
    revokeTokens: async () => undefined,
    events: { addAccessTokenExpiring: () => undefined, addAccessTokenExpired: () => undefined },
  };
  const session = new AuthSession(manager, {
    currentPath: () => '/',
    assign: () => undefined,
    postLogoutRedirectUri: 'http://localhost/console',
    storage: window.sessionStorage,
  });
  return { session, redirects };
};

const renderAt = (path: string, session: AuthSession) => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthContextProvider session={session}>
            <RouterOutlet />
          </AuthContextProvider>
        ),
        children: [
          { path: '/welcome', element: <Welcome /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/', element: <p>Home</p> },
              { path: '/roles', element: <p>Roles page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

const answerFirstRun = (firstRun: boolean) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/.well-known/first-run')) {
      return new Response(JSON.stringify({ firstRun }), { headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
  });

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route guard', () => {
  it('shows the page to a signed-in user', async () => {
    answerFirstRun(false);
    renderAt('/roles', sessionWith(signedInUser()).session);
    expect(await screen.findByText('Roles page')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign-in with the page to come back to and the sign-up hint', async () => {
    answerFirstRun(false);
    const { session, redirects } = sessionWith(null);
    renderAt('/roles?sign_up=true#x', session);
    await vi.waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toEqual({
      state: { returnTo: '/roles?sign_up=true#x' },
      extraQueryParams: { first_screen: 'register' },
    });
    expect(screen.queryByText('Roles page')).toBeNull();
  });

  it('welcomes the first visitor, then registers the first account and returns to their page', async () => {
    answerFirstRun(true);
    const { session, redirects } = sessionWith(null);
    const router = renderAt('/roles?page=2', session);
    await screen.findByRole('heading', { name: 'Welcome to Gatehouse' });
    expect(router.state.location.pathname).toBe('/welcome');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    });
    expect(redirects).toEqual([
      { state: { returnTo: '/roles?page=2' }, extraQueryParams: { first_screen: 'register' } },
    ]);
  });

  it('has no welcome screen once an account exists', async () => {
    answerFirstRun(false);
    const { session, redirects } = sessionWith(null);
    renderAt('/welcome', session);
    await vi.waitFor(() => expect(redirects).toHaveLength(1));
    expect(redirects[0]).toEqual({ state: { returnTo: '/' } });
  });
});
