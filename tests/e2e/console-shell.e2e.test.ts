/**
 * The console's shell end to end in Chromium against the real server: its scripts served compressed and cached,
 * the documentation link, the root and unknown pages, the appearance and language switches, and styles under the
 * strict policy.
 */
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleSteps, poll, visible } from './console-steps';
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

const { openSection } = consoleSteps(() => ({ server, browser }));

describe('console', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('console-shell');
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

  test('lists the contact channels from the Help menu', async () => {
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    const links = ['Join the chat', 'Open an issue', 'Send an email', 'Pick a time'];
    for (const name of links) await visible(dialog.getByRole('link', { name }));
    expect(await dialog.getByRole('link', { name: 'Send an email' }).getAttribute('href')).toMatch(/^mailto:/);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('shows the release the server runs in the top bar', async () => {
    const version = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    ).version;
    await visible(page.locator('.gh-topbar').getByText(`v${version}`, { exact: true }));
  });

  test('answers a page of its own site whether the administrator is signed in, from a frame', async () => {
    const framed = await fetch(`${server.origin}/console/auth-status`);
    expect(framed.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const other = await fetch(`${server.origin}/console/roles`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(other.headers.get('x-frame-options')).toBe('DENY');

    const answer = await page.evaluate(async (origin) => {
      const frame = document.createElement('iframe');
      frame.src = `${origin}/console/auth-status`;
      document.body.append(frame);
      return new Promise((resolve) => {
        // The page listens once its script has run: ask until it answers.
        const asking = setInterval(
          () => frame.contentWindow?.postMessage({ type: 'CheckAdminToken', requestId: 'r1' }, origin),
          100,
        );
        window.addEventListener('message', (event) => {
          if (event.data?.requestId !== 'r1') return;
          clearInterval(asking);
          frame.remove();
          resolve(event.data);
        });
      });
    }, server.origin);
    expect(answer).toEqual({ type: 'AdminTokenStatus', requestId: 'r1', isAuthenticated: true });
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

  test('switches the language to German from the user menu and remembers it', async () => {
    const lang = () => page.evaluate(() => document.documentElement.lang);
    await page.getByRole('button', { name: 'Account and preferences' }).click();
    await page.getByRole('menuitem', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'API-Ressourcen' }));
    await visible(page.getByRole('link', { name: 'Anwendungen' }));
    await poll(lang).toBe('de');
    await page.keyboard.press('Escape');
    // One language per page load: after the choice, only German's texts download (the shell preloads them).
    const languagesLoaded: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const language = /\/assets\/locale-(.+)-.{8}\.js$/.exec(request.url())?.[1];
      if (language) languagesLoaded.push(language);
    };
    page.on('request', onRequest);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'API-Ressourcen' }));
    await visible(page.getByRole('button', { name: 'API-Ressource erstellen' }).first());
    page.off('request', onRequest);
    expect(languagesLoaded).toEqual(['de']);
    const shell = await fetch(`${server.origin}/console/resources`, { headers: { cookie: 'gatehouse-language=de' } });
    expect(await shell.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/console\/assets\/locale-de-/);
    await screenshot(page, 'api-resources-german');
    // The component library's own texts follow too, such as the date range picker's placeholders.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Audit-Protokolle' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Audit-Protokolle' }));
    await visible(page.getByPlaceholder('Startdatum'));
    await screenshot(page, 'audit-logs-german');

    // Saved on the account as well, like the appearance.
    const saved = async () => {
      const me = await fetch(`${server.origin}/t/admin/me`, { headers: await authHeaders(browser) });
      const body = (await me.json()) as { customData?: { adminConsolePreferences?: { language?: string } } };
      return body.customData?.adminConsolePreferences?.language;
    };
    await poll(saved).toBe('de');

    await page.getByRole('button', { name: 'Konto und Einstellungen' }).click();
    await page.getByRole('menuitem', { name: 'Sprache' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Audit logs' }));
    await visible(page.getByPlaceholder('Start date'));
    await poll(lang).toBe('en');
    await poll(saved).toBe('en');
    await page.keyboard.press('Escape');
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
