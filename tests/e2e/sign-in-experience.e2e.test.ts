/**
 * The sign-in experience in Chromium: the server's own logo by default, then branding and colors set through the
 * API show on the tenant's sign-in page, a hostile configuration runs nothing, and closed registration refuses
 * sign-up. The server runs in-process on an in-memory database with its management routes open; the tenant's own
 * logo comes from a server on another origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { hostileContent, hostileCss } from '../api/hostile-settings.js';
import { pkce, type RunningServer, startServer } from '../api/oidc-helpers.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { type Browser, launchBrowser, screenshot, screenshotPrefix } from './harness';

/** A 1×1 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('the sign-in experience in Chromium', () => {
  let db: Database;
  let server: RunningServer;
  let assets: Server;
  let assetsOrigin: string;
  let browser: Browser;
  let clientId: string;
  const callback = 'https://portal.example.com/callback';

  const api = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.origin}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };

  const openSignIn = async (extra: Record<string, string> = {}) => {
    await browser.context.clearCookies();
    const { challenge } = pkce();
    await browser.page.goto(
      `${server.origin}/oidc/auth?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'xyz',
        ...extra,
      })}`,
    );
    await browser.page.waitForURL((url) => url.pathname.includes('/interaction/'));
  };

  beforeAll(async () => {
    screenshotPrefix('sign-in-experience');
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    server = await startServer(db);
    assets = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    });
    await new Promise<void>((resolve) => assets.listen(0, '127.0.0.1', resolve));
    assetsOrigin = `http://localhost:${(assets.address() as AddressInfo).port}`;
    const app = await api('POST', '/applications', {
      name: 'Partner portal',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
    });
    clientId = String(app.id);
    browser = await launchBrowser({ signInTo: false });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => assets?.close(resolve));
    await server?.close();
    await db?.close();
  });

  test('the default branding shows the server’s own logo on the sign-in page', async () => {
    const response = await fetch(`${server.origin}/api/sign-in-exp`);
    const { branding } = (await response.json()) as { branding: { logoUrl: string } };
    await openSignIn();
    const logo = browser.page.getByRole('img', { name: 'Logo' });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.src)).toBe(branding.logoUrl);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(browser.errors).toEqual([]);
    await screenshot(browser.page, 'default-logo');
  });

  test('branding and colors changed through the API show on the tenant’s sign-in page', async () => {
    await api('PATCH', '/sign-in-exp', {
      color: { primaryColor: '#0A7B3E', isDarkModeEnabled: false, darkPrimaryColor: '#8768F8' },
      branding: { logoUrl: `${assetsOrigin}/logo.png` },
    });
    await openSignIn();
    const { page } = browser;
    const logo = page.getByRole('img', { name: 'Logo' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(10, 123, 62)');
    await screenshot(page, 'branded');
  });

  test('a hostile configuration runs no script and breaks nothing out', async () => {
    const dialogs: string[] = [];
    browser.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await api('PATCH', '/sign-in-exp', {
      customCss: `.card{border-radius:0}${hostileCss.map(([css]) => css).join('\n')}`,
      customContent: {
        '/sign-in': `<p>Hello</p>${hostileContent}<img src="x" onerror="alert('content')">`,
      },
    });
    await openSignIn();
    const { page } = browser;
    await page.getByText('Hello').waitFor();
    // The safe part of the custom CSS applies (under the response's nonce); nothing else happened.
    const card = page.locator('main.card');
    expect(await card.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('0px');
    expect(await page.evaluate(() => (window as unknown as { hacked?: unknown }).hacked)).toBeUndefined();
    expect(await page.locator('script, iframe, object, svg').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(browser.errors).toEqual([]);
  });

  test('closed registration refuses sign-up, on the page and for a form sent anyway', async () => {
    await api('PATCH', '/sign-in-exp', { signInMode: 'SignIn', customCss: null, customContent: {} });
    await openSignIn({ first_screen: 'register' });
    const { page } = browser;
    await page.getByText('Registration is closed. Ask an administrator for an account.').waitFor();
    expect(await page.getByLabel('Confirm password').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const body = new URLSearchParams({
        username: 'intruder',
        password: 'Long-enough-1',
        passwordConfirm: 'Long-enough-1',
      });
      const response = await fetch(`${location.pathname}/register`, { method: 'POST', body });
      return response.status;
    });
    expect(status).toBe(403);
    const { rows } = await db.query(`SELECT 1 FROM users WHERE username = 'intruder'`);
    expect(rows).toHaveLength(0);
    await screenshot(page, 'registration-closed');
  });
});
