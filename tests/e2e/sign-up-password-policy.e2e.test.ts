/**
 * The password policy on the sign-up page, in Chromium: the admin tenant's first registration under Logto's default
 * policy shows each rejection as the page's message (breached passwords looked up in a local range API speaking
 * Have I Been Pwned's protocol), and a password the policy accepts creates the account.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPwnedRangeServer } from '../api/pwned-range-server';
import {
  admin,
  type Browser,
  backInConsole,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

const BREACHED = 'Kx7#pLm.Wq2z';

let server: RunningServer;
let browser: Browser;
let page: Page;
let range: Awaited<ReturnType<typeof startPwnedRangeServer>>;

describe('the password policy on the sign-up page', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('sign-up-policy');
    range = await startPwnedRangeServer([BREACHED]);
    server = await startServer({ PWNED_PASSWORDS_RANGE_URL: range.url });
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await range?.close();
  });

  const fillAndSubmit = async (password: string) => {
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Email (optional)').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
  };

  test('shows each rejection of the policy, then creates the account with an accepted password', async () => {
    await page.goto(`${server.origin}/console`);
    await page.waitForURL(/\/console\/welcome$/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/t\/admin\/interaction\/[\w-]+$/);

    const cases: [string, string][] = [
      ['Ab1', 'The password must have at least 8 characters.'],
      ['aaaaaaaaaa', 'The password must not consist of repeated characters'],
      ['98765432', 'The password must not consist of sequences'],
      ['AdminAdmin', 'The password must not consist of your name, username, email or phone number.'],
      [BREACHED, 'This password appears in known data breaches.'],
    ];
    for (const [password, message] of cases) {
      await fillAndSubmit(password);
      await page.getByText(message).waitFor({ timeout: 15_000 });
      expect(page.url()).toMatch(/\/t\/admin\/interaction\/[\w-]+\/register$/);
    }
    await screenshot(page, 'breached');
    expect(range.asked.length).toBeGreaterThan(0);

    await fillAndSubmit(admin.password);
    await backInConsole(page);
    expect(browser.errors).toEqual([]);
  });
});
