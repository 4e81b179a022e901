/**
 * Browser test harness: the real server (embedded PostgreSQL in a temp directory, a copy of the run's migrated one)
 * serving the built console, and Debian's Chromium driven by playwright-core, a fresh context per browser.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Browser as PlaywrightBrowser } from 'playwright-core';
import { type ConsoleServer, type ConsoleServerOptions, root, startConsoleServer } from '../../bench/console-server.js';
import { chromiumLaunch } from '../../bench/console-sign-in.js';
import { copyMigratedDataDir } from '../template-databases.js';
import { signInConsole } from './console-session.js';

export { admin, backInConsole, submitSignIn } from '../../bench/console-sign-in.js';
export { root };
export const screenshotDir = join(root, 'test-results', 'screenshots');

/** Builds the console once if `dist/console` is missing (the server serves it from there). */
export const ensureConsoleBuilt = () => {
  if (existsSync(join(root, 'dist', 'console', 'index.html'))) return;
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
};

export type RunningServer = ConsoleServer;

/** The server this test file started last: `launchBrowser` signs in to it. */
let lastServer: RunningServer | undefined;

/**
 * Starts `src/server/start.ts` on a free port (with `settings` added to its environment) and resolves once it prints
 * its console URL; by default on a fresh PGlite data directory, a copy of the run's migrated one (the server finds
 * nothing to migrate: initdb alone costs seconds of CPU).
 */
export const startServer = async (
  settings: NodeJS.ProcessEnv = {},
  options: ConsoleServerOptions = {},
): Promise<RunningServer> => {
  const running = await startConsoleServer(settings, { prepareDataDir: copyMigratedDataDir, ...options });
  lastServer = running;
  return running;
};

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  close: () => Promise<void>;
}

export interface LaunchOptions {
  /**
   * The server to sign in to as the first administrator before the tests run (registering the account on a fresh
   * server): by default the one this file started last; `false` leaves the browser signed out.
   */
  signInTo?: RunningServer | false;
  /** The browser's language (its `navigator.languages` and `Accept-Language`): English by default. */
  locale?: string;
}

/** One Chromium per test file process; each `launchBrowser` gets a context of its own in it. */
let chromiumProcess: Promise<PlaywrightBrowser> | undefined;

/**
 * A fresh browser context (cookies and storage of its own, like a new profile) in the file's Chromium, launched on
 * the first call: a file with an administrator and a member starts Chromium once. Unless told otherwise it signs in
 * once, as the first administrator, to the server the file started; the session then lasts for the whole file
 * (tokens in the context's local storage).
 */
export const launchBrowser = async ({ signInTo = lastServer, locale }: LaunchOptions = {}): Promise<Browser> => {
  chromiumProcess ??= chromium.launch(chromiumLaunch);
  const context = await (await chromiumProcess).newContext({
    ...(locale ? { locale } : {}),
    viewport: { width: 1440, height: 960 },
    // The console then turns its animations off: menus and dialogs are where they end up as soon as they show.
    reducedMotion: 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed requests the test provokes on purpose (400/422) are logged by the browser as resource errors.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  const browser: Browser = {
    context,
    page,
    errors,
    close: () => context.close(),
  };
  if (signInTo) await signInAsAdmin(browser, signInTo);
  return browser;
};

let shotIndex = 0;
let shotPrefix = '';
/** Names the screenshots of one test file `<prefix>-01-…`, so two files never share numbers. */
export const screenshotPrefix = (prefix: string) => {
  shotPrefix = `${prefix}-`;
  shotIndex = 0;
};

/**
 * Screenshot (JPEG) into test-results/screenshots, numbered in the order taken, with animations finished. `fullPage`
 * grows the viewport to the page height first, so sticky bars sit where a user would see them.
 */
export const screenshot = async (page: Page, name: string, { fullPage = false } = {}) => {
  mkdirSync(screenshotDir, { recursive: true });
  shotIndex += 1;
  const path = join(screenshotDir, `${shotPrefix}${String(shotIndex).padStart(2, '0')}-${name}.jpg`);
  const viewport = page.viewportSize();
  if (fullPage && viewport) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  }
  // Dialogs and toasts enter with a short animation; wait until no element is mid-motion (antd marks those with
  // `-enter`, `-appear` or `-leave` classes) and no finite CSS animation or transition is running (spinners loop).
  await page.waitForFunction(
    () =>
      !document.querySelector('[class*="-enter"], [class*="-appear"], [class*="-leave"]') &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  // JPEG: encoding a console page as PNG costs a few times the CPU, on a machine the suite keeps busy.
  await page.screenshot({ path, type: 'jpeg', quality: 85, animations: 'disabled' });
  if (fullPage && viewport) await page.setViewportSize(viewport);
};

/**
 * Signs the browser in as the first administrator once, for the test files that are about the console's screens:
 * on a fresh server the account is registered, otherwise it signs in, through the provider's pages over HTTP (see
 * console-session.ts), and the console opens signed in. The session then lives in the browser context (cookies,
 * localStorage) for the rest of the file. The sign-in and accessibility files draw those pages in Chromium instead.
 */
export const signInAsAdmin = (browser: Browser, server: RunningServer) =>
  signInConsole(browser.context, browser.page, server.origin);

/**
 * The signed-in administrator's `Authorization` header, for calls a test makes to the management API itself. Read
 * from the console's token storage each time (the console renews and rotates its tokens).
 */
export const authHeaders = async (browser: Browser): Promise<Record<string, string>> => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      const token = await browser.page.evaluate(() => {
        for (let i = 0; i < localStorage.length; i += 1) {
          const key = localStorage.key(i);
          if (key?.startsWith('gatehouse.oidc.user:')) {
            return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? null;
          }
        }
        return null;
      });
      return token ? { Authorization: `Bearer ${token}` } : {};
    } catch {
      // The page is between two documents; ask the next one once it has loaded.
      await browser.page.waitForLoadState('domcontentloaded');
    }
  }
  return {};
};
