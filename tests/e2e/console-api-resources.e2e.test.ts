/**
 * API resources and roles end to end in Chromium against the real server: an API resource with two permissions, a
 * role with an assigned permission, and duplicate names shown on the fields they concern.
 */
import type { Page } from 'playwright-core';
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
    screenshotPrefix('console-api-resources');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await page.goto(`${server.origin}/console/api-resources`);
    await visible(page.getByRole('heading', { level: 1, name: 'API resources' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('creates an API resource and two permissions', async () => {
    await page.getByRole('button', { name: 'Create API resource' }).first().click();
    await dialog().getByLabel('API name').fill('Orders API');
    await dialog().getByLabel('API identifier').fill('https://orders.example.com');
    await screenshot(page, 'api-resource-create');
    await dialog().getByRole('button', { name: 'Create API resource' }).click();

    await page.waitForURL(/\/console\/api-resources\/[^/]+\/permissions$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Orders API' }));
    await poll(() => page.getByRole('tab', { name: 'Permissions' }).getAttribute('aria-selected')).toBe('true');

    for (const [name, description] of [
      ['read:orders', 'Read orders'],
      ['write:orders', 'Create and change orders'],
    ] as const) {
      await page.getByRole('button', { name: 'Create permission' }).first().click();
      await dialog().getByLabel('Permission name').fill(name);
      await dialog().getByLabel('Description').fill(description);
      if (name === 'read:orders') await screenshot(page, 'permission-create');
      await dialog().getByRole('button', { name: 'Create permission' }).click();
      await count(page.getByRole('dialog')).toBe(0);
      await visible(page.getByRole('cell', { name, exact: true }));
    }
    await screenshot(page, 'api-resource-permissions');

    // Search is kept in the URL.
    await page.getByRole('searchbox', { name: 'Search permissions' }).fill('write');
    await page.getByRole('searchbox', { name: 'Search permissions' }).press('Enter');
    await poll(async () => new URL(page.url()).searchParams.get('keyword')).toBe('write');
    await count(page.getByRole('cell', { name: 'read:orders', exact: true })).toBe(0);
    await visible(page.getByRole('cell', { name: 'write:orders', exact: true }));
    await page.reload();
    await visible(page.getByRole('cell', { name: 'write:orders', exact: true }));
    await poll(() => page.getByRole('searchbox', { name: 'Search permissions' }).inputValue()).toBe('write');

    await page.getByRole('tab', { name: 'General' }).click();
    await page.waitForURL(/\/general$/);
    await poll(() => page.getByRole('spinbutton', { name: /Access token expiration time/ }).inputValue()).toBe('3600');
    await screenshot(page, 'api-resource-general', { fullPage: true });
    await page.getByRole('tab', { name: 'Permissions' }).click();
  });

  test('shows a duplicate permission name on the name field', async () => {
    await page.getByRole('button', { name: 'Create permission' }).first().click();
    await dialog().getByLabel('Permission name').fill('read:orders');
    await dialog().getByRole('button', { name: 'Create permission' }).click();
    const nameField = dialog().locator('.gh-field', { has: page.getByLabel('Permission name') });
    await poll(() => nameField.getByRole('alert').textContent()).toBe('This permission name is already in use.');
    await screenshot(page, 'permission-duplicate-name');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  test('creates a role and assigns a permission from the dialog', async () => {
    await openSection('Roles', 'Roles');
    await page.getByRole('button', { name: 'Create role' }).first().click();
    await dialog().getByLabel('Role name').fill('Order manager');
    await dialog().getByLabel('Description').fill('Manages orders');
    await screenshot(page, 'role-create');
    await dialog().getByRole('button', { name: 'Create role' }).click();

    await page.waitForURL(/\/console\/roles\/[^/]+\/permissions$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Order manager' }));
    await visible(page.getByText('No permissions assigned yet.'));

    await page.getByRole('button', { name: 'Assign permissions' }).first().click();
    await dialog()
      .getByRole('button', { name: /Orders API/ })
      .click();
    await dialog()
      .getByRole('checkbox', { name: /read:orders/ })
      .check();
    await visible(dialog().getByText('Selected: 1'));
    await screenshot(page, 'role-assign-dialog');
    await dialog().getByRole('button', { name: 'Assign permissions' }).click();
    await count(page.getByRole('dialog')).toBe(0);

    const row = page.getByRole('row', { name: /read:orders/ });
    await visible(row);
    await visible(row.getByRole('cell', { name: 'Orders API' }));
    await count(page.getByRole('row', { name: /write:orders/ })).toBe(0);
    await screenshot(page, 'role-permissions');

    await page.getByRole('tab', { name: 'General' }).click();
    await poll(() => page.getByRole('textbox', { name: 'Role name' }).inputValue()).toBe('Order manager');
    await poll(() => page.getByRole('switch', { name: 'Default role' }).isChecked()).toBe(false);
    await screenshot(page, 'role-general', { fullPage: true });
  });

  test('shows a role name that is already in use on the name field', async () => {
    await openSection('Roles', 'Roles');
    await page.getByRole('button', { name: 'Create role' }).first().click();
    await dialog().getByLabel('Role name').fill('Order manager');
    await dialog().getByLabel('Description').fill('A second role with the same name');
    await dialog().getByRole('button', { name: 'Create role' }).click();
    const nameField = dialog().locator('.gh-field', { has: page.getByLabel('Role name') });
    await poll(() => nameField.getByRole('alert').textContent()).toBe('This role name is already in use.');
    await poll(() => dialog().getByLabel('Role name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'role-name-in-use');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    const roles = await api('/roles?page=1&page_size=20&search=%25Order%20manager%25');
    expect(roles.body as unknown[]).toHaveLength(1);
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
