/**
 * What the console does to a user's sign-in, end to end on one server: an administrator suspends a user in the
 * console, and the user's sign-in on the tenant's sign-in page (in a browser of their own) is refused with the
 * suspended message; once reactivated the same sign-in reaches the application. The user's Logs tab then lists both
 * attempts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorizationUrl } from './app-callback';
import { visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';

const PASSWORD = 'Analytical-engine-1843';
const callback = 'https://portal.example.com/callback';

let server: RunningServer;
let admin: Browser;
let member: Browser;
let page: Page;
let clientId = '';
let userId = '';

const api = async (path: string, init?: { method: string; body: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init?.method ?? 'GET',
    headers: { ...(await authHeaders(admin)), ...(init ? { 'content-type': 'application/json' } : {}) },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const banner = () => page.getByText('This user is suspended and cannot sign in until reactivated.');

/** Runs one entry of the user page's actions menu and confirms it. */
const runAction = async (name: string) => {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.getByRole('dialog').last().getByRole('button', { name }).click();
  await poll(() => page.getByRole('dialog').count()).toBe(0);
};

/** The member opens the application's sign-in, as the app would send them to it. */
const openSignIn = async () => {
  await member.context.clearCookies();
  await member.page.goto(authorizationUrl(server.origin, clientId, callback, { state: 'portal' }));
};

describe("a user's sign-in and the console", () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('user-sign-in');
    server = await startServer();
    admin = await launchBrowser();
    page = admin.page;
    const app = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Member portal',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      },
    });
    clientId = String(app.id);
    const user = await api('/users', { method: 'POST', body: { username: 'ada', password: PASSWORD } });
    userId = String(user.id);

    member = await launchBrowser({ signInTo: false });
    // The application itself: its callback page, answered by the browser.
    await member.context.route(`${callback}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Member portal</h1>' }),
    );
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
  });

  test('a user suspended in the console is refused at sign-in, and signs in once reactivated', async () => {
    await page.goto(`${server.origin}/console/users/${userId}/settings`);
    await visible(page.getByRole('heading', { level: 1, name: 'ada' }));
    await runAction('Suspend user');
    await visible(banner());

    await openSignIn();
    await submitSignIn(member.page, 'ada', PASSWORD);
    await visible(member.page.getByText('This account is suspended.'));
    expect(new URL(member.page.url()).origin).toBe(server.origin);
    await screenshot(member.page, 'suspended-refused');

    await runAction('Reactivate user');
    await poll(() => banner().count()).toBe(0);
    await submitSignIn(member.page, 'ada', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    expect(new URL(member.page.url()).searchParams.get('code')).toBeTruthy();
    await visible(member.page.getByRole('heading', { name: 'Member portal' }));
  });

  test("the user's Logs tab lists the refused and the successful sign-in", async () => {
    // The audit log is written in batches: wait until both sign-ins are stored, then open the tab.
    const submits = async () =>
      ((await api(`/logs?userId=${userId}&logKey=Interaction.SignIn.Submit&page_size=20`)) as unknown as unknown[])
        .length;
    await poll(submits).toBe(2);

    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.waitForURL(/\/logs$/);
    const table = page.getByRole('table', { name: 'Audit logs' });
    const rows = table.getByRole('row').filter({ hasText: 'Interaction.SignIn.Submit' });
    await poll(() => rows.count()).toBe(2);
    await visible(rows.filter({ hasText: 'Error' }).first());
    await visible(rows.filter({ hasText: 'Success' }).first());
    // The password checks of both attempts are there too; other users' entries are not.
    await poll(() => table.getByText('Interaction.SignIn.Verification.Password.Submit').count()).toBe(2);
    await screenshot(page, 'logs-tab', { fullPage: true });

    await rows.filter({ hasText: 'Error' }).first().click();
    await page.waitForURL(/\/console\/audit-logs\/[^/]+$/);
    await poll(() => page.locator('pre.gh-json').textContent()).toContain('"user.suspended"');
  });

  test('had no uncaught errors in either page', () => {
    expect(admin.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });
});
