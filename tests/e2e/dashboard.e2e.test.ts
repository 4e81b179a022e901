/**
 * Get started and the dashboard in Chromium: the console's root lands on Get started, a step opens its page, and the
 * dashboard shows the default tenant's users and who signed in today. The server runs in-process on an in-memory
 * database (as the app sign-in test does), so the test can give the default tenant users.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { formAction, freePort, Browser as HttpBrowser, pkce, postForm } from '../api/oidc-helpers.js';
import { createUser } from '../api/users.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { checkPage } from './accessibility';
import { closeWithEscape, visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  root,
  screenshot,
  screenshotPrefix,
  signInAsAdmin,
} from './harness';

const PASSWORD = 'Member-portal-2024';
const callback = 'https://portal.example.com/callback';

let db: Database;
let app: FastifyInstance;
let origin: string;
let browser: Browser;
let page: Page;

const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
const metric = (name: string) => page.getByRole('region', { name, exact: true });

/** A member of the default tenant signs in to one of its apps through the real sign-in page and gets tokens. */
const signInMember = async (clientId: string, username: string) => {
  const http = new HttpBrowser();
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const form = await http.follow(`${origin}/oidc/auth?${params}`);
  const submitted = await http.post(formAction(form.text, origin, '/sign-in'), {
    identifier: username,
    password: PASSWORD,
  });
  const back = await http.follow(submitted.location ?? '', callback);
  const code = new URL(back.location ?? '').searchParams.get('code') ?? '';
  const tokens = await postForm(`${origin}/oidc/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: callback,
    client_id: clientId,
  });
  expect(tokens.status).toBe(200);
  await app.identity.activeUsers.settled();
};

describe('get started and the dashboard', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('dashboard');
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildApp({ db, publicUrl: origin, verifier: 'identity', consoleDir: join(root, 'dist', 'console') });
    await app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
    await signInAsAdmin(browser, { origin, stop: async () => undefined });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.close();
  });

  test('lands on Get started, first in the sidebar, whose steps open their pages', async () => {
    await page.goto(`${origin}/console`);
    await page.waitForURL(`${origin}/console/get-started`);
    await visible(page.getByRole('heading', { level: 1, name: 'Get started' }));
    const entries = await nav().getByRole('link').allTextContents();
    expect(entries.slice(0, 2)).toEqual(['Get started', 'Dashboard']);
    await screenshot(page, 'get-started', { fullPage: true });
    expect(await checkPage(page, '/console/get-started')).toEqual([]);

    await page.getByRole('list', { name: 'Next steps' }).getByRole('link', { name: 'Add an API resource' }).click();
    await page.waitForURL(`${origin}/console/api-resources/create`);
    await visible(page.getByRole('dialog'));
    await closeWithEscape(page);
  });

  test('every step of Get started opens its page: create dialogs, the dashboard and the documentation', async () => {
    const steps = () => page.getByRole('list', { name: 'Next steps' });
    const inside: [link: string, path: string, dialog?: string][] = [
      ['Create an application', '/console/applications/create', 'Create application'],
      ['Add a user', '/console/users/create', 'Add user'],
      ['Add an API resource', '/console/api-resources/create', 'Create API resource'],
      ['Create a role', '/console/roles/create', 'Create role'],
      ['Create a webhook', '/console/webhooks/create', 'Create webhook'],
      ['Open the dashboard', '/console/dashboard'],
    ];
    for (const [link, path, dialog] of inside) {
      await nav().getByRole('link', { name: 'Get started' }).click();
      await steps().getByRole('link', { name: link }).click();
      await page.waitForURL(`${origin}${path}`);
      if (dialog) {
        await visible(page.getByRole('dialog', { name: dialog }));
        await closeWithEscape(page);
      } else {
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
      }
    }
    // The documentation opens in a new tab: its pages are served.
    await nav().getByRole('link', { name: 'Get started' }).click();
    for (const link of ['Read the API reference', 'Open the documentation']) {
      const anchor = steps().getByRole('link', { name: link });
      expect(await anchor.getAttribute('target')).toBe('_blank');
      const response = await fetch(new URL((await anchor.getAttribute('href')) ?? '', origin));
      expect(response.status, link).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
    expect(await steps().getByRole('link').count()).toBe(inside.length + 2);
  });

  test('shows the users, the new ones and those who signed in today', async () => {
    const headers = { ...(await authHeaders(browser)), 'content-type': 'application/json' };
    const created = await fetch(`${origin}/api/applications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Member portal',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      }),
    });
    const { id: clientId } = (await created.json()) as { id: string };
    for (const username of ['ada', 'grace', 'edsger'])
      await createUser(db, 'default', { username, password: PASSWORD });
    await signInMember(clientId, 'ada');
    await signInMember(clientId, 'grace');

    await nav().getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${origin}/console/dashboard`);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await visible(metric('Total users').getByText('3', { exact: true }));
    await visible(metric('New users today').getByText('+3 vs. yesterday'));
    await visible(metric('New users, last 7 days').getByText('3', { exact: true }));
    await visible(metric('Daily active users').getByText('2', { exact: true }));
    await visible(metric('Daily active users').getByText('+2 vs. the day before'));
    await visible(metric('Monthly active users').getByText('2', { exact: true }));
    // The chart of the last 30 days, drawn by its own chunk.
    await visible(
      page.getByRole('figure', { name: 'Daily active users of the last 30 days' }).locator('canvas').first(),
    );
    await screenshot(page, 'dashboard', { fullPage: true });
    // Readable in both colour schemes, the chart included.
    expect(await checkPage(page, '/console/dashboard')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await screenshot(page, 'dashboard-dark', { fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
