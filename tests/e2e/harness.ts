/**
 * Browser test harness: the real server (embedded PostgreSQL in a temp directory) serving the built console, and
 * Debian's Chromium driven by playwright-core with a fresh profile.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = join(root, 'test-results', 'screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Builds the console once if `dist/console` is missing (the server serves it from there). */
export const ensureConsoleBuilt = () => {
  if (existsSync(join(root, 'dist', 'console', 'index.html'))) return;
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
};

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/** The server this test file started last: `launchBrowser` signs in to it. */
let lastServer: RunningServer | undefined;

/**
 * Starts `src/server/start.ts` on a free port (with `settings` added to its environment) and resolves once it prints
 * its console URL.
 */
export const startServer = async (
  settings: NodeJS.ProcessEnv = {},
  options: { hostname?: string } = {},
): Promise<RunningServer> => {
  const port = await freePort();
  // Another name of the loopback address (`localhost`, which passkeys accept as a relying party and an IP is not)
  // becomes the public URL.
  const origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settings,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(options.hostname ? { PUBLIC_URL: origin } : {}),
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${origin}/console`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const running: RunningServer = {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
}

/**
 * Chromium with a fresh profile. Unless told otherwise it signs in once, as the first administrator, to the server
 * the file started; the session then lasts for the whole file (tokens in the profile's local storage).
 */
export const launchBrowser = async ({ signInTo = lastServer }: LaunchOptions = {}): Promise<Browser> => {
  const profileDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 960 },
    // The console then turns its animations off: menus and dialogs are where they end up as soon as they show.
    reducedMotion: 'reduce',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
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
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
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
 * Screenshot into test-results/screenshots, numbered in the order taken, with animations finished. `fullPage`
 * grows the viewport to the page height first, so sticky bars sit where a user would see them.
 */
export const screenshot = async (page: Page, name: string, { fullPage = false } = {}) => {
  mkdirSync(screenshotDir, { recursive: true });
  shotIndex += 1;
  const path = join(screenshotDir, `${shotPrefix}${String(shotIndex).padStart(2, '0')}-${name}.png`);
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
  await page.screenshot({ path, animations: 'disabled' });
  if (fullPage && viewport) await page.setViewportSize(viewport);
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
 * Signs the browser in as the first administrator once, for the test files that are about the console's screens:
 * on a fresh server the welcome screen creates the account; otherwise the account signs in. The session then lives
 * in the browser profile (localStorage) for the rest of the file.
 */
export const signInAsAdmin = async (browser: Browser, server: RunningServer) => {
  const { page } = browser;
  await page.goto(`${server.origin}/console`);
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
