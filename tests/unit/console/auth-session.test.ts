import { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAlertPresenter } from '../../../src/console/auth/alert-channel';
import { MANAGEMENT_API_RESOURCE } from '../../../src/console/auth/config';
import { AuthSession, type OidcUserManager } from '../../../src/console/auth/session';

const now = () => Math.floor(Date.now() / 1000);

const userWith = (fields: { accessToken?: string; expiresIn?: number; refreshToken?: string; state?: unknown } = {}) =>
  new User({
    id_token: 'id-token',
    access_token: fields.accessToken ?? 'access-1',
    token_type: 'Bearer',
    ...(fields.refreshToken === undefined ? { refresh_token: 'refresh-1' } : { refresh_token: fields.refreshToken }),
    scope: 'openid offline_access profile email all',
    profile: { sub: 'u1', iss: 'https://issuer', aud: 'admin-console', exp: now() + 3600, iat: now() },
    expires_at: now() + (fields.expiresIn ?? 3600),
    userState: fields.state,
  });

/** A stand-in for oidc-client-ts's UserManager: one stored user, every call recorded. */
const fakeManager = (initial: User | null) => {
  let stored = initial;
  const calls: { name: string; args: unknown }[] = [];
  const record = (name: string, args?: unknown) => calls.push({ name, args });
  const manager: OidcUserManager & { stored: () => User | null; setStored: (user: User | null) => void } = {
    stored: () => stored,
    setStored: (user) => {
      stored = user;
    },
    getUser: async () => stored,
    removeUser: async () => {
      record('removeUser');
      stored = null;
    },
    signinRedirect: async (args) => {
      record('signinRedirect', args);
    },
    signinRedirectCallback: async (url) => {
      record('signinRedirectCallback', url);
      stored = userWith({ state: { returnTo: '/roles?page=1#top' } });
      return stored;
    },
    signinSilent: async (args) => {
      record('signinSilent', args);
      stored = userWith({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      return stored;
    },
    signoutRedirect: async (args) => {
      record('signoutRedirect', args);
      stored = null;
    },
    revokeTokens: async (types) => {
      record('revokeTokens', types);
    },
    events: { addAccessTokenExpiring: () => undefined, addAccessTokenExpired: () => undefined },
  };
  return { manager, calls, names: () => calls.map((call) => call.name) };
};

/** An in-memory Web Storage. */
const memoryStorage = (): Storage => {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
};

const setup = (user: User | null, env: { path?: string; secure?: boolean; time?: () => number } = {}) => {
  const fake = fakeManager(user);
  const assign = vi.fn();
  const session = new AuthSession(fake.manager, {
    currentPath: () => env.path ?? '/roles?page=2',
    assign,
    postLogoutRedirectUri: 'http://console.test/console',
    storage: memoryStorage(),
    isSecureContext: () => env.secure ?? true,
    ...(env.time ? { now: env.time } : {}),
  });
  return { ...fake, session, assign };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => setAlertPresenter(undefined));

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

  describe('API errors (spec §8)', () => {
    it('401 signs in again and comes back to the current page', async () => {
      const { session, calls } = setup(userWith(), { path: '/api-resources/r1/permissions' });
      await session.start();
      expect(session.handleApiError({ statusCode: 401, code: 'auth.unauthorized', message: 'Unauthorized.' })).toBe(
        true,
      );
      // Further failures while the browser leaves are swallowed too.
      expect(session.handleApiError({ statusCode: 401, message: 'Unauthorized.' })).toBe(true);
      await flush();
      expect(calls).toEqual([
        { name: 'removeUser', args: undefined },
        { name: 'signinRedirect', args: { state: { returnTo: '/api-resources/r1/permissions' } } },
      ]);
    });

    it('stops with an error when fresh sign-ins keep being refused', async () => {
      let time = 1_000_000;
      const { session, calls } = setup(userWith(), { time: () => time });
      for (let round = 0; round < 2; round += 1) {
        await session.start();
        session.handleApiError({ statusCode: 401, message: 'Unauthorized.' });
        await flush();
        await session.completeSignIn(`http://console.test/console/callback?round=${round}`);
        time += 10_000;
      }
      session.handleApiError({ statusCode: 401, message: 'Unauthorized.' });
      await flush();
      expect(calls.filter((call) => call.name === 'signinRedirect')).toHaveLength(2);
      expect(session.getState()).toMatchObject({ status: 'failed', failure: { reason: 'rejected' } });

      // Retry clears the guard and signs in.
      await session.retry();
      expect(calls.filter((call) => call.name === 'signinRedirect')).toHaveLength(3);
    });

    it('403 "Insufficient permissions." signs out', async () => {
      const { session, names } = setup(userWith());
      await session.start();
      expect(session.handleApiError({ statusCode: 403, message: 'Insufficient permissions.' })).toBe(true);
      await flush();
      expect(names()).toEqual(['revokeTokens', 'signoutRedirect']);
    });

    it('auth.forbidden shows its message until "Got it", then signs out', async () => {
      const { session, names } = setup(userWith());
      await session.start();
      let acknowledge: () => void = () => undefined;
      const shown: string[] = [];
      setAlertPresenter(
        (message) =>
          new Promise<void>((resolve) => {
            shown.push(message);
            acknowledge = resolve;
          }),
      );
      const forbidden = {
        statusCode: 403,
        code: 'auth.forbidden',
        message: 'Forbidden. Please check your user roles and permissions.',
      };
      expect(session.handleApiError(forbidden)).toBe(true);
      expect(session.handleApiError(forbidden)).toBe(true);
      await flush();
      expect(shown).toEqual(['Forbidden. Please check your user roles and permissions.']);
      expect(names()).toEqual([]);
      acknowledge();
      await flush();
      expect(names()).toEqual(['revokeTokens', 'signoutRedirect']);
    });

    it('leaves other errors to the page', async () => {
      const { session, calls } = setup(userWith());
      await session.start();
      expect(session.handleApiError({ statusCode: 403, message: 'Not yours.' })).toBe(false);
      expect(session.handleApiError({ statusCode: 422, code: 'role.name_in_use', message: 'In use.' })).toBe(false);
      expect(session.handleApiError({ statusCode: 0, message: 'Request timed out' })).toBe(false);
      expect(calls).toEqual([]);
      expect(session.getState().status).toBe('signed-in');
    });
  });
});
