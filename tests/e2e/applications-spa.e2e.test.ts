/**
 * A single page app end to end: created with a redirect URI (a native app's custom scheme refused on its field),
 * edited and saved, and listed; third-party applications listed and created on their own tab.
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

const { api, dialog, field, appIdFromUrl, saved } = consoleSteps(() => ({ server, browser }));

describe('applications', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('applications-spa');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('creates a single page app with a redirect URI', async () => {
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('heading', { level: 1, name: 'Applications' }));
    await visible(page.getByText('No applications yet.'));
    await screenshot(page, 'empty');

    await page.getByRole('button', { name: 'Create application' }).first().click();
    await dialog().getByLabel('Application name').fill('Storefront');
    await dialog().getByRole('button', { name: 'Create application' }).click();
    // The type has no default: the form asks for it.
    await poll(() => field(dialog(), 'Application type').getByRole('alert').textContent()).toBe(
      'This field is required',
    );
    await dialog()
      .getByRole('radio', { name: /Single page app/ })
      .check();
    await visible(dialog().getByText('A web app running in the browser, such as React, Vue or Angular.'));
    await dialog().getByLabel('Description').fill('The shop');
    await screenshot(page, 'create-spa');
    await dialog().getByRole('button', { name: 'Create application' }).click();

    await page.waitForURL(/\/console\/applications\/[^/]+\/settings$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Storefront' }));
    await visible(page.locator('.gh-detail-header').getByText('Single page app'));
    // Roles and secrets belong to machine-to-machine apps.
    await count(page.getByRole('tab', { name: 'Machine-to-machine roles' })).toBe(0);
    await count(page.getByRole('region', { name: 'App secrets' })).toBe(0);
    const appId = appIdFromUrl();
    await poll(() => page.getByRole('textbox', { name: 'App ID' }).inputValue()).toBe(appId);

    const redirects = field(page, 'Redirect URIs');
    await redirects.getByRole('button', { name: 'Add another' }).click();
    await redirects.getByRole('textbox').first().fill('not a uri');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => redirects.getByRole('alert').first().textContent()).toBe(
      'Enter an http(s) URL, or a custom scheme URI such as com.example.app://callback',
    );
    await screenshot(page, 'spa-invalid-redirect', { fullPage: true });
    expect((await api(`/applications/${appId}`)).body.oidcClientMetadata.redirectUris).toEqual([]);

    await redirects.getByRole('textbox').first().fill('https://shop.example.com/callback');
    await redirects.getByRole('button', { name: 'Add another' }).click();
    await redirects.getByRole('textbox').nth(1).fill('com.example.shop://callback');
    await field(page, 'Post sign-out redirect URIs').getByRole('button', { name: 'Add another' }).click();
    await field(page, 'Post sign-out redirect URIs').getByRole('textbox').fill('https://shop.example.com');
    // The form knows the app's type, which its body does not carry: a custom scheme is for native apps.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => redirects.getByRole('alert').textContent()).toBe(
      'Enter an http(s) URL; custom schemes such as com.example.app://callback are for native apps',
    );
    expect((await api(`/applications/${appId}`)).body.oidcClientMetadata.redirectUris).toEqual([]);
    await redirects.getByRole('textbox').nth(1).fill('https://shop.example.com/return');
    await saved();
    expect((await api(`/applications/${appId}`)).body.oidcClientMetadata).toEqual({
      redirectUris: ['https://shop.example.com/callback', 'https://shop.example.com/return'],
      postLogoutRedirectUris: ['https://shop.example.com'],
    });
  });

  test('edits the app and keeps the changes after a reload', async () => {
    const appId = appIdFromUrl();
    await page.getByLabel('Application name').fill('Storefront v2');
    await field(page, 'CORS allowed origins').getByRole('button', { name: 'Add another' }).click();
    await field(page, 'CORS allowed origins').getByRole('textbox').fill('https://shop.example.com');
    // New apps rotate refresh tokens, as the server does; the form shows the stored value.
    expect(await page.getByRole('switch', { name: 'Rotate refresh token' }).isChecked()).toBe(true);
    await page.getByRole('spinbutton', { name: /Refresh token expiration time/ }).fill('30');
    await visible(page.getByText('You have unsaved changes'));
    await screenshot(page, 'spa-edit-unsaved', { fullPage: true });
    await saved();

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Storefront v2' }));
    await poll(() => field(page, 'Redirect URIs').getByRole('textbox').nth(1).inputValue()).toBe(
      'https://shop.example.com/return',
    );
    await poll(() => page.getByRole('switch', { name: 'Rotate refresh token' }).isChecked()).toBe(true);
    await screenshot(page, 'spa-settings', { fullPage: true });
    const { body } = await api(`/applications/${appId}`);
    expect(body).toMatchObject({
      name: 'Storefront v2',
      description: 'The shop',
      customClientMetadata: {
        corsAllowedOrigins: ['https://shop.example.com'],
        refreshTokenTtlInDays: 30,
        rotateRefreshToken: true,
      },
    });

    await page.getByRole('link', { name: 'Back to Applications' }).click();
    const row = page.getByRole('row', { name: /Storefront v2/ });
    await visible(row);
    await visible(row.getByText('Single page app'));
    await visible(row.getByText(appId));
    await screenshot(page, 'list');
  });

  test('lists third-party applications on a tab of their own, and creates one there', async () => {
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('tab', { name: 'My applications', selected: true }));
    await visible(page.getByRole('cell', { name: 'Storefront' }));
    await page.getByRole('tab', { name: 'Third-party applications' }).click();
    await page.waitForURL(/\/console\/applications\/third-party-applications$/);
    await visible(page.getByText('No applications yet.'));
    await count(page.getByRole('cell', { name: 'Storefront' })).toBe(0);

    await page.getByRole('button', { name: 'Create application' }).first().click();
    await dialog().getByLabel('Application name').fill('Partner portal');
    await dialog()
      .getByRole('radio', { name: /Traditional web/ })
      .check();
    await dialog().getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/[^/]+\/settings$/);
    const appId = appIdFromUrl();
    expect((await api(`/applications/${appId}`)).body).toMatchObject({ name: 'Partner portal', isThirdParty: true });

    await page.goto(`${server.origin}/console/applications/third-party-applications`);
    await visible(page.getByRole('cell', { name: 'Partner portal' }));
    await count(page.getByRole('cell', { name: 'Storefront' })).toBe(0);
    await screenshot(page, 'third-party-list');
    await page.getByRole('tab', { name: 'My applications' }).click();
    await page.waitForURL(/\/console\/applications$/);
    await visible(page.getByRole('cell', { name: 'Storefront' }));
    await count(page.getByRole('cell', { name: 'Partner portal' })).toBe(0);
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
