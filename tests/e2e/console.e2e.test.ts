/**
 * The console end to end in Chromium against the real server: API resource and permissions, a role with an assigned
 * permission, a webhook created, edited and deleted, and server/schema errors shown on the fields they concern.
 */
import type { Locator, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

const api = async (path: string) => {
  const response = await fetch(`${server.origin}/api${path}`, { headers: await authHeaders(browser) });
  return { status: response.status, body: (await response.json()) as unknown };
};

const dialog = () => page.getByRole('dialog').last();

/** Retries an observation until it matches (the page updates asynchronously). */
const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 15_000 });
const count = (locator: Locator) => poll(() => locator.count());

/** Opens the sidebar entry and waits for its page title. */
const openSection = async (link: string, title: string) => {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
  await visible(page.getByRole('heading', { level: 1, name: title }));
};

describe('console', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('loads its scripts brotli-compressed and cacheable for good', async () => {
    const scripts: { url: string; headers: Record<string, string> }[] = [];
    const seen: Promise<void>[] = [];
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/console/assets/') || !url.pathname.endsWith('.js')) return;
      seen.push(response.allHeaders().then((headers) => void scripts.push({ url: url.pathname, headers })));
    };
    // From the network, not from what signing in left in the cache.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    page.on('response', onResponse);
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('heading', { level: 1, name: 'Applications' }));
    page.off('response', onResponse);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await Promise.all(seen);

    const entry = scripts.find((script) => /^\/console\/assets\/index-[\w-]+\.js$/.test(script.url));
    expect(entry?.headers['content-encoding'], JSON.stringify(scripts)).toBe('br');
    expect(scripts.filter((script) => script.headers['content-encoding'] === 'br').length).toBeGreaterThan(5);
    for (const script of scripts) {
      expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
    }
  });

  test("opens the product's own documentation from the top bar", async () => {
    const opened = browser.context.waitForEvent('page');
    await page.getByRole('link', { name: 'Docs' }).click();
    const docs = await opened;
    await docs.waitForLoadState();
    expect(new URL(docs.url()).toString()).toBe(`${server.origin}/docs`);
    await visible(docs.getByRole('heading', { level: 2, name: 'Architecture' }));
    await docs.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'API reference' }).click();
    await visible(docs.getByRole('heading', { level: 3, name: 'GET /api/roles', exact: true }));
    // Styled by its stylesheet under the strict policy (a blocked style or script is logged as an error).
    expect(
      await docs
        .locator('.method-get')
        .first()
        .evaluate((node) => getComputedStyle(node).fontWeight),
    ).toBe('700');
    await screenshot(docs, 'docs-api-reference');
    await docs.close();
    expect(browser.errors).toEqual([]);
  });

  test('the root opens the first sidebar item', async () => {
    await page.goto(`${server.origin}/console`);
    await page.waitForURL(/\/console\/get-started$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Get started' }));

    await page.goto(`${server.origin}/console/no-such-page`);
    await visible(page.getByText('Page not found'));
    await page.getByRole('link', { name: 'Gatehouse home' }).click();
    await page.waitForURL(/\/console\/get-started$/);

    await openSection('API resources', 'API resources');
    // The tenant's own management API is seeded at first start.
    await visible(page.getByText('Management API', { exact: true }).first());
    await screenshot(page, 'api-resources-seeded');
  });

  test('switches the appearance from the user menu and remembers it', async () => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByRole('button', { name: 'Account and preferences' }).click();
    await page.getByRole('menuitem', { name: 'Appearance' }).hover();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await poll(theme).toBe('dark');
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'API resources' }));
    await poll(theme).toBe('dark');
    await screenshot(page, 'api-resources-dark');

    // The choice is saved on the account too: a browser that has not seen it (no local copy) follows it.
    const saved = async () => {
      const me = await fetch(`${server.origin}/t/admin/me`, { headers: await authHeaders(browser) });
      const body = (await me.json()) as { customData?: { adminConsolePreferences?: { appearanceMode?: string } } };
      return body.customData?.adminConsolePreferences?.appearanceMode;
    };
    await poll(saved).toBe('dark');
    await page.evaluate(() => localStorage.removeItem('gatehouse.appearance'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'API resources' }));
    await poll(theme).toBe('dark');

    await page.getByRole('button', { name: 'Account and preferences' }).click();
    await page.getByRole('menuitem', { name: 'Appearance' }).hover();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await poll(theme).toBe('light');
    await page.keyboard.press('Escape');
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

  test('is fully styled under a policy that refuses inline styles', async () => {
    const response = await page.goto(`${server.origin}/console/roles`);
    const policy = (await response?.headerValue('content-security-policy')) ?? '';
    expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(policy).not.toContain('unsafe-inline');
    const create = page.getByRole('button', { name: 'Create role' }).first();
    await visible(create);
    // The brand colour comes from the theme the component library writes into nonce-stamped style elements.
    await poll(() => create.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(97, 57, 246)');
    const unstamped = await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => !s.nonce).length);
    expect(unstamped).toBe(0);
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
