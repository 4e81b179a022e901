/**
 * The audit log in the console: a machine-to-machine app is created and asks for tokens (once with a wrong secret),
 * then the Audit logs page lists the grants, filters them by event, opens one and shows who, where and the payload;
 * the application's Logs tab shows the same entries, filtered to the app.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
let appId = '';

const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 15_000 });

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

    const created = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { ...(await authHeaders(browser)), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nightly export', type: 'MachineToMachine' }),
    });
    const app = (await created.json()) as { id: string; secret: string };
    appId = app.id;
    expect((await requestToken(app.secret)).status).toBe(200);
    expect((await requestToken('not-the-secret')).status).toBe(401);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('lists the entries, filters them by event and opens one', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit logs' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Audit logs' }));
    const table = page.getByRole('table', { name: 'Audit logs' });
    // The management write that created the app is there too.
    await visible(table.getByText('ManagementApi.Application.Create'));

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
    await visible(header.getByText(appId));
    await visible(header.getByText('127.0.0.1'));
    await visible(header.getByText('audit-e2e-script/1.0'));
    await poll(() => page.locator('pre.gh-json').textContent()).toContain('"invalid_client"');
    await screenshot(page, 'entry', { fullPage: true });
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
