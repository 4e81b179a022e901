import { describe, expect, it } from 'vitest';
import { MANAGEMENT_API_RESOURCE } from '../../../src/console/auth/config';
import { flush, setup, userWith } from './auth-session-fakes';

describe('console sign-in session', () => {
  it('starts signed in with a stored, valid user and signed out without one', async () => {
    const signedIn = setup(userWith());
    await signedIn.session.start();
    expect(signedIn.session.getState().status).toBe('signed-in');

    const signedOut = setup(null);
    await signedOut.session.start();
    expect(signedOut.session.getState()).toEqual({ status: 'signed-out', user: null });
  });

  it('renews an expired access token with the refresh token at start, for the management API', async () => {
    const { session, calls, manager } = setup(userWith({ expiresIn: -10 }));
    await session.start();
    expect(calls).toContainEqual({ name: 'signinSilent', args: { resource: MANAGEMENT_API_RESOURCE } });
    expect(session.getState().status).toBe('signed-in');
    expect(manager.stored()?.access_token).toBe('access-2');
  });

  it('hands out the access token, renewing it first when it is about to expire', async () => {
    const fresh = setup(userWith());
    expect(await fresh.session.getAccessToken()).toBe('access-1');
    expect(fresh.names()).not.toContain('signinSilent');

    const expiring = setup(userWith({ expiresIn: 10 }));
    expect(await expiring.session.getAccessToken()).toBe('access-2');

    const none = setup(null);
    expect(await none.session.getAccessToken()).toBeUndefined();
  });

  it('renews once for concurrent requests and takes a token another tab already renewed', async () => {
    const { session, calls, manager } = setup(userWith({ expiresIn: 10 }));
    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken(), session.getAccessToken()]);
    expect(tokens).toEqual(['access-2', 'access-2', 'access-2']);
    expect(calls.filter((call) => call.name === 'signinSilent')).toHaveLength(1);

    // Another tab rotated the tokens in the shared storage: no second refresh with a used refresh token.
    manager.setStored(userWith({ accessToken: 'access-from-other-tab', refreshToken: 'refresh-3' }));
    expect((await session.renew('access-2'))?.access_token).toBe('access-from-other-tab');
    expect(calls.filter((call) => call.name === 'signinSilent')).toHaveLength(1);
  });

  it('signs in again, keeping the page, when the provider no longer knows the refresh token', async () => {
    const { session, calls, manager } = setup(userWith({ expiresIn: 5 }), { path: '/webhooks/abc/settings?x=1#y' });
    manager.signinSilent = async () => {
      throw Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' });
    };
    expect(await session.getAccessToken()).toBe('access-1');
    await flush();
    expect(calls.map((call) => call.name)).toEqual(['removeUser', 'removeUser', 'signinRedirect']);
    expect(calls.at(-1)?.args).toEqual({ state: { returnTo: '/webhooks/abc/settings?x=1#y' } });
  });

  it('starts sign-in with the page to come back to, and registration for the sign-up hint', async () => {
    const { session, calls } = setup(null);
    await session.signIn({ returnTo: '/roles?page=1#top' });
    expect(calls[0]).toEqual({ name: 'signinRedirect', args: { state: { returnTo: '/roles?page=1#top' } } });
    expect(session.getState().status).toBe('redirecting');
    // A second request while the browser is leaving does nothing.
    await session.signIn();
    expect(calls).toHaveLength(1);

    const signUp = setup(null);
    await signUp.session.signIn({ returnTo: '//evil.example/x', signUp: true });
    expect(signUp.calls[0]?.args).toEqual({
      state: { returnTo: '/' },
      extraQueryParams: { first_screen: 'register' },
    });
  });

  it('refuses to start a sign-in outside a secure context', async () => {
    const { session, calls } = setup(null, { secure: false });
    await session.signIn();
    expect(calls).toEqual([]);
    expect(session.getState()).toMatchObject({ status: 'failed', failure: { reason: 'insecure_context' } });
  });

  it('completes the callback once and returns the remembered page', async () => {
    const { session, calls } = setup(null);
    const url = 'http://console.test/console/callback?code=c&state=s';
    const [first, second] = await Promise.all([session.completeSignIn(url), session.completeSignIn(url)]);
    expect(first).toBe('/roles?page=1#top');
    expect(second).toBe('/roles?page=1#top');
    expect(calls.filter((call) => call.name === 'signinRedirectCallback')).toHaveLength(1);
    expect(session.getState().status).toBe('signed-in');
  });

  it('shows the provider error of a failed callback', async () => {
    const { session, manager } = setup(null);
    manager.signinRedirectCallback = async () => {
      throw Object.assign(new Error('End-User aborted interaction'), {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in.',
      });
    };
    await expect(session.completeSignIn('http://console.test/console/callback?error=access_denied')).rejects.toThrow();
    expect(session.getState()).toMatchObject({
      status: 'failed',
      failure: { reason: 'sign_in_failed', code: 'access_denied', message: 'The user cancelled the sign-in.' },
    });
  });

  it('signs out at the provider after revoking the refresh token, back to the console', async () => {
    const { session, calls } = setup(userWith());
    await session.start();
    await session.signOut();
    expect(calls).toEqual([
      { name: 'revokeTokens', args: ['refresh_token'] },
      { name: 'signoutRedirect', args: { post_logout_redirect_uri: 'http://console.test/console' } },
    ]);
  });

  it('still signs out locally when the provider cannot be reached', async () => {
    const { session, calls, manager, assign } = setup(userWith());
    manager.revokeTokens = async () => {
      throw new Error('offline');
    };
    manager.signoutRedirect = async () => {
      throw new Error('offline');
    };
    await session.signOut();
    expect(calls.map((call) => call.name)).toEqual(['removeUser']);
    expect(assign).toHaveBeenCalledWith('http://console.test/console');
  });
});
