/**
 * Custom profile fields on the sign-up page, in Chromium: the tenant's fields (made through the management API) are
 * asked for after the password, a refused value is named on its field with what was typed kept, and the account
 * created holds the values in its profile and custom data.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AppCallback, appSteps, authorizationUrl, startAppCallback } from './app-callback';
import { consoleSteps, visible } from './console-steps';
import {
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

const PASSWORD = 'Difference-engine-1822';
const APP = 'Member portal';

let server: RunningServer;
let admin: Browser;
let visitor: Browser;
let page: Page;
let app: AppCallback;
let clientId = '';

const { api } = consoleSteps(() => ({ server, browser: admin }));
const { backInApp } = appSteps(() => ({ page, origin: server.origin, clientId, callback: app.url, appName: APP }));

describe('custom profile fields on the sign-up page', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('sign-up-profile-fields');
    server = await startServer();
    admin = await launchBrowser();
    app = await startAppCallback(APP);
    const created = await api('/applications', {
      method: 'POST',
      body: { name: APP, type: 'SPA', oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] } },
    });
    clientId = String(created.body.id);
    for (const field of [
      { name: 'company', type: 'Text', label: 'Company', required: true, config: { maxLength: 30 } },
      {
        name: 'plan',
        type: 'Select',
        label: 'Plan',
        description: 'You can change it later.',
        required: true,
        config: {
          options: [
            { label: 'Free', value: 'free' },
            { label: 'Team', value: 'team' },
          ],
        },
      },
      { name: 'newsletter', type: 'Checkbox', label: 'Send me product news', required: false },
    ]) {
      expect((await api('/custom-profile-fields', { method: 'POST', body: field })).status).toBe(201);
    }
    visitor = await launchBrowser({ signInTo: false });
    page = visitor.page;
  });
  afterAll(async () => {
    await visitor?.close();
    await admin?.close();
    await server?.stop();
    await app?.close();
  });

  test('asks for the fields, names a refused value, and stores what the new user gave', async () => {
    await page.goto(authorizationUrl(server.origin, clientId, app.url, { first_screen: 'register' }));
    await visible(page.getByRole('heading', { level: 1, name: 'Create account' }));
    await page.getByLabel('Username').fill('charles');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Company').fill('The Analytical Engine Company of London');
    await page.getByLabel('Plan').selectOption({ label: 'Team' });
    await page.getByLabel('Send me product news').check();
    await screenshot(page, 'filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    const company = page.getByLabel('Company');
    await visible(page.getByText('Enter at most 30 characters.'));
    expect(await company.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Plan').inputValue()).toBe('team');
    await screenshot(page, 'refused');

    await company.fill('Engines Ltd');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await backInApp();

    const users = await api('/users?search=charles&page=1');
    expect(users.body).toHaveLength(1);
    expect(users.body[0].customData).toEqual({ company: 'Engines Ltd', plan: 'team', newsletter: true });
    expect(visitor.errors).toEqual([]);
  });
});
