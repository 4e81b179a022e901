/**
 * The configuration history in the console: an application's redirect URIs changed twice on its settings tab, both
 * changes shown field by field on its History tab, the first one restored, the restore kept in the history and named
 * in the audit log; the tenant-wide page lists the same changes.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleSteps, count, poll, visible } from './console-steps';
import {
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

const { api, field, saved } = consoleSteps(() => ({ server, browser }));

const FIRST = 'https://shop.example.com/callback';
const SECOND = 'https://shop.example.com/return';
const THIRD = 'https://shop.example.com/landing';

/** The diff row of one field in a change's entry. */
const diffRow = (entry: Locator, path: string) => entry.getByRole('row').filter({ hasText: path });

describe('the configuration history', () => {
  let appId = '';

  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('config-history');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    const created = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Storefront',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [FIRST], postLogoutRedirectUris: [] },
      },
    });
    expect(created.status).toBe(200);
    appId = created.body.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("shows both changes of an application's redirect URIs, and restores the first", async () => {
    await page.goto(`${server.origin}/console/applications/${appId}/settings`);
    await visible(page.getByRole('heading', { level: 1, name: 'Storefront' }));
    const redirects = field(page, 'Redirect URIs');
    await redirects.getByRole('button', { name: 'Add another' }).click();
    await redirects.getByRole('textbox').nth(1).fill(SECOND);
    await saved();
    await redirects.getByRole('textbox').nth(1).fill(THIRD);
    await saved();
    await poll(async () => (await api(`/applications/${appId}`)).body.oidcClientMetadata.redirectUris).toEqual([
      FIRST,
      THIRD,
    ]);

    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(/\/history$/);
    const entries = page.locator('.ant-list-item');
    // Newest first: the second change, the first, the creation.
    await count(entries).toBe(3);
    const [second, first] = [entries.nth(0), entries.nth(1)];
    const path = 'oidcClientMetadata.redirectUris';
    await visible(diffRow(second, path).getByText(SECOND));
    await visible(diffRow(second, path).getByText(THIRD));
    await visible(diffRow(first, path).getByText(SECOND));
    expect(await diffRow(first, path).getByText(THIRD).count()).toBe(0);
    await visible(entries.nth(2).getByText('Created', { exact: true }));
    await screenshot(page, 'application-history', { fullPage: true });

    await first.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'The item becomes as this change left it' });
    await confirm.getByRole('button', { name: 'Restore this version' }).click();
    await visible(page.getByText('The version is restored.'));
    await poll(async () => (await api(`/applications/${appId}`)).body.oidcClientMetadata.redirectUris).toEqual([
      FIRST,
      SECOND,
    ]);
    // The restore is a change of its own, on top of the history.
    await count(entries).toBe(4);
    await visible(diffRow(entries.nth(0), path).getByText(SECOND));
    await page.getByRole('tab', { name: 'Settings' }).click();
    await poll(() => field(page, 'Redirect URIs').getByRole('textbox').nth(1).inputValue()).toBe(SECOND);

    // The audit log names the restore.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit logs' }).click();
    const log = page.getByRole('table', { name: 'Audit logs' });
    await visible(log.getByText('ManagementApi.ConfigChange.Restore').first());
    expect(browser.errors).toEqual([]);
  });

  test("lists the tenant's changes on the history page, and opens one", async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Configuration history' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Configuration history' }));
    const rows = page.getByRole('row').filter({ hasText: appId });
    await count(rows).toBe(4);
    await screenshot(page, 'tenant-history', { fullPage: true });
    await rows.first().click();
    await visible(page.getByRole('heading', { level: 1, name: 'application' }));
    await visible(diffRow(page.locator('.ant-card'), 'oidcClientMetadata.redirectUris').getByText(SECOND));
    await page.getByRole('link', { name: 'Open the item' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Storefront' }));
    expect(browser.errors).toEqual([]);
  });
});
