/**
 * Signing in to the console end to end, in Chromium against the real server on a fresh data directory: the first
 * run's welcome screen creates the administrator, the console then calls the API with its token; sign-out in one
 * click; a deep link opened while signed out comes back after sign-in; a wrong password; the lockout.
 */
import type { Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  admin,
  authHeaders,
  type Browser,
  backInConsole,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Requests the console sent to the management API and to the account API. */
const apiRequests: Request[] = [];

const visible = (locator: Locator, timeout = 15_000) => locator.waitFor({ state: 'visible', timeout });
const onSignInPage = async () => {
  await page.waitForURL(/\/t\/admin\/interaction\/[\w-]+$/, { timeout: 15_000 });
  await visible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
};
const userMenuButton = () => page.getByRole('button', { name: 'Account and preferences' });
const sidebar = () => page.getByRole('navigation', { name: 'Main navigation' });

describe('signing in to the console', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('sign-in');
    server = await startServer();
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/.well-known/')) apiRequests.push(request);
      if (pathname.startsWith('/t/admin/me')) apiRequests.push(request);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('first run: the welcome screen creates the administrator, who lands in the console signed in', async () => {
    await page.goto(`${server.origin}/console`);
    await page.waitForURL(/\/console\/welcome$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Gatehouse' }));
    await screenshot(page, 'welcome');

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/t\/admin\/interaction\/[\w-]+$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Create account' }));
    // The authorization request asked for registration, the management API and a refresh token.
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Email (optional)').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password').fill(admin.password);
    await screenshot(page, 'register-first-admin');
    // The console is the tenant's own app: no consent page between the account and the console.
    const interactionPages: string[] = [];
    const onDocument = (response: Response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() === 'document' && response.status() === 200) {
        if (pathname.includes('/interaction/')) interactionPages.push(pathname);
      }
    };
    page.on('response', onDocument);
    await page.getByRole('button', { name: 'Create account' }).click();
    await backInConsole(page);
    page.off('response', onDocument);
    expect(interactionPages).toEqual([]);

    await visible(sidebar());
    // Back on the page the visitor opened (the console's root), which shows the first sidebar entry.
    await page.waitForURL(/\/console\/[\w-]+$/);
    await visible(userMenuButton().getByText(admin.username));
    await userMenuButton().click();
    await visible(page.getByTestId('user-menu-name'));
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(admin.username);
    await visible(page.getByRole('menuitem', { name: 'Sign out' }));
    await screenshot(page, 'signed-in-user-menu');
    await page.keyboard.press('Escape');

    // Every call carries the access token and the console's language; the token is for the management API.
    await expect.poll(() => apiRequests.length, { timeout: 15_000 }).toBeGreaterThan(0);
    for (const request of apiRequests) {
      const headers = await request.allHeaders();
      expect(headers.authorization, request.url()).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      expect(headers['accept-language'], request.url()).toBe('en');
    }
    const token = (await authHeaders(browser)).Authorization?.slice('Bearer '.length) ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: `${server.origin}/t/admin/oidc`,
      aud: 'https://default.gatehouse.internal/api',
      scope: 'all',
    });
    // The account API knows the new administrator.
    const me = await fetch(`${server.origin}/t/admin/me`, { headers: await authHeaders(browser) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: admin.username, primaryEmail: admin.email });

    // The welcome screen is for the first run only.
    await page.goto(`${server.origin}/console/welcome`);
    await page.waitForURL((url) => url.pathname.startsWith('/console/') && url.pathname !== '/console/welcome');
    await visible(sidebar());
  });

  test('signs out in one click: from the user menu straight to the sign-in page, no page in between', async () => {
    // Every page the browser shows on the way (document responses that are not redirects).
    const shown: string[] = [];
    const onDocument = (response: Response) => {
      if (response.request().resourceType() !== 'document' || response.status() >= 300) return;
      shown.push(new URL(response.url()).pathname);
    };
    page.on('response', onDocument);
    await userMenuButton().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await onSignInPage();
    page.off('response', onDocument);
    await screenshot(page, 'signed-out-sign-in-page');
    // The console's shell, which sends the signed-out visitor on to sign in, and the sign-in page: no page of the
    // provider (no confirmation form) between them.
    expect(shown.filter((pathname) => pathname.includes('/oidc/'))).toEqual([]);
    expect(shown.at(-1)).toMatch(/^\/t\/admin\/interaction\/[\w-]+$/);
    expect(await authHeaders(browser)).toEqual({});
  });

  test('a deep link opened while signed out comes back after sign-in with the email', async () => {
    await page.goto(`${server.origin}/console/roles?page=1#top`);
    await onSignInPage();
    await submitSignIn(page, admin.email, admin.password);
    await backInConsole(page);
    await page.waitForURL(`${server.origin}/console/roles?page=1#top`);
    await visible(page.getByRole('heading', { level: 1, name: 'Roles' }));
    await visible(userMenuButton().getByText(admin.username));
    await screenshot(page, 'deep-link-after-sign-in');

    // A reload keeps the session (tokens are kept in the browser's local storage).
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Roles' }));
    expect(new URL(page.url()).pathname).toBe('/console/roles');
  });

  test('a refused access token leads to a new sign-in that returns to the same page', async () => {
    // The management API refuses a request without a token; the console must then sign in again.
    const unauthenticated = await fetch(`${server.origin}/api/roles`);
    expect(unauthenticated.status).toBe(401);
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.startsWith('gatehouse.oidc.user:')) {
          const user = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
          localStorage.setItem(key, JSON.stringify({ ...user, access_token: 'not-a-token' }));
        }
      }
    });
    await page.goto(`${server.origin}/console/api-resources?page=1`);
    await onSignInPage();
    await submitSignIn(page, admin.username, admin.password);
    await backInConsole(page);
    await page.waitForURL(`${server.origin}/console/api-resources?page=1`);
    await visible(page.getByRole('heading', { level: 1, name: 'API resources' }));
  });

  test('a wrong password is refused with an error', async () => {
    await userMenuButton().click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await onSignInPage();
    await submitSignIn(page, admin.username, 'Not-the-password-1');
    await visible(page.getByRole('alert').getByText('The username, email or password is incorrect.'));
    // The identifier stays filled in.
    expect(await page.getByLabel('Username or email').inputValue()).toBe(admin.username);
    await screenshot(page, 'wrong-password');
  });

  test('locks the account after five failed attempts by username or email, even for the right password', async () => {
    // The previous test failed once with the username; the email names the same account and counts with it.
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      await submitSignIn(page, admin.email, `Wrong-password-${attempt}`);
      await visible(page.getByRole('alert').getByText('The username, email or password is incorrect.'));
    }
    await submitSignIn(page, admin.email.toUpperCase(), 'Wrong-password-5');
    await visible(page.getByRole('heading', { level: 1, name: 'Too many attempts' }));
    await visible(page.getByRole('alert').getByText(/Too many failed sign-in attempts\. Try again in 10 minutes/));
    await screenshot(page, 'locked-out');

    for (const identifier of [admin.email, admin.username]) {
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await submitSignIn(page, identifier, admin.password);
      await visible(page.getByRole('heading', { level: 1, name: 'Too many attempts' }));
    }
    expect(browser.errors).toEqual([]);
  });
});
