/**
 * The steps of the console's sign-in through the admin tenant's pages, as the sign-in tests take them: the
 * authorization request, the login form, the way back to the callback and the code exchange.
 */
import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { expect } from 'vitest';
import { type Browser, formAction, pkce, postForm, type RunningServer } from './oidc-helpers.js';

export const DEFAULT_API = 'https://default.gatehouse.internal/api';
export const PASSWORD = 'correct horse battery';

/** What the steps need of the running test server, read when a step runs (after the suite's setup). */
export interface SignInPages {
  server: RunningServer;
  issuer: string;
  callback: string;
}

export const signInSteps = (pages: () => SignInPages) => {
  /** The console's authorization request, as its OIDC client library sends it. */
  const startSignIn = async (browser: Browser, extra: Record<string, string> = {}) => {
    const { server, issuer, callback } = pages();
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString('hex');
    const params = new URLSearchParams({
      client_id: 'admin-console',
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid offline_access profile email all',
      resource: DEFAULT_API,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      prompt: 'login consent',
      ...extra,
    });
    const page = await browser.follow(`${issuer}/auth?${params}`);
    expect(page.status, page.text).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${server.origin}/t/admin/interaction/[\\w-]+$`));
    return { page, verifier, state };
  };

  /**
   * From a submitted login form's redirect to the app's callback. The console is the tenant's own app: no consent
   * page on the way, however often the user signs in. Returns the code.
   */
  const toCallback = async (browser: Browser, afterLogin: string | undefined, state: string) => {
    const { issuer, callback } = pages();
    expect(afterLogin).toBeDefined();
    const back = await browser.follow(afterLogin as string, callback);
    expect(back.status, back.text).toBe(303);
    expect(back.location?.startsWith(callback), back.text).toBe(true);
    const url = new URL(back.location as string);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('iss')).toBe(issuer);
    const code = url.searchParams.get('code');
    expect(code).toBeTruthy();
    return code as string;
  };

  const exchange = (code: string, verifier: string) =>
    postForm(`${pages().issuer}/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: pages().callback,
      client_id: 'admin-console',
    });

  const verifyManagementToken = async (token: string) => {
    const { issuer } = pages();
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: DEFAULT_API,
    });
    return payload;
  };

  const signIn = async (browser: Browser, identifier: string, password: string) => {
    const { page, state, verifier } = await startSignIn(browser);
    const submitted = await browser.post(formAction(page.text, pages().server.origin, '/sign-in'), {
      identifier,
      password,
    });
    return { page, submitted, state, verifier };
  };

  return { startSignIn, toCallback, exchange, verifyManagementToken, signIn };
};
