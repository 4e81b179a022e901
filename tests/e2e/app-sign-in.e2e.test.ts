/**
 * A user signing in to an application on another origin, in Chromium: the sign-in and consent forms end in a redirect
 * to the application's callback, which the pages' Content-Security-Policy must not block. The server runs in-process
 * on an in-memory database, so the test can give the default tenant a user (there is no user API yet).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { pkce, type RunningServer, startServer } from '../api/oidc-helpers.js';
import { createUser } from '../api/users.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { type Browser, launchBrowser, submitSignIn } from './harness';

const PASSWORD = 'Partner-portal-2024';

describe('signing in to an application on another origin', () => {
  let db: Database;
  let server: RunningServer;
  let app: Server;
  let callback: string;
  let browser: Browser;
  /** The bodies of the form posts the application received (response_mode=form_post). */
  const posted: URLSearchParams[] = [];

  beforeAll(async () => {
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    server = await startServer(db);
    // The application: a page on another origin that only receives the callback.
    app = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        if (request.method === 'POST') posted.push(new URLSearchParams(body));
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<h1>Partner portal</h1>');
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    callback = `http://localhost:${(app.address() as AddressInfo).port}/callback`;
    await createUser(db, 'default', { username: 'ada', password: PASSWORD });
    browser = await launchBrowser({ signInTo: false });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => app?.close(resolve));
    await server?.close();
    await db?.close();
  });

  /** Registers the app (the test server leaves management routes open) and opens its authorization request. */
  const authorize = async (isThirdParty: boolean, extra: Record<string, string> = {}) => {
    const created = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty,
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      }),
    });
    const { id } = (await created.json()) as { id: string };
    if (isThirdParty) {
      // A third-party app may ask its users only for the user scopes it was given.
      await fetch(`${server.origin}/api/applications/${id}/user-consent-scopes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userScopes: ['profile'] }),
      });
    }
    const { challenge } = pkce();
    await browser.context.clearCookies();
    await browser.page.goto(
      `${server.origin}/oidc/auth?${new URLSearchParams({
        client_id: id,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'xyz',
        ...extra,
      })}`,
    );
  };

  const landsOnCallback = async () => {
    await browser.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    const url = new URL(browser.page.url());
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe('xyz');
  };

  test('the tenant’s own app: the sign-in form’s redirect reaches the callback', async () => {
    await authorize(false);
    await submitSignIn(browser.page, 'ada', PASSWORD);
    await landsOnCallback();
  });

  test('a third-party app: after sign-in and consent the callback gets its code', async () => {
    await authorize(true);
    await submitSignIn(browser.page, 'ada', PASSWORD);
    await browser.page.getByRole('button', { name: 'Allow' }).click();
    await landsOnCallback();
  });

  test('form_post: the provider’s self-submitting form (its script allowed by hash) posts the code', async () => {
    await authorize(false, { response_mode: 'form_post' });
    await submitSignIn(browser.page, 'ada', PASSWORD);
    await browser.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    await browser.page.getByRole('heading', { name: 'Partner portal' }).waitFor({ timeout: 15_000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.get('code')).toBeTruthy();
    expect(posted[0]?.get('state')).toBe('xyz');
  });

  test('had no uncaught errors or blocked form submissions in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
