/**
 * Organizations end to end, on one server: the organization template built in the console (a permission, a role
 * granting it), an organization created and its settings saved, a user (made through the API) added as a member and
 * given the role in place, the organization seen from the user's side, a machine-to-machine app added with a role,
 * the member's role taken away again, and the member removed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
import { count, poll, visible } from './console-steps';
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
let organizationId = '';
let userId = '';

/** The management API with the signed-in administrator's token; answers without JSON (201 Created) as text. */
const api = async (path: string, init?: { method: string; body?: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init?.method ?? 'GET',
    headers: { ...(await authHeaders(browser)), ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    body: init?.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  // biome-ignore lint/suspicious/noExplicitAny: API answers are whatever JSON the server sent
  return { status: response.status, body: body as any };
};

const dialog = () => page.getByRole('dialog').last();
/** Picks an option of the open dropdown by its text (antd's listbox for screen readers names options by value). */
const chooseOption = (text: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .click();
const members = () => page.getByRole('table', { name: 'Members' });

describe('organizations', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('organizations');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the organization template opens on its roles, next to its permissions', async () => {
    await page.goto(`${server.origin}/console/get-started`);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(sidebar.getByRole('link', { name: 'Organization template' }));
    // The users section lists organizations before the users.
    const links = await sidebar.getByRole('link').allTextContents();
    expect(links.indexOf('Organizations')).toBe(links.indexOf('User management') - 1);
    expect(links.indexOf('Organization template')).toBe(links.indexOf('Roles') + 1);

    await sidebar.getByRole('link', { name: 'Organization template' }).click();
    await page.waitForURL(/\/console\/organization-template\/organization-roles$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Organization template' }));
    await poll(() => page.getByRole('tab', { name: 'Organization roles' }).getAttribute('aria-selected')).toBe('true');
    await visible(page.getByText('No organization roles yet.'));
  });

  test('creates an organization permission on the permissions tab', async () => {
    await page.getByRole('tab', { name: 'Organization permissions' }).click();
    await page.waitForURL(/\/organization-template\/organization-permissions$/);
    await page.getByRole('button', { name: 'Create organization permission' }).first().click();
    await dialog().getByLabel('Permission name').fill('read:documents');
    await dialog().getByLabel('Description').fill('Read the documents');
    await dialog().getByRole('button', { name: 'Create organization permission' }).click();
    await page.waitForURL(/\/organization-template\/organization-permissions\/[^/]+\/general$/);
    await visible(page.getByRole('heading', { level: 1, name: 'read:documents' }));

    await page.getByRole('link', { name: /Back to Organization permissions/ }).click();
    await visible(page.getByRole('row', { name: /read:documents/ }));
    const { body: scopes } = await api('/organization-scopes');
    expect(scopes).toMatchObject([{ name: 'read:documents', description: 'Read the documents' }]);
  });

  test('creates an organization role granting the permission', async () => {
    await page.getByRole('tab', { name: 'Organization roles' }).click();
    await page.getByRole('button', { name: 'Create organization role' }).first().click();
    await dialog().getByLabel('Role name').fill('Editor');
    await dialog().getByLabel('Description').fill('Edits documents');
    await dialog().getByRole('combobox', { name: 'Organization permissions' }).click();
    await chooseOption('read:documents');
    await screenshot(page, 'role-create');
    await dialog().getByRole('button', { name: 'Create organization role' }).click();

    await page.waitForURL(/\/organization-template\/organization-roles\/[^/]+\/permissions$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Editor' }));
    const granted = page.getByRole('table', { name: 'Organization permissions' });
    await visible(granted.getByRole('row', { name: /read:documents/ }));
    // The API permissions of the role are listed below, none yet.
    await visible(page.getByRole('table', { name: 'API permissions' }));
    await screenshot(page, 'role-permissions', { fullPage: true });
    expect(await checkPage(page, 'organization role permissions')).toEqual([]);
  });

  test('creates an organization and saves its settings', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Organizations' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Organizations' }));
    await page.getByRole('button', { name: 'Create organization' }).first().click();
    await dialog().getByLabel('Organization name').fill('Acme');
    await dialog().getByLabel('Description').fill('The Acme team');
    await dialog().getByRole('button', { name: 'Create organization' }).click();

    await page.waitForURL(/\/console\/organizations\/[^/]+\/settings$/);
    organizationId = decodeURIComponent(page.url().split('/').at(-2) ?? '');
    await visible(page.getByRole('heading', { level: 1, name: 'Acme' }));
    await page.getByLabel('Logo URL', { exact: true }).fill('https://acme.example.com/logo.png');
    await page.getByRole('switch', { name: 'Require multi-factor authentication' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Saved', { exact: true }).last());
    await poll(async () => (await api(`/organizations/${organizationId}`)).body).toMatchObject({
      name: 'Acme',
      isMfaRequired: true,
      branding: { logoUrl: 'https://acme.example.com/logo.png' },
    });
    expect(await checkPage(page, 'organization settings')).toEqual([]);
  });

  test('finds the organization by a part of its name', async () => {
    await api('/organizations', { method: 'POST', body: { name: 'Globex' } });
    await page.goto(`${server.origin}/console/organizations`);
    await visible(page.getByRole('row', { name: /Globex/ }));
    // The list's first requests settled: a late answer re-rendering the page no longer meets the typed search.
    await page.waitForLoadState('networkidle');
    const search = page.getByRole('searchbox', { name: 'Search by organization name or ID' });
    await search.fill('cm');
    await search.press('Enter');
    await page.waitForURL(/[?&]keyword=cm/);
    await count(page.getByRole('row', { name: /Globex/ })).toBe(0);
    await visible(page.getByRole('row', { name: /Acme/ }));
  });

  test('adds a member found by search and gives them the role in place', async () => {
    const { body: user } = await api('/users', {
      method: 'POST',
      body: { username: 'jane_doe', name: 'Jane Doe', primaryEmail: 'jane@example.com' },
    });
    userId = String(user.id);
    await page.goto(`${server.origin}/console/organizations/${organizationId}/members`);
    await visible(page.getByText('No members yet.'));
    await page.getByRole('button', { name: 'Add members' }).first().click();
    const search = dialog().getByRole('searchbox', { name: 'Search by email, phone, username or name' });
    await search.fill('jane');
    await search.press('Enter');
    await dialog()
      .getByRole('checkbox', { name: /Jane Doe/ })
      .check();
    await dialog().getByRole('button', { name: 'Add members' }).click();
    await count(page.getByRole('dialog')).toBe(0);
    const row = members().getByRole('row', { name: /Jane Doe/ });
    await visible(row);

    await row.getByRole('button', { name: 'Add Organization roles to Jane Doe' }).click();
    await dialog().getByRole('combobox', { name: 'Add Organization roles to Jane Doe' }).click();
    await chooseOption('Editor');
    // The list of roles stays open for more picks; clicking the dialog's title closes it.
    await dialog().getByText('Add Organization roles to Jane Doe').first().click();
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await count(page.getByRole('dialog')).toBe(0);
    await visible(row.getByText('Editor', { exact: true }));
    await screenshot(page, 'member-with-role');
    expect(await checkPage(page, 'organization members')).toEqual([]);

    const { body: listed } = await api(`/organizations/${organizationId}/users?page=1&page_size=20`);
    expect(listed).toMatchObject([{ id: userId, organizationRoles: [{ name: 'Editor' }] }]);
  });

  test("lists the organization and the member's role on the user's organizations tab, opening it", async () => {
    await page.goto(`${server.origin}/console/users/${userId}/organizations`);
    const listed = page.getByRole('table', { name: 'Organizations' });
    const row = listed.getByRole('row', { name: /Acme/ });
    await visible(row);
    await visible(row.getByText('Editor', { exact: true }));
    // The user's side only lists: memberships are made from the organization.
    await count(page.getByRole('button', { name: /Assign|Add/ })).toBe(0);
    expect(await checkPage(page, 'user organizations')).toEqual([]);
    await row.click();
    await page.waitForURL(new RegExp(`/console/organizations/${organizationId}/settings$`));
    await page.getByRole('tab', { name: 'Members' }).click();
  });

  test('adds a machine-to-machine app and gives it a machine-to-machine role in place', async () => {
    await api('/organization-roles', { method: 'POST', body: { name: 'Robot', type: 'MachineToMachine' } });
    const { body: app } = await api('/applications', {
      method: 'POST',
      body: { name: 'Billing job', type: 'MachineToMachine' },
    });
    await api('/applications', { method: 'POST', body: { name: 'Storefront', type: 'SPA' } });
    await page.getByRole('tab', { name: 'Machine-to-machine' }).click();
    await visible(page.getByText('No machine-to-machine apps in this organization yet.'));
    await page.getByRole('button', { name: 'Add machine-to-machine apps' }).first().click();
    await visible(dialog().getByRole('checkbox', { name: /Billing job/ }));
    await count(dialog().getByRole('checkbox', { name: /Storefront/ })).toBe(0);
    await dialog()
      .getByRole('checkbox', { name: /Billing job/ })
      .check();
    await dialog().getByRole('button', { name: 'Add machine-to-machine apps' }).click();
    await count(page.getByRole('dialog')).toBe(0);
    const row = page.getByRole('table', { name: 'Machine-to-machine apps' }).getByRole('row', { name: /Billing job/ });
    await visible(row);
    await row.getByRole('button', { name: 'Add Organization roles to Billing job' }).click();
    await dialog().getByRole('combobox', { name: 'Add Organization roles to Billing job' }).click();
    await chooseOption('Robot');
    await dialog().getByText('Add Organization roles to Billing job').first().click();
    await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    await count(page.getByRole('dialog')).toBe(0);
    await visible(row.getByText('Robot', { exact: true }));
    await screenshot(page, 'machine-to-machine');

    // The app's own organizations tab lists the organization and the app's role there.
    await page.goto(`${server.origin}/console/applications/${String(app.id)}/organizations`);
    const listed = page.getByRole('table', { name: 'Organizations' }).getByRole('row', { name: /Acme/ });
    await visible(listed.getByText('Robot', { exact: true }));
    await page.goto(`${server.origin}/console/organizations/${organizationId}/members`);
  });

  test('takes the role away and removes the member', async () => {
    const row = members().getByRole('row', { name: /Jane Doe/ });
    await row.getByRole('button', { name: 'Remove Editor from Jane Doe' }).click();
    await count(row.getByText('Editor', { exact: true })).toBe(0);
    expect((await api(`/organizations/${organizationId}/users/${userId}/roles`)).body).toEqual([]);

    await row.getByRole('button', { name: 'Remove Jane Doe' }).click();
    await dialog().getByRole('button', { name: 'Remove' }).click();
    await visible(page.getByText('No members yet.'));
    expect((await api(`/organizations/${organizationId}/users?page=1&page_size=20`)).body).toEqual([]);
  });
});
