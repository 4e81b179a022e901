/**
 * User management end to end, on one server: a user created with a generated password (shown once), found by
 * search, its password reset (the new one shown once), suspended (the banner shows) and reactivated, a role assigned
 * from the user's Roles tab and a user from the role's Users tab (the tab counts each role's users as the Roles list
 * does), an identity unlinked and an MFA factor removed from the settings cards, a suspended user marked in the
 * list, then the user deleted.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
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
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
let userId = '';

const api = async (path: string, init?: { method: string; body: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init?.method ?? 'GET',
    headers: { ...(await authHeaders(browser)), ...(init ? { 'content-type': 'application/json' } : {}) },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
};

const dialog = () => page.getByRole('dialog').last();
const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
const count = (locator: Locator) => poll(() => locator.count());
const banner = () => page.getByText('This user is suspended and cannot sign in until reactivated.');

/** Runs one entry of the detail page's actions menu and confirms it. */
const runAction = async (name: string) => {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
  await dialog().getByRole('button', { name }).click();
  await count(page.getByRole('dialog')).toBe(0);
};

describe('user management', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('users');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('creates a user with a generated password, shown once', async () => {
    await page.goto(`${server.origin}/console/users`);
    await visible(page.getByRole('heading', { level: 1, name: 'User management' }));
    await page.getByRole('button', { name: 'Add user' }).first().click();
    await dialog().getByLabel('Username').fill('ada_lovelace');
    await dialog().getByLabel('Email address').fill('ada@example.com');
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await poll(async () => (await dialog().getByLabel('Password').inputValue()).length).toBe(16);
    await dialog().getByRole('button', { name: 'Add user' }).click();

    const shown = page.getByRole('dialog', { name: 'Save the Password' });
    await visible(shown);
    const password = await shown.getByRole('textbox', { name: 'Password' }).inputValue();
    expect(password).toHaveLength(16);
    await visible(shown.getByRole('button', { name: 'Copy Password' }));
    await screenshot(page, 'password-shown-once');
    await shown.getByRole('button', { name: 'Done' }).click();

    await page.waitForURL(/\/console\/users\/[^/]+\/settings$/);
    userId = decodeURIComponent(page.url().split('/').at(-2) ?? '');
    await visible(page.getByRole('heading', { level: 1, name: 'ada_lovelace' }));
    await visible(page.getByText('The user has a password.'));
    const { body: user } = await api(`/users/${userId}`);
    expect(user).toMatchObject({ username: 'ada_lovelace', primaryEmail: 'ada@example.com', hasPassword: true });
    expect(user).not.toHaveProperty('password');
  });

  test('finds the user by any identifier and opens it', async () => {
    await api('/users', { method: 'POST', body: { username: 'grace_hopper', name: 'Grace Hopper' } });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'User management' })
      .click();
    await visible(page.getByRole('row', { name: /Grace Hopper/ }));
    const search = page.getByRole('searchbox', { name: 'Search by email, phone, username or name' });
    await search.fill('ada@example');
    await search.press('Enter');
    await count(page.getByRole('row', { name: /Grace Hopper/ })).toBe(0);
    const row = page.getByRole('row', { name: /ada_lovelace/ });
    await visible(row);
    await visible(row.getByText('A', { exact: true }));
    await screenshot(page, 'list-searched');
    await row.click();
    await page.waitForURL(new RegExp(`/console/users/${userId}/settings$`));
  });

  test('resets the password and shows the new one once', async () => {
    await page.getByRole('button', { name: 'Generate new password' }).click();
    await dialog().getByRole('button', { name: 'Generate new password' }).click();
    const shown = page.getByRole('dialog', { name: 'New password of “ada_lovelace”' });
    await visible(shown);
    expect(await shown.getByRole('textbox', { name: 'Password' }).inputValue()).toHaveLength(16);
    await shown.getByRole('button', { name: 'Done' }).click();
    await count(page.getByRole('dialog')).toBe(0);
  });

  test('suspends the user (the banner shows) and reactivates it', async () => {
    await runAction('Suspend user');
    await visible(banner());
    expect((await api(`/users/${userId}`)).body.isSuspended).toBe(true);
    await screenshot(page, 'suspended');
    await runAction('Reactivate user');
    await count(banner()).toBe(0);
    expect((await api(`/users/${userId}`)).body.isSuspended).toBe(false);
  });

  test('assigns a role from the user side and a user from the role side', async () => {
    const { body: role } = await api('/roles', {
      method: 'POST',
      body: { name: 'Support agent', description: 'Answers tickets', type: 'User' },
    });
    await api('/roles', { method: 'POST', body: { name: 'Robot', description: 'Machines', type: 'MachineToMachine' } });

    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.waitForURL(/\/roles$/);
    await page.getByRole('button', { name: 'Assign roles' }).first().click();
    await visible(dialog().getByRole('checkbox', { name: /Support agent/ }));
    await count(dialog().getByRole('checkbox', { name: /Robot/ })).toBe(0);
    await dialog()
      .getByRole('checkbox', { name: /Support agent/ })
      .check();
    await dialog().getByRole('button', { name: 'Assign roles' }).click();
    await count(page.getByRole('dialog')).toBe(0);
    await visible(page.getByRole('row', { name: /Support agent/ }));

    await page.goto(`${server.origin}/console/roles/${String(role.id)}/users`);
    await visible(page.getByRole('row', { name: /ada_lovelace/ }));
    await page.getByRole('button', { name: 'Assign users' }).first().click();
    const search = dialog().getByRole('searchbox', { name: 'Search by email, phone, username or name' });
    await search.fill('grace');
    await search.press('Enter');
    await dialog()
      .getByRole('checkbox', { name: /Grace Hopper/ })
      .check();
    await visible(dialog().getByText('Selected: 1'));
    await screenshot(page, 'assign-users');
    await dialog().getByRole('button', { name: 'Assign users' }).click();
    await count(page.getByRole('dialog')).toBe(0);
    await visible(page.getByRole('row', { name: /Grace Hopper/ }));
    const { body: users } = await api(`/roles/${String(role.id)}/users?page=1&page_size=20`);
    expect((users as unknown as { username: string }[]).map((user) => user.username).sort()).toEqual([
      'ada_lovelace',
      'grace_hopper',
    ]);
  });

  test("the user's Roles tab shows each role's users and applications as the Roles list does", async () => {
    const counts = async (url: string) => {
      await page.goto(url);
      const row = page.getByRole('row', { name: /Support agent/ });
      await visible(row);
      const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());
      const cell = async (title: string) =>
        (await row.getByRole('cell').nth(headers.indexOf(title)).textContent())?.trim();
      return { users: await cell('Users'), applications: await cell('Applications') };
    };
    const listed = await counts(`${server.origin}/console/roles`);
    // ada_lovelace and grace_hopper hold the role; no application does.
    expect(listed).toEqual({ users: '2', applications: '0' });
    expect(await counts(`${server.origin}/console/users/${userId}/roles`)).toEqual(listed);
    await screenshot(page, 'user-roles-counts');
  });

  test('lists an identity and an MFA factor given through the API; Unlink and Remove take them away', async () => {
    const linked = await api(`/users/${userId}/identities/google`, {
      method: 'PUT',
      body: { userId: 'google-ada-1815', details: { email: 'ada@example.com' } },
    });
    expect(linked.status).toBe(201);
    const added = await api(`/users/${userId}/mfa-verifications`, { method: 'POST', body: { type: 'Totp' } });
    expect(added.status).toBeLessThan(300);

    await page.goto(`${server.origin}/console/users/${userId}/settings`);
    const identities = page.getByRole('table', { name: 'Identities' });
    const factors = page.getByRole('table', { name: 'Multi-factor authentication' });
    await visible(identities.getByRole('row', { name: /google-ada-1815/ }));
    await visible(factors.getByRole('row', { name: /Authenticator app \(TOTP\)/ }));
    await screenshot(page, 'identities-and-mfa', { fullPage: true });
    // The cards' rows and their buttons are held to the same accessibility rules as every page.
    expect(await checkPage(page, 'user settings with an identity and an MFA factor')).toEqual([]);

    await identities.getByRole('button', { name: 'Unlink google' }).click();
    await dialog().getByRole('button', { name: 'Unlink' }).click();
    await visible(identities.getByText('No social or SSO identities linked.'));
    expect((await api(`/users/${userId}/all-identities`)).body).toEqual({ socialIdentities: [], ssoIdentities: [] });

    await factors.getByRole('button', { name: 'Remove Authenticator app (TOTP)' }).click();
    await dialog().getByRole('button', { name: 'Remove' }).click();
    await visible(factors.getByText('No MFA factors set up.'));
    expect((await api(`/users/${userId}/mfa-verifications`)).body).toEqual([]);
  });

  test('marks a user suspended through the API as Suspended in the list, and no one else', async () => {
    const { body: suspended } = await api('/users', { method: 'POST', body: { username: 'sam_suspended' } });
    await api(`/users/${String(suspended.id)}/is-suspended`, { method: 'PATCH', body: { isSuspended: true } });
    await page.goto(`${server.origin}/console/users`);
    const row = page.getByRole('row', { name: /sam_suspended/ });
    await visible(row.getByText('Suspended', { exact: true }));
    await visible(page.getByRole('row', { name: /Grace Hopper/ }));
    // Only that row has the tag.
    await count(page.getByRole('row').filter({ has: page.getByText('Suspended', { exact: true }) })).toBe(1);
    await screenshot(page, 'list-suspended');
  });

  test('exports every user as a CSV file from the list', async () => {
    await page.goto(`${server.origin}/console/users`);
    await visible(page.getByRole('row', { name: /Grace Hopper/ }));
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV file' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('users.csv');
    const lines = readFileSync(await file.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    const { body: users } = await api('/users');
    // A header row, then one row per user.
    expect(lines).toHaveLength((users as unknown as unknown[]).length + 1);
    expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['id', 'username', 'name', 'primaryEmail']));
    expect(lines.some((line) => line.includes('Grace Hopper'))).toBe(true);
  });

  test('deletes the user', async () => {
    await page.goto(`${server.origin}/console/users/${userId}/settings`);
    await visible(page.getByRole('heading', { level: 1, name: 'ada_lovelace' }));
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/console\/users$/);
    await visible(page.getByRole('row', { name: /Grace Hopper/ }));
    await count(page.getByRole('row', { name: /ada_lovelace/ })).toBe(0);
    expect((await api(`/users/${userId}`)).status).toBe(404);
  });
});
