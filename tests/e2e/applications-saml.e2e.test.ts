/**
 * A SAML application in the console: its settings tab shows the identity provider's URLs, its SAML settings and
 * attribute mapping are tabs of their own, read from and saved to the SAML applications API.
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
let appId: string;

const { api, field, saved } = consoleSteps(() => ({ server, browser }));
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

describe('SAML applications', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('applications-saml');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    await page.goto(`${server.origin}/console/applications`);
    const made = await api('/saml-applications', {
      method: 'POST',
      body: {
        name: 'Team wiki',
        entityId: 'https://wiki.example.com/saml',
        acsUrl: { binding: POST, url: 'https://wiki.example.com/acs' },
      },
    });
    expect(made.status).toBe(201);
    appId = made.body.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("shows the identity provider's URLs on the settings tab, without OpenID Connect settings", async () => {
    await page.goto(`${server.origin}/console/applications/${appId}/settings`);
    await visible(page.getByRole('heading', { level: 1, name: 'Team wiki' }));
    await poll(() => page.getByRole('textbox', { name: 'Identity provider metadata URL' }).inputValue()).toBe(
      `${server.origin}/api/saml-applications/${appId}/metadata`,
    );
    await count(page.getByText('Redirect URIs')).toBe(0);
    await count(page.getByRole('button', { name: 'Save changes' })).toBe(0);
    await screenshot(page, 'settings');
  });

  test('edits the service provider and the attribute mapping on their tabs', async () => {
    await page.getByRole('tab', { name: 'SAML settings' }).click();
    await page.waitForURL(/\/saml$/);
    const entityId = field(page, 'Service provider entity ID').getByRole('textbox');
    await poll(() => entityId.inputValue()).toBe('https://wiki.example.com/saml');
    await entityId.fill('https://wiki.example.com/saml/metadata');
    await screenshot(page, 'saml-settings', { fullPage: true });
    await saved();
    expect((await api(`/saml-applications/${appId}`)).body.entityId).toBe('https://wiki.example.com/saml/metadata');

    await page.getByRole('tab', { name: 'Attribute mapping' }).click();
    await page.waitForURL(/\/attribute-mapping$/);
    await field(page, 'Email').getByRole('textbox').fill('mail');
    await field(page, 'Given name').getByRole('textbox').fill('firstName');
    await saved();
    expect((await api(`/saml-applications/${appId}`)).body.attributeMapping).toEqual({
      email: 'mail',
      given_name: 'firstName',
    });
    await screenshot(page, 'attribute-mapping', { fullPage: true });
  });

  test("keeps a non-SAML application's tabs as they were", async () => {
    const spa = await api('/applications', { method: 'POST', body: { name: 'Shop', type: 'SPA' } });
    await page.goto(`${server.origin}/console/applications/${spa.body.id}/settings`);
    await visible(page.getByRole('textbox', { name: 'Application name' }));
    await count(page.getByRole('tab', { name: 'SAML settings' })).toBe(0);
    await count(page.getByRole('tab', { name: 'Attribute mapping' })).toBe(0);
  });
});
