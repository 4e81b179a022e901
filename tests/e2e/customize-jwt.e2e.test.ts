/**
 * Custom JWT in Chromium against the real server: a machine-to-machine customizer written in the script editor with
 * a variable, test-run on the sample, saved, then issued in a real client credentials token; edited (a failing
 * script's test shows its error), and deleted behind a confirmation.
 */
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

const { api, dialog, openSection } = consoleSteps(() => ({ server, browser }));
const M2M = 'Machine-to-machine access token';
const SCRIPT = `const getCustomJwtClaims = async ({ context, environmentVariables }) => {
  return { tier: environmentVariables.TIER, app: context.application.name };
};`;

const setScript = async (script: string) => {
  const editor = page.getByRole('textbox', { name: 'Script' });
  await visible(editor);
  await editor.fill(script);
};

describe('custom JWT', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('customize-jwt');
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('writes a customizer, test-runs it, saves it, and its claims appear in a real token', async () => {
    await openSection('Custom JWT', 'Custom JWT');
    await page.getByRole('button', { name: `Add custom claims to the ${M2M}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: M2M }));
    await setScript(SCRIPT);
    await page.getByRole('button', { name: 'Add a variable' }).click();
    await page.getByRole('textbox', { name: 'Name of variable 1' }).fill('TIER');
    await page.getByRole('textbox', { name: 'Value of variable 1' }).fill('gold');

    await page.getByRole('button', { name: 'Run test' }).click();
    await visible(page.getByText('Claims the script returned'));
    await visible(page.locator('.gh-customize-jwt-outcome pre', { hasText: '"tier": "gold"' }));
    await visible(page.locator('.gh-customize-jwt-outcome pre', { hasText: '"app": "Nightly export"' }));
    await screenshot(page, 'editor-tested');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByText('Custom claims saved.'));
    await visible(page.getByRole('heading', { level: 1, name: 'Custom JWT' }));
    await visible(page.getByRole('button', { name: `Edit the custom claims of the ${M2M}` }));
    const stored = await api('/configs/jwt-customizer/client-credentials');
    expect(stored.body).toMatchObject({ script: SCRIPT, environmentVariables: { TIER: 'gold' } });

    // A real token of a machine-to-machine application carries the claims.
    const app = await api('/applications', { method: 'POST', body: { name: 'Ledger sync', type: 'MachineToMachine' } });
    const token = await fetch(`${server.origin}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.body.id}:${app.body.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        resource: 'https://default.gatehouse.internal/api',
        scope: 'all',
      }),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ tier: 'gold', app: 'Ledger sync' });
  });

  test("edits it: a failing script's test shows its error; then deletes it", async () => {
    await page.getByRole('button', { name: `Edit the custom claims of the ${M2M}` }).click();
    await visible(page.getByRole('textbox', { name: 'Value of variable 1' }));
    await poll(() => page.getByRole('textbox', { name: 'Value of variable 1' }).inputValue()).toBe('gold');
    await setScript('const getCustomJwtClaims = async () => { throw new Error("ledger is down"); };');
    await page.getByRole('button', { name: 'Run test' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'ledger is down' }));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete the custom claims of the ${M2M}` }).click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Custom claims deleted.'));
    await count(page.getByRole('button', { name: `Add custom claims to the ${M2M}` })).toBe(1);
    expect((await api('/configs/jwt-customizer/client-credentials')).status).toBe(404);
  });
});
