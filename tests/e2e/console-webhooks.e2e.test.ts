/**
 * A webhook end to end in Chromium against the real server: an invalid URL shown on its field, then the webhook
 * created, edited (with the unsaved-changes guard), its signing key regenerated, and deleted.
 */
import type { Page, Request, Response } from 'playwright-core';
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

const { api, dialog, openSection } = consoleSteps(() => ({ server, browser }));

describe('console', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('console-webhooks');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('rejects an invalid webhook URL, then creates the webhook', async () => {
    await openSection('Webhooks', 'Webhooks');
    await page.getByRole('button', { name: 'Create webhook' }).first().click();
    await dialog().getByLabel('Webhook name').fill('Order sync');
    await dialog().getByRole('checkbox', { name: 'Role created', exact: true }).check();
    await dialog().getByRole('checkbox', { name: 'User data updated', exact: true }).check();
    await dialog().getByLabel('Endpoint URL').fill('not a url');
    await dialog().getByRole('button', { name: 'Create webhook' }).click();

    const urlField = dialog().locator('.gh-field', { has: page.getByLabel('Endpoint URL') });
    await poll(() => urlField.getByRole('alert').textContent()).toBe(
      'Enter a URL that starts with http:// or https://',
    );
    await screenshot(page, 'webhook-invalid-url');
    expect((await api('/hooks')).body).toEqual([]);

    await dialog().getByLabel('Endpoint URL').fill('https://example.com/hooks/orders');
    await count(urlField.getByRole('alert')).toBe(0);
    await dialog().getByLabel('Header name 1').fill('X-Source');
    await dialog().getByLabel('Header value 1').fill('gatehouse');
    await screenshot(page, 'webhook-create');
    await dialog().getByRole('button', { name: 'Create webhook' }).click();

    await page.waitForURL(/\/console\/webhooks\/[^/]+\/settings$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Order sync' }));
    await poll(() => page.getByLabel('Endpoint URL').inputValue()).toBe('https://example.com/hooks/orders');
    await poll(() => page.getByRole('checkbox', { name: 'Role created', exact: true }).isChecked()).toBe(true);
    await poll(() => page.getByLabel('Header name 1').inputValue()).toBe('X-Source');
    await screenshot(page, 'webhook-settings', { fullPage: true });
  });

  test('edits the webhook and keeps the change after a reload', async () => {
    const nameField = page.locator('.gh-field', { has: page.getByLabel('Webhook name') });
    await page.getByLabel('Webhook name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => nameField.getByRole('alert').textContent()).toBe('This field is required');

    await page.getByLabel('Webhook name').fill('Order sync v2');
    await page.getByLabel('Endpoint URL').fill('https://example.com/hooks/v2');
    await visible(page.getByText('You have unsaved changes'));
    await screenshot(page, 'webhook-edit-unsaved', { fullPage: true });

    // Leaving with unsaved changes asks first; staying keeps the edits.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
    await visible(leave);
    await screenshot(page, 'webhook-unsaved-guard');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await poll(async () => page.url()).toMatch(/\/webhooks\/[^/]+\/settings$/);
    await poll(() => page.getByLabel('Webhook name').inputValue()).toBe('Order sync v2');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Saved', { exact: true }));
    await poll(() => page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Order sync v2' }));
    await poll(() => page.getByLabel('Webhook name').inputValue()).toBe('Order sync v2');
    await poll(() => page.getByLabel('Endpoint URL').inputValue()).toBe('https://example.com/hooks/v2');
    await poll(() => page.getByRole('checkbox', { name: 'User data updated', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'webhook-after-reload', { fullPage: true });
  });

  test('shows, hides and regenerates the signing key', async () => {
    const key = page.getByRole('textbox', { name: 'Signing key', exact: true });
    await page.getByRole('button', { name: 'Show signing key' }).click();
    const first = await key.inputValue();
    expect(first).not.toContain('•');
    expect(first.length).toBeGreaterThan(8);

    await page.getByRole('button', { name: 'Regenerate' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Regenerate the signing key?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await visible(page.getByText('Signing key regenerated'));
    await page.getByRole('button', { name: 'Show signing key' }).click();
    await poll(() => key.inputValue()).not.toBe(first);
    await page.getByRole('button', { name: 'Hide signing key' }).click();
    await poll(() => key.inputValue()).toContain('•');
  });

  test('shows the recent requests tab', async () => {
    await page.getByRole('tab', { name: 'Recent requests' }).click();
    await page.waitForURL(/\/recent-requests$/);
    await visible(page.getByRole('table', { name: 'Recent requests' }));
    await screenshot(page, 'webhook-recent-requests');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
  });

  test('deletes the webhook after confirming, back on the list without asking for the deleted webhook again', async () => {
    const id = new URL(page.url()).pathname.split('/')[3] ?? '';
    const itemPath = `/api/hooks/${id}`;
    // Every request for the webhook and every failed response while deleting.
    const requests: string[] = [];
    const failures: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith(itemPath)) requests.push(`${request.method()} ${itemPath}`);
    };
    const onResponse = (response: Response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete “Order sync v2”?' });
    await visible(confirm);
    await screenshot(page, 'webhook-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Deleted “Order sync v2”'));

    await page.waitForURL(/\/console\/webhooks$/);
    await visible(page.getByText('No webhooks yet.'));
    await count(page.getByText('Order sync v2')).toBe(0);
    await screenshot(page, 'webhooks-after-delete');
    expect((await api('/hooks')).body).toEqual([]);
    page.off('request', onRequest);
    page.off('response', onResponse);
    expect(requests).toEqual([`DELETE ${itemPath}`]);
    expect(failures).toEqual([]);
    expect(await page.getByText('Page not found').count()).toBe(0);
    expect(await page.locator('.ant-notification-notice-error, .ant-message-error').count()).toBe(0);
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
