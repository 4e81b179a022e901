/**
 * The console's sign-in experience screen in Chromium against the real server: the live preview renders without
 * the browser refusing an autofocus, shows unsaved branding, saving reaches the API, a sign-up change lists what
 * changes before it is saved, and leaving with unsaved changes asks first (moving between the page's own tabs does
 * not).
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleSteps, poll, tick, visible } from './console-steps';
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

const { api, openSection } = consoleSteps(() => ({ server, browser }));
const logo = 'https://cdn.example.com/brand-logo.svg';

const previewHtml = () =>
  page
    .getByTitle('Preview of the sign-in page')
    .getAttribute('srcdoc')
    .then((html) => html ?? '');

/** Two frames of the console page painted: the preview frame's autofocus has been run (or refused) by then. */
const rendered = () =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('console sign-in experience', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('console-sign-in-experience');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the preview renders both pages without the browser blocking an autofocus in its sandboxed frame', async () => {
    // Chromium refuses autofocus in a sandboxed or cross-origin frame and says so in the console, on every render.
    const messages: string[] = [];
    const listen = (message: ConsoleMessage) => messages.push(message.text());
    page.on('console', listen);
    try {
      await openSection('Sign-in experience', 'Sign-in experience');
      await page.waitForURL(/\/console\/sign-in-experience\/branding$/);
      const frame = page.frameLocator('iframe[title="Preview of the sign-in page"]');
      const preview = page.getByRole('complementary', { name: 'Live preview' });
      await visible(frame.getByRole('heading', { level: 1, name: 'Sign in' }));
      await rendered();
      await preview.getByText('Sign-up', { exact: true }).click();
      await visible(frame.getByRole('heading', { level: 1, name: 'Create account' }));
      await rendered();
      await preview.getByText('Sign-in', { exact: true }).click();
      await visible(frame.getByRole('heading', { level: 1, name: 'Sign in' }));
      await rendered();
    } finally {
      page.off('console', listen);
    }
    expect(messages.filter((text) => /autofocus/i.test(text))).toEqual([]);
  });

  test('the preview shows a new brand color and logo as they are typed, before anything is saved', async () => {
    await openSection('Sign-in experience', 'Sign-in experience');
    await page.waitForURL(/\/console\/sign-in-experience\/branding$/);
    await poll(previewHtml).toContain('--primary:#6139F6');
    // The default logos are the server's own, shown as the branding's values and in the preview.
    const defaults = (await api('/sign-in-exp')).body.branding;
    expect(new URL(defaults.logoUrl).origin).toBe(server.origin);
    expect(await page.getByLabel('Logo URL', { exact: true }).inputValue()).toBe(defaults.logoUrl);
    expect(await page.getByLabel('Logo URL (dark)', { exact: true }).inputValue()).toBe(defaults.darkLogoUrl);
    const frame = page.frameLocator('iframe[title="Preview of the sign-in page"]');
    const previewLogo = frame.getByRole('img', { name: 'Logo' });
    await visible(previewLogo);
    await poll(() => previewLogo.evaluate((img: HTMLImageElement) => img.src)).toBe(defaults.logoUrl);

    await page.getByLabel('Primary color', { exact: true }).fill('#FF5500');
    await page.getByLabel('Logo URL', { exact: true }).fill(logo);
    await poll(previewHtml).toContain('--primary:#FF5500');
    await poll(previewHtml).toContain(`src="${logo}"`);
    await visible(page.getByText('You have unsaved changes'));
    await screenshot(page, 'preview-unsaved', { fullPage: true });

    // Dark mode and the sign-up page, still with the unsaved settings; back to light sign-in.
    const preview = page.getByRole('complementary', { name: 'Live preview' });
    await page.getByLabel('Enable dark mode').click();
    await preview.getByText('Dark', { exact: true }).click();
    await preview.getByText('Sign-up', { exact: true }).click();
    await poll(previewHtml).toContain('data-theme="dark"');
    await poll(previewHtml).toContain('<h1>Create account</h1>');
    await screenshot(page, 'preview-dark-sign-up');
    await preview.getByText('Light', { exact: true }).click();
    await preview.getByText('Sign-in', { exact: true }).click();
    await poll(previewHtml).toContain('data-theme="light"');

    const stored = (await api('/sign-in-exp')).body;
    expect(stored.color.primaryColor).toBe('#6139F6');
    expect(stored.branding.logoUrl).not.toBe(logo);
  });

  test('saving stores the branding through the API', async () => {
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Saved', { exact: true }).last());
    await poll(() => page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    const stored = (await api('/sign-in-exp')).body;
    expect(stored.color.primaryColor).toBe('#FF5500');
    expect(stored.branding.logoUrl).toBe(logo);
  });

  test('adding a sign-up identifier lists the change and asks before saving', async () => {
    await page.getByRole('tab', { name: 'Sign-up and sign-in' }).click();
    await page.waitForURL(/\/sign-in-experience\/sign-up-and-sign-in$/);
    const identifiers = page.locator('.ant-form-item', { hasText: 'Sign-up identifiers' });
    await tick(identifiers.getByRole('checkbox', { name: 'Email address' }));
    await page.getByRole('button', { name: 'Save changes' }).click();

    const confirm = page.getByRole('dialog').filter({ hasText: 'Change how users sign up and sign in?' });
    await visible(confirm);
    await expect(
      confirm.getByRole('list', { name: 'Changes' }).getByRole('listitem').allTextContents(),
    ).resolves.toEqual(['Sign-up asks for: Email address']);
    await screenshot(page, 'sign-up-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => confirm.count()).toBe(0);
    expect((await api('/sign-in-exp')).body.signUp.identifiers).toEqual(['username']);
  });

  test('leaving with unsaved changes asks first; the page of tabs keeps them without asking', async () => {
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.waitForURL(/\/sign-in-experience\/content$/);
    await visible(page.getByText('You have unsaved changes'));

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });
    await visible(leave);
    await leave.getByRole('button', { name: 'Stay' }).click();
    await poll(async () => page.url()).toMatch(/\/sign-in-experience\/content$/);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Roles' }).click();
    await visible(leave);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/console\/roles$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Roles' }));
    expect((await api('/sign-in-exp')).body.signUp.identifiers).toEqual(['username']);
  });

  test('the security page saves the lockout on its General tab through the API; the MFA page saves a factor and the policy', async () => {
    await openSection('Security', 'Security');
    await page.waitForURL(/\/console\/security\/password-policy$/);
    await visible(page.getByRole('region', { name: 'Password policy' }));
    await page.getByRole('tab', { name: 'General' }).click();
    await page.waitForURL(/\/security\/general$/);
    await page.getByLabel('Failed attempts allowed within an hour').fill('7');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Saved', { exact: true }).last());
    await poll(async () => (await api('/sign-in-exp')).body.sentinelPolicy?.maxAttempts).toBe(7);
    await screenshot(page, 'security-general');

    await openSection('Multi-factor auth', 'Multi-factor authentication');
    await tick(page.getByRole('checkbox', { name: 'Authenticator app (TOTP)' }));
    await tick(page.getByRole('radio', { name: 'Ask at sign-in, skippable' }));
    await screenshot(page, 'mfa', { fullPage: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(async () => (await api('/sign-in-exp')).body.mfa).toMatchObject({
      factors: ['Totp'],
      policy: 'PromptOnlyAtSignIn',
    });
  });
});
