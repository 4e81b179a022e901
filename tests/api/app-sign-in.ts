import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { type Browser, formAction, pkce, postForm } from './oidc-helpers.js';

/** The tokens of a code exchange, as an application receives them. */
export interface AppTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
}

/**
 * One sign-in of a user to an application of the default tenant, as a browser takes it: the authorization request,
 * the sign-in page's form, the way back to the callback, then the code exchange (PKCE). The browser keeps the
 * provider's session.
 */
export const signInToApp = async (
  origin: string,
  browser: Browser,
  app: { clientId: string; callback: string },
  user: { username: string; password: string },
): Promise<AppTokens> => {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.callback,
    response_type: 'code',
    scope: 'openid profile offline_access',
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  });
  const page = await browser.follow(`${origin}/oidc/auth?${params}`);
  const submitted = await browser.post(formAction(page.text, origin, '/sign-in'), {
    identifier: user.username,
    password: user.password,
  });
  expect(submitted.status, submitted.text).toBe(303);
  const back = new URL((await browser.follow(submitted.location as string, app.callback)).location as string);
  expect(back.searchParams.get('state')).toBe(state);
  const tokens = await postForm(`${origin}/oidc/token`, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    code_verifier: verifier,
    redirect_uri: app.callback,
    client_id: app.clientId,
  });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return tokens.body as AppTokens;
};
