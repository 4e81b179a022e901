/**
 * Chromium as the console benchmark and the browser tests launch it, and the console's first administrator signing
 * in (registered on the welcome screen of a fresh server).
 */
import type { Page } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM_PATH), headless, without the background services that would add noise. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The console's first administrator, registered on the welcome screen of every fresh server. */
export const admin = { username: 'admin', email: 'admin@example.com', password: 'Gatehouse-e2e-2024' } as const;

const wait = { timeout: 30_000 } as const;

/** Waits until a submitted sign-in has come back to a console page (past the callback). */
export const backInConsole = (page: Page) =>
  page.waitForURL((to) => to.pathname.startsWith('/console/') && !to.pathname.startsWith('/console/callback'), wait);

/** Fills the provider's sign-in form (username or email, and password) and submits it. */
export const submitSignIn = async (page: Page, identifier: string, password: string) => {
  await page.locator('input#identifier').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/**
 * Signs the page in to the console at `origin` as the first administrator: on a fresh server the welcome screen
 * creates the account; otherwise the account signs in. The session then lives in the browser context (its tokens in
 * localStorage).
 */
export const signInAsAdmin = async (page: Page, origin: string) => {
  await page.goto(`${origin}/console`);
  await page.waitForURL((to) => to.pathname.includes('/interaction/') || to.pathname === '/console/welcome', wait);
  if (new URL(page.url()).pathname === '/console/welcome') {
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Email (optional)').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();
  } else {
    await submitSignIn(page, admin.username, admin.password);
  }
  await backInConsole(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor(wait);
};
