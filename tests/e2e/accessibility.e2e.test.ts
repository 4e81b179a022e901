/**
 * Accessibility in Chromium: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on the sign-in
 * pages and on every console page, in the light and the dark colour scheme (the second scheme with the colour rules,
 * and the console's frame on its first page only: see `pageWalk`). The console is walked from the
 * generated registry: each resource's list, its create dialog and every detail tab of items created through the
 * API (one per tab condition), so a new entity is held to the same rules without a new test. The walk moves from
 * page to page inside the console, as a user's clicks do.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pagedResources } from '../../src/console/feature-modules/registry';
import { isShownFor } from '../../src/console/registry';
import { consoleModels } from '../../src/generated/console-index';
import type { ConsoleResource } from '../../src/shared/descriptor';
import { formFixtures } from '../../src/shared/qa/fixtures';
import { pageWalk, sampleBody, settled } from './accessibility';
import { visible } from './console-steps';
import {
  admin,
  authHeaders,
  type Browser,
  backInConsole,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  startServer,
  submitSignIn,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
let walk: ReturnType<typeof pageWalk>;

const notFound = () => page.getByText('Page not found');

/**
 * Opens a console page inside the console (no reload: a reload costs the console's start each time), by way of the
 * not-found page, so that what shows next is the new page's and not the last one's.
 */
const openInApp = async (path: string) => {
  const go = (to: string) =>
    page.evaluate((next) => {
      history.pushState(null, '', next);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go('/console/a11y-walk-between-pages');
  await visible(notFound());
  await go(`/console${path}`);
  await notFound().waitFor({ state: 'detached', timeout: 15_000 });
};
const heading = () => visible(page.getByRole('heading', { level: 1 }).first());
const dialog = () => page.getByRole('dialog').last();

/** Violations per area, reported together so one run lists everything to fix. */
const violations: Record<'signIn' | 'console', string[]> = { signIn: [], console: [] };
const check = async (area: keyof typeof violations, label: string) => {
  violations[area].push(...(await walk(label)));
};

const createItem = async (
  resource: ConsoleResource,
  { path, body }: { path: string; body: Record<string, unknown> },
) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: 'POST',
    headers: { ...(await authHeaders(browser)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const created = (await response.json()) as Record<string, unknown>;
  expect(response.status, `${resource.name}: ${JSON.stringify(created)}`).toBeLessThan(300);
  return created;
};

/**
 * One body per detail condition of the resource (e.g. a machine-to-machine app for its roles tab), each with the
 * path it is posted to: a tab over another entity's record has its item made where that entity makes it (a SAML
 * application), from that entity's first valid fixture.
 */
const sampleBodies = (resource: ConsoleResource): { path: string; body: Record<string, unknown> }[] => {
  const schema = resource.create?.form.schema;
  if (!schema) return [];
  const own = (body: Record<string, unknown>) => ({ path: resource.apiPath, body });
  const base = sampleBody(schema);
  const tabs = resource.detail?.tabs ?? [];
  const recordItems = tabs.flatMap((tab) => {
    const create = tab.kind === 'form' ? tab.record?.create : undefined;
    const body = create ? formFixtures(create.entity, create.form).valid[0]?.body : undefined;
    return create && body ? [{ path: create.path, body: body as Record<string, unknown> }] : [];
  });
  const conditions = tabs.flatMap((tab) => (tab.when && !(tab.kind === 'form' && tab.record) ? [tab.when] : []));
  return [
    own(base),
    ...recordItems.slice(0, 1),
    ...conditions
      .filter((when) => when.field in (schema.properties ?? {}) && !isShownFor(base, when))
      .map((when) => own({ ...sampleBody(schema), [when.field]: when.in[0] })),
  ];
};

describe('accessibility', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
    walk = pageWalk(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the welcome, registration, sign-in, sign-out and error pages', async () => {
    await page.goto(`${server.origin}/console`);
    await page.waitForURL(/\/console\/welcome$/);
    await heading();
    await check('signIn', 'welcome');

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/interaction\/[\w-]+$/);
    await heading();
    await check('signIn', 'registration');
    // The same page with its field errors.
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.locator('.field-errors').first());
    await check('signIn', 'registration with errors');

    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Email (optional)').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await backInConsole(page);
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));

    // The console signs out in one click; the provider's confirmation page is still what a request without an ID
    // token gets.
    await page.goto(`${server.origin}/t/admin/oidc/session/end`);
    await visible(page.getByRole('heading', { level: 1, name: 'Sign out' }));
    await check('signIn', 'sign-out');
    await page.goto(`${server.origin}/console`);
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    await page.getByRole('button', { name: 'Account and preferences' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
    await check('signIn', 'sign-in');
    await submitSignIn(page, admin.username, 'Not-the-password-1');
    await visible(page.getByRole('alert'));
    await check('signIn', 'sign-in with an error');

    await page.goto(`${server.origin}/t/admin/interaction/no-such-interaction`);
    await heading();
    await check('signIn', 'error');

    await page.goto(`${server.origin}/console`);
    await visible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
    await submitSignIn(page, admin.username, admin.password);
    await backInConsole(page);
    expect(violations.signIn).toEqual([]);
  });

  // Every list, dialog and tab of the registry in two themes, one entity at a time, each with its own limit.
  let lastDetail = '';
  test.each(pagedResources.map((entry) => [entry.name] as const))(
    'the pages, create dialog and detail tabs of %s',
    async (name) => {
      const load = consoleModels[name];
      if (!load) throw new Error(`No console model for ${name}`);
      const { model: resource } = await load();
      // The entity's items first, so that its list shows rows.
      const records = [];
      if (resource.operations.create && resource.detail) {
        for (const body of sampleBodies(resource)) records.push(await createItem(resource, body));
      }
      await openInApp(`/${resource.route}`);
      await heading();
      await settled(page);
      await check('console', `/${resource.route}`);
      if (resource.create) {
        await openInApp(`/${resource.route}/create`);
        await visible(dialog());
        await check('console', `/${resource.route}/create`);
      }
      for (const record of records) {
        const id = String(record[resource.idField]);
        for (const tab of resource.detail?.tabs ?? []) {
          if (!isShownFor(record, tab.when)) continue;
          const path = `/${resource.route}/${encodeURIComponent(id)}/${tab.key}`;
          await openInApp(path);
          await heading();
          await visible(page.getByRole('tab', { name: /./, selected: true }));
          await check('console', `${path} (${resource.name} ${tab.key})`);
          lastDetail = path;
        }
      }
    },
    120_000,
  );

  test('the delete confirmation, the user menu, the profile and a missing page', async () => {
    // A delete confirmation, opened from the last detail page's menu and cancelled.
    await page.goto(`${server.origin}/console${lastDetail}`);
    await heading();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(page.getByRole('dialog'));
    await check('console', 'delete confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The user menu open, the profile and a page that does not exist.
    await page.getByRole('button', { name: 'Account and preferences' }).click();
    await visible(page.getByRole('menuitem', { name: 'Sign out' }));
    await check('console', 'user menu');
    await page.keyboard.press('Escape');
    await page.goto(`${server.origin}/console/profile`);
    await heading();
    await check('console', '/profile');
    await page.goto(`${server.origin}/console/no-such-page`);
    await visible(page.getByText('Page not found'));
    await check('console', 'page not found');

    expect(violations.console).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 120_000);
});
