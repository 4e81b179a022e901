/**
 * The console's first administrator, signed in for a browser test without drawing the sign-in pages: the requests
 * the console and the provider's pages make (the authorization request with PKCE, the registration or sign-in form,
 * the redirects back to the console's callback, the code exchange) are sent over HTTP, and the Chromium context gets
 * what a browser would hold afterwards: the provider's cookies, and the console's tokens in local storage where the
 * console's OpenID client keeps them. Drawing the welcome, registration and callback pages took about three seconds
 * of every test file; the files about those pages (sign-in, accessibility) still go through them in Chromium.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { admin } from '../../bench/console-sign-in';
import { pkce } from '../../bench/pkce';
import {
  CONSOLE_CLIENT_ID,
  consoleUrls,
  MANAGEMENT_API_RESOURCE,
  SIGN_IN_PROMPT,
  SIGN_IN_SCOPES,
} from '../../src/console/auth/config';
import { formAction, Browser as HttpBrowser } from '../api/http-browser';

/** The claims oidc-client-ts leaves out of the stored profile (its default protocol claims). */
const protocolClaims = ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'];

interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
  token_type: string;
  scope: string;
  expires_in: number;
}

/** Registers the administrator on a fresh server, or signs in, over HTTP; answers the provider's cookies and tokens. */
const signInOverHttp = async (origin: string) => {
  const urls = consoleUrls(origin);
  const firstRun = (await (await fetch(`${origin}/api/.well-known/first-run`)).json()) as { firstRun: boolean };
  const http = new HttpBrowser();
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: CONSOLE_CLIENT_ID,
    redirect_uri: urls.redirectUri,
    response_type: 'code',
    scope: SIGN_IN_SCOPES,
    resource: MANAGEMENT_API_RESOURCE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    prompt: SIGN_IN_PROMPT,
    ...(firstRun.firstRun ? { first_screen: 'register' } : {}),
  });
  const page = await http.follow(`${urls.authority}/auth?${params}`);
  const submitted = firstRun.firstRun
    ? await http.post(formAction(page.text, origin, '/register'), {
        username: admin.username,
        email: admin.email,
        password: admin.password,
        passwordConfirm: admin.password,
      })
    : await http.post(formAction(page.text, origin, '/sign-in'), {
        identifier: admin.username,
        password: admin.password,
      });
  if (submitted.status !== 303) throw new Error(`The administrator's sign-in was refused: ${submitted.text}`);
  const back = await http.follow(submitted.location ?? '', urls.redirectUri);
  const code = new URL(back.location ?? urls.redirectUri).searchParams.get('code');
  if (!code) throw new Error(`No code came back to the console: ${back.location}`);
  const exchanged = await fetch(`${urls.authority}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: urls.redirectUri,
      client_id: CONSOLE_CLIENT_ID,
      resource: MANAGEMENT_API_RESOURCE,
    }),
  });
  if (exchanged.status !== 200) throw new Error(`The code exchange failed: ${await exchanged.text()}`);
  return { cookies: http.jar, tokens: (await exchanged.json()) as Tokens };
};

/** The stored user of oidc-client-ts (`User.toStorageString`) for these tokens. */
const storedUser = (tokens: Tokens) => {
  const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  for (const claim of protocolClaims) delete claims[claim];
  return JSON.stringify({
    id_token: tokens.id_token,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: claims,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
};

/** Signs the context in to the console at `origin` as the administrator and opens the console in `page`. */
export const signInConsole = async (context: BrowserContext, page: Page, origin: string) => {
  const { cookies, tokens } = await signInOverHttp(origin);
  const { hostname } = new URL(origin);
  await context.addCookies(
    cookies.map((cookie) => ({ name: cookie.name, value: cookie.value, domain: hostname, path: cookie.path })),
  );
  // Local storage belongs to a document of the origin: a small one first, then the console.
  await page.goto(`${origin}/api/.well-known/first-run`);
  const key = `gatehouse.oidc.user:${consoleUrls(origin).authority}:${CONSOLE_CLIENT_ID}`;
  await page.evaluate(([name, value]) => localStorage.setItem(name, value), [key, storedUser(tokens)] as const);
  await page.goto(`${origin}/console`);
  // The sidebar, in whatever language the browser asks for.
  await page.locator('nav.gh-sidebar').waitFor({ timeout: 30_000 });
};
