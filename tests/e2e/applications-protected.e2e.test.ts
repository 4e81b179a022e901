/**
 * A protected app in the console, on a server with a protected apps' domain: created from its subdomain and origin
 * (fields the create dialog shows for that type only), its page shows the host visitors reach (not editable) and
 * the origin; the origin and a protected path are changed, saved, and kept by the server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
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

const { api, dialog, appIdFromUrl, saved } = consoleSteps(() => ({ server, browser }));

describe('protected apps', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('applications-protected');
    // No DNS server answers here: a custom domain stays unverified.
    server = await startServer({ PROTECTED_APP_DOMAIN: 'apps.gatehouse.test', DNS_RESOLVER: '127.0.0.1:9' });
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('creates a protected app from its subdomain and origin, then edits its origin and protected paths', async () => {
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('heading', { level: 1, name: 'Applications' }));
    await page.getByRole('button', { name: 'Create application' }).first().click();
    await dialog().getByLabel('Application name').fill('Wiki');
    // The protected app's fields show only for its type.
    await count(dialog().getByLabel('Subdomain')).toBe(0);
    await dialog()
      .getByRole('radio', { name: /Protected app/ })
      .check();
    await dialog().getByLabel('Subdomain').fill('wiki');
    await dialog().getByLabel('Origin').fill('https://wiki.example.com');
    await screenshot(page, 'create');
    expect(await checkPage(page, 'create protected app')).toEqual([]);
    await dialog().getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/[^/]+\/settings$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Wiki' }));
    const id = appIdFromUrl();
    const section = page.getByRole('region', { name: 'Protected app' });
    await visible(section);
    const host = section.getByRole('textbox', { name: 'Host' });
    await poll(() => host.inputValue()).toBe('wiki.apps.gatehouse.test');
    expect(await host.isEditable()).toBe(false);
    await poll(() => section.getByRole('textbox', { name: 'Origin' }).inputValue()).toBe('https://wiki.example.com');
    expect(await checkPage(page, 'protected app settings')).toEqual([]);

    await section.getByRole('textbox', { name: 'Origin' }).fill('https://docs.example.com');
    await section.getByRole('button', { name: 'Add another' }).click();
    await section.getByPlaceholder('^/admin').fill('^/private');
    await screenshot(page, 'settings', { fullPage: true });
    await saved();
    const stored = (await api(`/applications/${id}`)).body.protectedAppMetadata;
    expect(stored).toMatchObject({
      host: 'wiki.apps.gatehouse.test',
      origin: 'https://docs.example.com',
      pageRules: [{ path: '^/private' }],
    });
  });

  test('adds a custom domain with the records to create, and removes it', async () => {
    const card = page.getByRole('region', { name: 'Custom domain' });
    await visible(card.getByText('No custom domain.'));
    await card.getByRole('textbox', { name: 'Domain' }).fill('Wiki.Example.org');
    await card.getByRole('button', { name: 'Add domain' }).click();
    await visible(card.getByRole('cell', { name: 'wiki.example.org', exact: true }));
    await visible(card.getByText('Verifying'));
    await visible(card.getByText('wiki.apps.gatehouse.test'));
    await visible(card.getByText('_gatehouse-challenge.wiki.example.org'));
    await screenshot(page, 'custom-domain', { fullPage: true });
    expect(await checkPage(page, 'protected app custom domain')).toEqual([]);

    await card.getByRole('button', { name: 'Remove wiki.example.org' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await visible(card.getByText('No custom domain.'));
    const id = new URL(page.url()).pathname.split('/')[3] as string;
    const stored = (await api(`/applications/${id}`)).body;
    expect(stored.protectedAppMetadata.customDomains).toEqual([]);
  });
});
