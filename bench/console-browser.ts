/**
 * The console benchmark's browser side: Chromium signed in to the console as its administrator (the end-to-end
 * tests' sign-in), cold loads of the start page, and clicks through the sidebar timed in the page (console-probe.ts).
 */
import { loadavg } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type ProbeRun, probeScript, type ReadyKind } from './console-probe.js';
import type { ConsoleServer } from './console-server.js';
import { chromiumLaunch, signInAsAdmin } from './console-sign-in.js';

/** The probe as the page holds it (the predicates below run in the page, as functions: the console's CSP forbids eval). */
type ProbeWindow = Window & { __ghBench: { firstHeading?: number; run?: ProbeRun } };

const viewport = { width: 1440, height: 960 };
/** How long a page may take to show its heading and content before its click counts as timed out. */
const TIMEOUT_MS = 20_000;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface SidebarPage {
  /** Its path below /console (`users`), as `--only` takes it. */
  key: string;
  name: string;
  /** The link's `href` as the sidebar renders it, and the path it leads to. */
  href: string;
  path: string;
}

export interface ConsoleSession {
  browser: Browser;
  page: Page;
  /** The signed-in session (cookies, and the console's tokens in local storage) for fresh contexts. */
  state: StorageState;
  close(): Promise<void>;
}

/** Starts Chromium and signs in to the console as the administrator, registering the account on a fresh server. */
export const openConsole = async (server: ConsoleServer): Promise<ConsoleSession> => {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const context = await browser.newContext({ viewport });
    await context.addInitScript({ content: probeScript });
    const page = await context.newPage();
    countRequests(page);
    await signInAsAdmin(page, server.origin);
    return { browser, page, state: await context.storageState(), close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
};

/** The sidebar's links, in their order, read from the page. */
export const sidebarPages = async (page: Page): Promise<SidebarPage[]> => {
  const links = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute('href') ?? '',
        path: new URL((a as HTMLAnchorElement).href).pathname,
        name: (a.textContent ?? '').trim(),
      })),
    );
  return links.map((link) => ({ ...link, key: link.path.replace(/^\/console\/?/, '') }));
};

export interface ColdSample {
  /** The document's first byte (the server's answer), since the navigation started. */
  firstByte: number;
  /** DOMContentLoaded (its handlers' end), since the navigation started. */
  dcl: number;
  /** The first page's heading visible, since the navigation started. */
  heading: number;
  /** Where the console opened. */
  path: string;
}

/** Opens the console's start page in a new context (empty cache) that holds the signed-in session. */
export const coldLoad = async (session: ConsoleSession, origin: string): Promise<ColdSample> => {
  const context = await session.browser.newContext({ viewport, storageState: session.state });
  try {
    await context.addInitScript({ content: probeScript });
    await context.addInitScript({ content: 'window.__ghBench.watchFirstHeading();' });
    const page = await context.newPage();
    await page.goto(`${origin}/console`, { waitUntil: 'domcontentloaded', timeout: TIMEOUT_MS });
    await page.waitForFunction(
      () => (window as unknown as ProbeWindow).__ghBench.firstHeading !== undefined,
      undefined,
      {
        timeout: TIMEOUT_MS,
        polling: 100,
      },
    );
    return (await page.evaluate(`({
      firstByte: performance.getEntriesByType('navigation')[0].responseStart,
      dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      heading: window.__ghBench.firstHeading,
      path: location.pathname,
    })`)) as ColdSample;
  } finally {
    await context.close();
  }
};

const isAt = (page: Page, target: SidebarPage) => {
  const path = new URL(page.url()).pathname;
  return path === target.path || path.startsWith(`${target.path}/`);
};

/** Requests in flight per page, counted from the page's start. */
const inFlight = new WeakMap<Page, { count: number }>();

const countRequests = (page: Page) => {
  const pending = { count: 0 };
  inFlight.set(page, pending);
  page.on('request', () => pending.count++);
  page.on('requestfinished', () => pending.count--);
  page.on('requestfailed', () => pending.count--);
};

/** Waits until the page has had no request in flight for 150 ms (at most 5 s), so one page's loading ends first. */
const settled = async (page: Page) => {
  const pending = inFlight.get(page) ?? { count: 0 };
  const until = Date.now() + 5000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (pending.count > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return true;
    await delay(25);
  }
  return false;
};

/** From the click to the new page's heading, its content (perhaps still loading), and ready, in ms (page time). */
export interface ClickTimes {
  heading: number;
  content: number;
  ready: number;
}

/** Clicks the page's sidebar link; resolves with the times the page took, or undefined if it never got ready. */
export const navigate = async (page: Page, target: SidebarPage, kind: ReadyKind): Promise<ClickTimes | undefined> => {
  await page.evaluate(`window.__ghBench.arm(${JSON.stringify(target.path)}, ${JSON.stringify(kind)})`);
  await page.getByRole('navigation', { name: 'Main navigation' }).locator(`a[href="${target.href}"]`).click();
  try {
    await page.waitForFunction(() => (window as unknown as ProbeWindow).__ghBench.run?.ready !== undefined, undefined, {
      timeout: TIMEOUT_MS,
      polling: 100,
    });
  } catch {
    await page.evaluate('window.__ghBench.run = undefined');
    return undefined;
  }
  const run = (await page.evaluate('window.__ghBench.run')) as Required<ProbeRun>;
  return { heading: run.heading - run.clicked, content: run.content - run.clicked, ready: run.ready - run.clicked };
};

/**
 * Visits every page once, unmeasured (its code chunks land in the cache), and tells what each shows its content
 * with once settled: a table (a list) or cards and forms.
 */
export const warmUp = async (page: Page, pages: SidebarPage[], progress: (message: string) => void) => {
  const kinds = new Map<string, ReadyKind>();
  for (const target of pages) {
    if (!isAt(page, target) && !(await navigate(page, target, 'any'))) {
      progress(`warm-up: ${target.key} showed no content within ${TIMEOUT_MS / 1000} s`);
    }
    await settled(page);
    kinds.set(target.path, (await page.evaluate('window.__ghBench.kind()')) as ReadyKind);
  }
  return kinds;
};

export interface PageResult {
  page: SidebarPage;
  kind: ReadyKind;
  /** The page the measured clicks came from. */
  from: SidebarPage;
  heading: number[];
  content: number[];
  ready: number[];
  timeouts: number;
  /** The 1-minute load average before the page's first click and after its last. */
  load: [number, number];
}

/**
 * `clicks` measured clicks into `target`, each from the sidebar page before it (`from`, unmeasured), so every click
 * is a navigation between two pages; the page's requests settle before each measured click.
 */
export const measurePage = async (
  page: Page,
  target: SidebarPage,
  from: SidebarPage,
  kinds: Map<string, ReadyKind>,
  clicks: number,
): Promise<PageResult> => {
  const kind = kinds.get(target.path) ?? 'any';
  const result: PageResult = {
    page: target,
    kind,
    from,
    heading: [],
    content: [],
    ready: [],
    timeouts: 0,
    load: [0, 0],
  };
  result.load[0] = loadavg()[0] ?? 0;
  for (let i = 0; i < clicks; i++) {
    if (!isAt(page, from)) await navigate(page, from, kinds.get(from.path) ?? 'any');
    await settled(page);
    const times = await navigate(page, target, kind);
    if (times) {
      result.heading.push(times.heading);
      result.content.push(times.content);
      result.ready.push(times.ready);
    } else result.timeouts++;
  }
  result.load[1] = loadavg()[0] ?? 0;
  return result;
};
