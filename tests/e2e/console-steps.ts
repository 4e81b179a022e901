/**
 * Small steps the console's end-to-end tests share: waiting for what the page shows, the open dialog, a form field
 * by its label, saving a form, and the management API called with the signed-in administrator's token.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { authHeaders, type Browser, type RunningServer } from './harness';

/** Retries an observation until it matches (the page updates asynchronously). */
export const poll = <T>(observe: () => Promise<T>) => expect.poll(observe, { timeout: 15_000, interval: 100 });
/**
 * Waits until the locator shows. When it never does, the error also says where the page was and what it showed
 * (address, headings, alerts), so a failure seen only on another machine can be read from its log.
 */
export const visible = async (locator: Locator) => {
  try {
    await locator.waitFor({ state: 'visible', timeout: 15_000 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await pageState(locator.page())}`, { cause: error });
  }
};

const pageState = async (page: Page) => {
  const texts = (selector: string) =>
    page
      .locator(selector)
      .allInnerTexts()
      .then((all) => all.map((text) => text.replace(/\s+/g, ' ').slice(0, 200)))
      .catch(() => []);
  return [
    `page: ${page.url()}`,
    `headings: ${JSON.stringify(await texts('h1, h2'))}`,
    `alerts: ${JSON.stringify(await texts('[role=alert], .ant-result, .ant-message'))}`,
  ].join('\n');
};
export const count = (locator: Locator) => poll(() => locator.count());

/**
 * Ticks a checkbox or radio as a person does, with a moment between press and release, and waits until it shows
 * ticked. On the settings pages an instant press and release (no time between) sometimes left the box unchanged.
 */
export const tick = async (locator: Locator) => {
  await locator.click({ delay: 50 });
  await poll(() => locator.isChecked()).toBe(true);
};

/**
 * Closes the open dialog with the Escape key, as a keyboard user does. A dialog still opening has not taken the
 * focus yet and misses the key, so the key is pressed again until the dialog is gone.
 */
export const closeWithEscape = async (page: Page) => {
  const dialog = page.getByRole('dialog');
  await poll(async () => {
    if ((await dialog.count()) > 0) await page.keyboard.press('Escape');
    return dialog.count();
  }).toBe(0);
};

/** The steps that need the file's server and browser, read when a step runs (after the file's setup). */
export const consoleSteps = (current: () => { server: RunningServer; browser: Browser }) => {
  const page = () => current().browser.page;

  const api = async (path: string, init?: { method: string; body: unknown }) => {
    const { server, browser } = current();
    const response = await fetch(`${server.origin}/api${path}`, {
      method: init?.method ?? 'GET',
      headers: { ...(await authHeaders(browser)), ...(init ? { 'content-type': 'application/json' } : {}) },
      body: init ? JSON.stringify(init.body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: API answers are whatever JSON the server sent
    return { status: response.status, body: (await response.json()) as any };
  };

  const dialog = () => page().getByRole('dialog').last();

  /** Opens the sidebar entry and waits for its page title. */
  const openSection = async (link: string, title: string) => {
    await page().getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
    await visible(page().getByRole('heading', { level: 1, name: title }));
  };

  /** The form field (label, input, error) whose label is `label`. */
  const field = (scope: Page | Locator, label: string) =>
    scope.locator('.gh-field', {
      has: page().locator('.gh-field-label', { hasText: new RegExp(`^${label}\\*?$`) }),
    });

  /** The id in a detail page's URL (`/console/applications/<id>/settings`). */
  const appIdFromUrl = () => decodeURIComponent(page().url().split('/').at(-2) ?? '');

  /** Saves the form and waits until it is saved. */
  const saved = async () => {
    await page().getByRole('button', { name: 'Save changes' }).click();
    await visible(page().getByText('Saved', { exact: true }).last());
    await poll(() => page().getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
  };

  return { api, dialog, openSection, field, appIdFromUrl, saved };
};
