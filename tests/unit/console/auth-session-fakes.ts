import { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import { AuthSession, type OidcUserManager } from '../../../src/console/auth/session';

const now = () => Math.floor(Date.now() / 1000);

/** A signed-in user of the console, its tokens valid for an hour unless told otherwise. */
export const userWith = (
  fields: { accessToken?: string; expiresIn?: number; refreshToken?: string; state?: unknown } = {},
) =>
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

/** A session over a fake manager, in a secure context at `/roles?page=2` unless told otherwise. */
export const setup = (user: User | null, env: { path?: string; secure?: boolean; time?: () => number } = {}) => {
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

/** Lets the session's pending work (a redirect it started without waiting) run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
