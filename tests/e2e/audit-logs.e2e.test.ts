/**
 * The audit log in the console: a machine-to-machine app is created and asks for tokens (once with a wrong secret),
 * and a user signs in to another app; then the Audit logs page lists the grants, filters them by event, opens one
 * and shows who, where and the payload; users and applications are named (their ids on hover), without a request
 * per row. The application's Logs tab shows the same entries, filtered to the app, and the user's Logs tab theirs.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { authorizationUrl } from './app-callback';
import { visible } from './console-steps';
import {
  admin,
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
let browser: Browser;
let member: Browser;
let page: Page;
let appId = '';
let portalId = '';
let userId = '';
/** The paths of the requests the console's page made, in order. */
const requested: string[] = [];

const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const api = async (path: string, body?: unknown) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(await authHeaders(browser)), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, path).toBeLessThan(300);
  return response.json();
};
/** Requests for one user or one application by id: what a page naming each row's user and app by itself asks. */
const itemReads = (allowed: string[] = []) =>
  requested.filter((path) => /^\/api\/(users|applications)\/[^/]+$/.test(path) && !allowed.includes(path));
/** Hovers a name and reads the tooltip it shows. */
const hoverText = async (name: Locator) => {
  await name.hover();
  const tooltip = page.getByRole('tooltip').filter({ visible: true });
  await visible(tooltip);
  const text = await tooltip.textContent();
  await page.mouse.move(0, 0);
  await poll(() => page.getByRole('tooltip').filter({ visible: true }).count()).toBe(0);
  return text;
};

/** Asks the default tenant for a client-credentials token. */
const requestToken = (secret: string) =>
  fetch(`${server.origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'audit-e2e-script/1.0' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: appId,
      client_secret: secret,
      resource: 'https://default.gatehouse.internal/api',
    }).toString(),
  });

describe('audit logs', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('audit-logs');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;

    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    const app = (await api('/applications', { name: 'Nightly export', type: 'MachineToMachine' })) as {
      id: string;
      secret: string;
    };
    appId = app.id;
    expect((await requestToken(app.secret)).status).toBe(200);
    expect((await requestToken('not-the-secret')).status).toBe(401);

    // A user of the tenant signs in to an app of the tenant, in a browser of their own.
    const portal = await api('/applications', {
      name: 'Member portal',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
    });
    portalId = String(portal.id);
    userId = String((await api('/users', { name: 'Ada Lovelace', username: 'ada', password: PASSWORD })).id);
    member = await launchBrowser({ signInTo: false });
    await member.context.route(`${callback}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Member portal</h1>' }),
    );
    await member.page.goto(authorizationUrl(server.origin, portalId, callback));
    await submitSignIn(member.page, 'ada', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    // The audit log is written in batches: wait until the sign-in is stored.
    await vi.waitFor(
      async () => expect(await api(`/logs?userId=${userId}&logKey=Interaction.SignIn.Submit`)).toHaveLength(1),
      { timeout: 15_000, interval: 100 },
    );
  });

  afterAll(async () => {
    await member?.close();
    await browser?.close();
    await server?.stop();
  });

  test('lists the entries, filters them by event and opens one', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit logs' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Audit logs' }));
    const table = page.getByRole('table', { name: 'Audit logs' });
    // The management write that created the app is there too.
    await visible(table.getByText('ManagementApi.Application.Create').first());

    const event = page.getByRole('searchbox', { name: 'Event (log key)' });
    await event.fill('ExchangeTokenBy.ClientCredentials');
    await event.press('Enter');
    await poll(() => table.getByText('ExchangeTokenBy.ClientCredentials').count()).toBe(2);
    await poll(() => table.getByText('ManagementApi.Application.Create').count()).toBe(0);
    await screenshot(page, 'filtered', { fullPage: true });

    await table.getByRole('row').filter({ hasText: 'Error' }).first().click();
    await page.waitForURL(/\/console\/audit-logs\/[^/]+$/);
    const header = page.locator('.gh-detail-header');
    await visible(header.getByText('ExchangeTokenBy.ClientCredentials'));
    await visible(header.getByText('Error'));
    // The application by its name, its id on hover.
    expect(await hoverText(header.getByText('Nightly export', { exact: true }))).toBe(appId);
    await visible(header.getByText('127.0.0.1'));
    await visible(header.getByText('audit-e2e-script/1.0'));
    await poll(() => page.locator('pre.gh-json').textContent()).toContain('"invalid_client"');
    await screenshot(page, 'entry', { fullPage: true });
  });

  test('names the users and applications of the entries, their ids on hover, with no request per row', async () => {
    requested.length = 0;
    await page.goto(`${server.origin}/console/audit-logs`);
    const table = page.getByRole('table', { name: 'Audit logs' });
    const signIn = table.getByRole('row').filter({ hasText: 'Interaction.SignIn.Submit' });
    await visible(signIn);
    await visible(signIn.getByText('Ada Lovelace', { exact: true }));
    await visible(signIn.getByText('Member portal', { exact: true }));
    expect(await hoverText(signIn.getByText('Ada Lovelace', { exact: true }))).toBe(userId);
    expect(await hoverText(signIn.getByText('Member portal', { exact: true }))).toBe(portalId);
    // What the administrator did in the console: named by their username and the console's own app.
    const created = table.getByRole('row').filter({ hasText: 'ManagementApi.Application.Create' }).first();
    await visible(created.getByText(admin.username, { exact: true }));
    await visible(created.getByText('Admin console', { exact: true }));
    expect(await table.getByText(userId).count()).toBe(0);
    expect(await table.getByText(portalId).count()).toBe(0);
    await screenshot(page, 'named', { fullPage: true });
    const rows = await table.getByRole('row').count();
    expect(rows).toBeGreaterThan(5);
    expect(itemReads()).toEqual([]);

    await signIn.click();
    await page.waitForURL(/\/console\/audit-logs\/[^/]+$/);
    const header = page.locator('.gh-detail-header');
    await visible(header.getByText('Ada Lovelace', { exact: true }));
    await visible(header.getByText('Member portal', { exact: true }));
    expect(itemReads()).toEqual([]);
  });

  test('names the user and the applications on the user’s Logs tab, with no request per row', async () => {
    requested.length = 0;
    await page.goto(`${server.origin}/console/users/${encodeURIComponent(userId)}/logs`);
    const table = page.getByRole('table', { name: 'Audit logs' });
    const rows = table.getByRole('row').filter({ hasText: 'Member portal' });
    await poll(() => rows.count()).toBeGreaterThan(1);
    await visible(rows.first().getByText('Ada Lovelace', { exact: true }));
    expect(await hoverText(rows.first().getByText('Member portal', { exact: true }))).toBe(portalId);
    expect(await table.getByText(userId).count()).toBe(0);
    await screenshot(page, 'user-tab', { fullPage: true });
    // The user's page reads its user; the rows ask for nothing more.
    expect(itemReads([`/api/users/${userId}`])).toEqual([]);
  });

  test('shows an application’s entries on its Logs tab', async () => {
    await page.goto(`${server.origin}/console/applications/${encodeURIComponent(appId)}/logs`);
    const table = page.getByRole('table', { name: 'Audit logs' });
    await poll(() => table.getByText('ExchangeTokenBy.ClientCredentials').count()).toBe(2);
    // Entries of other apps (the console's own) are not listed.
    expect(await table.getByText('ManagementApi.Application.Create').count()).toBe(0);
    expect(await page.getByRole('searchbox', { name: 'Application ID' }).count()).toBe(0);
    await screenshot(page, 'application-tab', { fullPage: true });
  });
});
