import { describe, expect, it } from 'vitest';
import { fetchFirstRun, fetchTenantEndpoint } from '../../../src/console/auth/account-api';
import { createAuthProvider } from '../../../src/console/auth/auth-provider';
import { consoleUrls, SIGN_IN_SCOPES } from '../../../src/console/auth/config';
import { identityOf } from '../../../src/console/auth/identity';
import {
  consolePathOf,
  returnPathOf,
  safeReturnPath,
  signInStateOf,
  wantsSignUp,
} from '../../../src/console/auth/redirect-memory';
import type { AuthSession } from '../../../src/console/auth/session';
import { ApiError, createHttpClient } from '../../../src/console/providers/http';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('redirect memory', () => {
  it('remembers the console route with its query and hash', () => {
    expect(consolePathOf({ pathname: '/console/roles', search: '?page=1', hash: '#top' })).toBe('/roles?page=1#top');
    expect(consolePathOf({ pathname: '/console', search: '', hash: '' })).toBe('/');
    expect(consolePathOf({ pathname: '/roles', search: '', hash: '' })).toBe('/roles');
  });

  it('only ever returns to a console route of this origin, never to a sign-in page', () => {
    expect(safeReturnPath('/webhooks/h1/settings?x=1#y')).toBe('/webhooks/h1/settings?x=1#y');
    for (const value of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'roles', '', 42, null]) {
      expect(safeReturnPath(value)).toBe('/');
    }
    expect(safeReturnPath('/callback?code=x')).toBe('/');
    expect(safeReturnPath('/welcome')).toBe('/');
    expect(returnPathOf(signInStateOf('/roles?page=3'))).toBe('/roles?page=3');
    expect(returnPathOf(undefined)).toBe('/');
  });

  it('hints at sign-up for sign_up=true and for invitation acceptance', () => {
    expect(wantsSignUp({ pathname: '/console/roles', search: '?sign_up=true' })).toBe(true);
    expect(wantsSignUp({ pathname: '/accept/inv_1', search: '' })).toBe(true);
    expect(wantsSignUp({ pathname: '/console/accept/inv_1', search: '' })).toBe(true);
    expect(wantsSignUp({ pathname: '/console/roles', search: '?sign_up=false' })).toBe(false);
    expect(wantsSignUp({ pathname: '/console/accept', search: '' })).toBe(false);
  });
});

describe('sign-in configuration', () => {
  it('signs in at the admin tenant and asks for the management API with a refresh token', () => {
    expect(consoleUrls('https://id.example.com')).toEqual({
      authority: 'https://id.example.com/t/admin/oidc',
      redirectUri: 'https://id.example.com/console/callback',
      postLogoutRedirectUri: 'https://id.example.com/console',
      adminBase: 'https://id.example.com/t/admin',
    });
    expect(SIGN_IN_SCOPES.split(' ')).toEqual(['openid', 'offline_access', 'profile', 'email', 'all', 'qa:read']);
  });
});

