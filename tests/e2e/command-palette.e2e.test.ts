/**
 * The command palette, keyboard only: Ctrl+K opens it on any page, a name finds a user through the users list's
 * search, the user's "Suspend user" action runs through its confirmation, and a page opens by its name; axe checks
 * the open palette.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAxe, seriousViolations } from './axe';
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

const { api } = consoleSteps(() => ({ server, browser }));

/** The text of the option the combobox names active. */
const activeOption = async () => {
  const id = await page.getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
};

/** Presses the arrow down until the active option's text starts with `text` (at most once round the list). */
const moveTo = async (text: string) => {
  const count = await page.getByRole('option').count();
  for (let i = 0; i < count && !(await activeOption()).startsWith(text); i++) await page.keyboard.press('ArrowDown');
  expect(await activeOption()).toMatch(new RegExp(`^${text}`));
};

describe('the command palette', () => {
  let userId = '';

  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('command-palette');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    const created = await api('/users', { method: 'POST', body: { username: 'ada', name: 'Ada Lovelace' } });
    expect(created.status).toBe(200);
    userId = created.body.id;
    await api('/users', { method: 'POST', body: { username: 'grace', name: 'Grace Hopper' } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('finds a user by name and suspends them, without the mouse', async () => {
    await page.goto(`${server.origin}/console/applications`);
    await visible(page.getByRole('heading', { level: 1, name: 'Applications' }));
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or run' });
    await visible(palette);
    await poll(() => page.getByRole('combobox').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Ada');
    const users = palette.getByRole('group', { name: 'User management' });
    await visible(users.getByRole('option', { name: /Ada Lovelace/ }));
    expect(await users.getByRole('option', { name: /Grace Hopper/ }).count()).toBe(0);
    const actions = palette.getByRole('group', { name: 'Actions' });
    await visible(actions.getByRole('option', { name: /Suspend user: Ada Lovelace/ }));
    expect(seriousViolations(await runAxe(page, { include: ['.gh-palette'] }))).toEqual([]);
    await screenshot(page, 'found');

    await moveTo('Suspend user: Ada Lovelace');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Suspend “Ada Lovelace”?' });
    await visible(confirm);
    await poll(() =>
      confirm.getByRole('button', { name: 'Suspend user' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await poll(async () => (await api(`/users/${userId}`)).body.isSuspended).toBe(true);
    await visible(page.getByText('Saved', { exact: true }).last());

    // Found again, the suspended user is offered the other action.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('ada');
    await visible(actions.getByRole('option', { name: /Reactivate user: Ada Lovelace/ }));
    await page.keyboard.press('Escape');
    await poll(() => palette.count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  test('opens a page by its name, and an item by its id', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('audit');
    await moveTo('Audit logs');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Audit logs' }));

    await page.keyboard.press('Control+k');
    await page.keyboard.type(userId);
    await visible(page.getByRole('group', { name: 'User management' }).getByRole('option', { name: /Ada Lovelace/ }));
    await moveTo('Ada Lovelace');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }));
    expect(new URL(page.url()).pathname).toContain(`/console/users/${userId}`);
    expect(browser.errors).toEqual([]);
  });
});
