/**
 * A protected app on its console page: made through the API on a server with a protected apps' domain, its page
 * shows the host visitors reach (not editable) and the origin; the origin and a protected path are changed, saved,
 * and kept by the server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
import { consoleSteps, poll, visible } from './console-steps';
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

const { api, saved } = consoleSteps(() => ({ server, browser }));

describe('protected apps', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('applications-protected');
    server = await startServer({ PROTECTED_APP_DOMAIN: 'apps.gatehouse.test' });
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('shows the host and edits the origin and the protected paths', async () => {
    const created = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Wiki',
        type: 'Protected',
        protectedAppMetadata: { subDomain: 'wiki', origin: 'https://wiki.example.com' },
      },
    });
    expect(created.status).toBe(200);
    await page.goto(`${server.origin}/console/applications/${created.body.id}/settings`);
    await visible(page.getByRole('heading', { level: 1, name: 'Wiki' }));
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
    const stored = (await api(`/applications/${created.body.id}`)).body.protectedAppMetadata;
    expect(stored).toMatchObject({
      host: 'wiki.apps.gatehouse.test',
      origin: 'https://docs.example.com',
      pageRules: [{ path: '^/private' }],
    });
  });
});
