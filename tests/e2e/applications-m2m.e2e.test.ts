/**
 * A machine-to-machine app end to end: created with its endpoints, a secret created (its value masked, shown and
 * copied), a duplicate secret name, a secret deleted, and a machine-to-machine role assigned from the dialog (user
 * roles are not offered).
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

const { api, dialog, field, appIdFromUrl } = consoleSteps(() => ({ server, browser }));

describe('applications', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('applications-m2m');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('heading', { level: 1, name: 'Applications' }));
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('creates a machine-to-machine app and shows its endpoints', async () => {
    await api('/roles', {
      method: 'POST',
      body: { name: 'Order robot', description: 'Reads orders', type: 'MachineToMachine' },
    });
    await api('/roles', { method: 'POST', body: { name: 'Viewer', description: 'A user role', type: 'User' } });

    await page.getByRole('button', { name: 'Create application' }).first().click();
    await dialog().getByLabel('Application name').fill('Nightly job');
    await dialog()
      .getByRole('radio', { name: /Machine-to-machine/ })
      .check();
    await screenshot(page, 'create-m2m');
    await dialog().getByRole('button', { name: 'Create application' }).click();

    await page.waitForURL(/\/console\/applications\/[^/]+\/settings$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Nightly job' }));
    await visible(page.getByRole('tab', { name: 'Machine-to-machine roles' }));
    // Redirect URIs and token settings do not apply to a machine-to-machine app.
    await count(page.getByRole('region', { name: 'URIs' })).toBe(0);
    await count(page.getByRole('region', { name: 'Advanced settings' })).toBe(0);
    await poll(() => page.getByRole('textbox', { name: 'Token endpoint' }).inputValue()).toBe(
      `${server.origin}/oidc/token`,
    );
    await poll(() => page.getByRole('textbox', { name: 'App ID' }).inputValue()).toBe(appIdFromUrl());
    await visible(page.getByText('No secrets yet.'));
    await screenshot(page, 'm2m-settings', { fullPage: true });
  });

  test('creates a secret, shows its value masked, reveals and copies it', async () => {
    const appId = appIdFromUrl();
    const secrets = page.getByRole('region', { name: 'App secrets' });
    await secrets.getByRole('button', { name: 'Create secret' }).click();
    await dialog().getByLabel('Secret name').fill('CI pipeline');
    const nextYear = new Date().getFullYear() + 1;
    await dialog().getByLabel('Expiration date').click();
    await dialog().getByLabel('Expiration date').fill(`${nextYear}-06-30`);
    await dialog().getByLabel('Expiration date').press('Enter');
    await poll(() => dialog().getByLabel('Expiration date').inputValue()).toBe(`${nextYear}-06-30`);
    await screenshot(page, 'secret-create');
    await dialog().getByRole('button', { name: 'Create secret' }).click();

    const created = page.getByRole('dialog', { name: 'Secret “CI pipeline” created' });
    await visible(created);
    await visible(created.getByText('Store the secret safely', { exact: false }));
    // Masked like in the secrets table, with show and copy.
    const input = created.getByRole('textbox', { name: 'Secret value' });
    expect(await input.inputValue()).toMatch(/^•+$/);
    await created.getByRole('button', { name: 'Show Secret value' }).click();
    const value = await input.inputValue();
    expect(value).toMatch(/^[a-z0-9]{32}$/);
    await created.getByRole('button', { name: 'Copy Secret value' }).click();
    await visible(created.getByText('Copied to the clipboard.'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await screenshot(page, 'secret-created');
    await created.getByRole('button', { name: 'Done' }).click();
    await count(page.getByRole('dialog')).toBe(0);

    const [stored] = (await api(`/applications/${appId}/secrets`)).body;
    expect(stored).toMatchObject({ name: 'CI pipeline', value });
    const expiry = new Date(stored.expiresAt);
    expect([expiry.getFullYear(), expiry.getMonth(), expiry.getDate()]).toEqual([nextYear, 5, 30]);

    const row = secrets.getByRole('row', { name: /CI pipeline/ });
    await visible(row);
    await poll(() => row.getByRole('textbox').inputValue()).toContain('•');
    await row.getByRole('button', { name: 'Show Secret CI pipeline' }).click();
    await poll(() => row.getByRole('textbox').inputValue()).toBe(value);
    await visible(row.getByText(`Jun 30, ${nextYear}`, { exact: false }));
    await screenshot(page, 'secrets-list', { fullPage: true });
  });

  test('refuses a duplicate secret name on the field, and deletes a secret after confirming', async () => {
    const appId = appIdFromUrl();
    const secrets = page.getByRole('region', { name: 'App secrets' });
    await secrets.getByRole('button', { name: 'Create secret' }).click();
    await dialog().getByLabel('Secret name').fill('CI pipeline');
    await dialog().getByRole('button', { name: 'Create secret' }).click();
    await poll(() => field(dialog(), 'Secret name').getByRole('alert').textContent()).toBe(
      'A secret with this name already exists.',
    );
    await screenshot(page, 'secret-duplicate');
    await dialog().getByLabel('Secret name').fill('Temporary');
    await dialog().getByRole('button', { name: 'Create secret' }).click();
    await page
      .getByRole('dialog', { name: 'Secret “Temporary” created' })
      .getByRole('button', { name: 'Done' })
      .click();
    await visible(secrets.getByRole('row', { name: /Temporary/ }));
    await visible(secrets.getByRole('row', { name: /Temporary/ }).getByText('Never'));

    await secrets.getByRole('button', { name: 'Delete Temporary' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Delete “Temporary”?' });
    await visible(confirm);
    await screenshot(page, 'secret-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await count(secrets.getByRole('row', { name: /Temporary/ })).toBe(0);
    const names = (await api(`/applications/${appId}/secrets`)).body.map((s: { name: string }) => s.name);
    expect(names).toEqual(['CI pipeline']);
  });

  test('assigns a machine-to-machine role from the dialog', async () => {
    const appId = appIdFromUrl();
    await page.getByRole('tab', { name: 'Machine-to-machine roles' }).click();
    await page.waitForURL(/\/roles$/);
    await visible(page.getByText('No roles assigned yet.'));

    await page.getByRole('button', { name: 'Assign roles' }).first().click();
    await visible(dialog().getByRole('checkbox', { name: /Order robot/ }));
    // Only machine-to-machine roles are offered.
    await count(dialog().getByRole('checkbox', { name: /Viewer/ })).toBe(0);
    await dialog()
      .getByRole('checkbox', { name: /Order robot/ })
      .check();
    await visible(dialog().getByText('Selected: 1'));
    await screenshot(page, 'assign-roles-dialog');
    await dialog().getByRole('button', { name: 'Assign roles' }).click();
    await count(page.getByRole('dialog')).toBe(0);
    await visible(page.getByText('Assigned 1 role to “Nightly job”'));

    const row = page.getByRole('row', { name: /Order robot/ });
    await visible(row);
    await visible(row.getByText('Machine-to-machine'));
    await screenshot(page, 'm2m-roles');
    const roles = (await api(`/applications/${appId}/roles`)).body.map((r: { name: string }) => r.name);
    expect(roles).toEqual(['Order robot']);

    // The assigned role shows as such the next time.
    await page.getByRole('button', { name: 'Assign roles' }).first().click();
    await poll(() =>
      dialog()
        .getByRole('checkbox', { name: /Order robot/ })
        .isDisabled(),
    ).toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  test('the roles list counts the apps that hold each role', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Roles' }));
    await visible(page.getByRole('columnheader', { name: 'Applications' }));
    const cells = async (name: RegExp) => {
      const row = page.getByRole('row', { name });
      await visible(row);
      return row.getByRole('cell').allInnerTexts();
    };
    // Role name, description, type, users, applications.
    await poll(async () => (await cells(/Order robot/)).slice(-2)).toEqual(['0', '1']);
    await poll(async () => (await cells(/Viewer/)).slice(-2)).toEqual(['0', '0']);
    await screenshot(page, 'roles-with-counts');
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
