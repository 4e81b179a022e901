/**
 * A list's total as the console shows it when the server estimated it: the users list searched for a term more users
 * hold than the server counts exactly (its threshold set to 5 here) reads "about …", a counted total as before.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

const MEMBERS = 60;

describe('an estimated total', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('estimated-total');
    server = await startServer({ COUNT_ESTIMATE_THRESHOLD: '5' });
    browser = await launchBrowser();
    page = browser.page;
    const headers = { ...(await authHeaders(browser)), 'content-type': 'application/json' };
    for (let i = 0; i < MEMBERS; i++) {
      const response = await fetch(`${server.origin}/api/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: `member_${i}`, name: `Member ${i}` }),
      });
      expect(response.status).toBe(200);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('reads “about …” for a search above the threshold, and the count for the whole list', async () => {
    // Page 2, so the pager (and the total beside it) shows whatever the estimate.
    const searched = page.waitForResponse((response) => response.url().includes('/api/users?'));
    await page.goto(`${server.origin}/console/users?keyword=member&page=2`);
    const response = await searched;
    expect(await response.request().headerValue('prefer')).toBe('count=estimated');
    expect(response.headers()['total-number-is-estimated']).toBe('true');
    const total = page.getByText(/^about [\d,]+ in total$/);
    await total.waitFor({ timeout: 15_000 });
    await screenshot(page, 'about-in-total', { fullPage: true });
    // However stale the planner's statistics (the users were created just now), page 2 of 20 shows 40 of them and is
    // full: the estimate says at least 41, so the pager goes on.
    expect(Number((await total.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(41);
    expect(await page.getByRole('listitem', { name: 'Next Page' }).getAttribute('aria-disabled')).toBe('false');

    // The whole list's total comes from the row counters: exact, even when an estimate is welcome.
    await page.goto(`${server.origin}/console/users?page=2`);
    await page.getByText(`${MEMBERS} in total`).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/^about /).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
