/**
 * Configuration as code in the console: the tenant downloaded as a configuration file; after a change in the tenant,
 * the file uploaded shows a plan of exactly that change, and applying it reverts the change.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleSteps, count, poll, visible } from './console-steps';
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

describe('configuration as code', () => {
  let roleId = '';

  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('config-as-code');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
    const created = await api('/roles', { method: 'POST', body: { name: 'clerk', description: 'Clerks' } });
    expect(created.status).toBe(200);
    roleId = created.body.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('downloads the tenant, plans exactly the change made since, and applies the file back', async () => {
    await page.goto(`${server.origin}/console/roles`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Configuration as code' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Configuration as code' }));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('gatehouse-config.json');
    const path = await file.path();
    const { files } = JSON.parse(readFileSync(path, 'utf8'));
    expect(files['roles/clerk.json']).toMatchObject({ name: 'clerk', description: 'Clerks' });

    await api(`/roles/${roleId}`, { method: 'PATCH', body: { description: 'Cashiers' } });
    await page.locator('input[type=file]').setInputFiles(path);
    await visible(page.getByText('Plan: 0 to create, 1 to change, 0 to delete.'));
    const steps = page.locator('.gh-config-step');
    await count(steps).toBe(1);
    const step = steps.first();
    await visible(step.getByText('roles/clerk.json'));
    const row = step.getByRole('row').filter({ hasText: 'description' });
    await visible(row.getByText('Cashiers'));
    await visible(row.getByText('Clerks'));
    await screenshot(page, 'plan', { fullPage: true });

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await visible(page.getByText('Applied: 0 created, 1 changed, 0 deleted.'));
    await poll(async () => (await api(`/roles/${roleId}`)).body.description).toBe('Clerks');
    await visible(page.getByText('No changes: the tenant is as the file says.'));
    expect(browser.errors).toEqual([]);
  });
});