describe('HTTP client with the session', () => {
  const recordingFetch = (respond: () => Response) => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    return {
      calls,
      fetch: async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return respond();
      },
    };
  };

  it('sends the bearer token and the language on every request, with a 20 s timeout', async () => {
    const fake = recordingFetch(() => json({ ok: true }));
    const http = createHttpClient({
      fetch: fake.fetch,
      getAccessToken: async () => 'token-1',
      getLanguage: () => 'de',
    });
    await http({ method: 'GET', path: '/roles' });
    const headers = (fake.calls[0]?.init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['Accept-Language']).toBe('de');
    expect(fake.calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Authorization header when signed out', async () => {
    const fake = recordingFetch(() => json([]));
    await createHttpClient({ fetch: fake.fetch, getAccessToken: async () => undefined })({ method: 'GET', path: '/x' });
    expect(((fake.calls[0]?.init?.headers ?? {}) as Record<string, string>).Authorization).toBeUndefined();
  });

  it('resolves the base URL once, before the first request', async () => {
    const fake = recordingFetch(() => json({}));
    let lookups = 0;
    const http = createHttpClient({
      fetch: fake.fetch,
      resolveBaseUrl: async () => {
        lookups += 1;
        return '/tenant-base/api';
      },
    });
    await http({ method: 'GET', path: '/roles' });
    await http({ method: 'GET', path: '/scopes' });
    expect(fake.calls.map((call) => call.url)).toEqual(['/tenant-base/api/roles', '/tenant-base/api/scopes']);
    expect(lookups).toBe(1);
  });

  it('lets the session take over an auth failure: the request never settles', async () => {
    const seen: ApiError[] = [];
    const http = createHttpClient({
      fetch: async () => json({ message: 'Unauthorized.', code: 'auth.unauthorized' }, 401),
      onError: (error) => {
        seen.push(error);
        return error.statusCode === 401;
      },
    });
    const outcome = await Promise.race([
      http({ method: 'GET', path: '/roles' }).then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ]);
    expect(outcome).toBe('pending');
    expect(seen[0]).toMatchObject({ statusCode: 401, code: 'auth.unauthorized' });
  });

  it('rejects with the API error when the session leaves it to the page', async () => {
    const http = createHttpClient({
      fetch: async () => json({ message: 'In use.', code: 'role.name_in_use' }, 422),
      onError: () => false,
    });
    await expect(http({ method: 'POST', path: '/roles', body: {} })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('endpoints and first run', () => {
  it('turns a tenant endpoint on the console origin into a path', async () => {
    const fetch = async () => json({ user: 'https://id.example.com' });
    expect(await fetchTenantEndpoint('default', { origin: 'https://id.example.com', fetch })).toBe('');
    const elsewhere = async () => json({ user: 'https://other.example.com/t/acme/' });
    expect(await fetchTenantEndpoint('acme', { origin: 'https://id.example.com', fetch: elsewhere })).toBe(
      'https://other.example.com/t/acme',
    );
    await expect(
      fetchTenantEndpoint('nope', { origin: 'https://id.example.com', fetch: async () => json({}, 404) }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('reads the first-run flag; a server without it is not on its first run', async () => {
    expect(await fetchFirstRun({ fetch: async () => json({ firstRun: true }) })).toBe(true);
    expect(await fetchFirstRun({ fetch: async () => json({ firstRun: false }) })).toBe(false);
    expect(await fetchFirstRun({ fetch: async () => json({ message: 'Not found' }, 404) })).toBe(false);
    expect(
      await fetchFirstRun({
        fetch: async () => {
          throw new TypeError('offline');
        },
      }),
    ).toBe(false);
  });
});

describe('identity', () => {
  const claims = { sub: 'u1', iss: 'i', aud: 'a', exp: 0, iat: 0, username: 'admin', email: 'a@example.com' };

  it('prefers the account, falls back to the ID token claims', () => {
    const account = {
      id: 'u1',
      username: 'admin',
      name: 'Ada Admin',
      avatar: null,
      primaryEmail: 'ada@example.com',
      customData: { adminConsolePreferences: { appearanceMode: 'dark' as const } },
    };
    expect(identityOf(account, claims)).toMatchObject({
      displayName: 'Ada Admin',
      username: 'admin',
      email: 'ada@example.com',
      customData: { adminConsolePreferences: { appearanceMode: 'dark' } },
    });
    expect(identityOf(null, claims)).toMatchObject({ id: 'u1', displayName: 'admin', email: 'a@example.com' });
    expect(identityOf(null, { ...claims, username: undefined, email: undefined })?.displayName).toBe('u1');
    expect(identityOf(null, null)).toBeNull();
  });

  it('is what Refine’s getIdentity returns, from the account or the claims', async () => {
    const session = {
      getState: () => ({ status: 'signed-in', user: { profile: claims, scopes: ['openid', 'all'] } }),
    } as unknown as AuthSession;
    const failing = createAuthProvider(session, () => ({
      getMe: async () => {
        throw new ApiError('Not found', 404);
      },
      updateMe: async () => ({}) as never,
      updateCustomData: async () => ({}),
      meApi: async () => ({}) as never,
      adminApi: async () => ({}) as never,
    }));
    expect(await failing.getIdentity?.()).toMatchObject({ id: 'u1', displayName: 'admin' });
    expect(await failing.getPermissions?.()).toEqual(['openid', 'all']);
  });
});
