/**
 * Two-step verification on a tenant's sign-in pages, end to end in Chromium: the administrator turns MFA on through
 * the management API; a new user registers, sets up an authenticator app from the key the page shows, saves the
 * backup codes, signs out, signs in again with a code from the app, and once more with a backup code.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { checkPage } from './accessibility';
import { appSteps, authorizationUrl } from './app-callback';
import { visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';

const USERNAME = 'grace';
const PASSWORD = 'Difference-engine-1822';
const callback = 'https://notes.example.com/callback';

let server: RunningServer;
let admin: Browser;
let member: Browser;
let page: Page;
let clientId = '';
let secret = '';
let backupCodes: string[] = [];

const api = async (path: string, init: { method: string; body: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init.method,
    headers: { ...(await authHeaders(admin)), 'content-type': 'application/json' },
    body: JSON.stringify(init.body),
  });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

const heading = (name: string) => visible(page.getByRole('heading', { level: 1, name }));

/** The application sends the user to the tenant's sign-in. */
const openSignIn = (extra: Record<string, string> = {}) =>
  page.goto(authorizationUrl(server.origin, clientId, callback, { state: 'notes', ...extra }));

const { backInApp, signOut } = appSteps(() => ({
  page,
  origin: server.origin,
  clientId,
  callback,
  appName: 'Notes',
}));

describe('two-step verification on the sign-in pages', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('mfa-sign-in');
    server = await startServer();
    admin = await launchBrowser();
    const app = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Notes',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      },
    });
    clientId = String(app.id);
    await api('/sign-in-exp', {
      method: 'PATCH',
      body: { mfa: { factors: ['Totp', 'BackupCode'], policy: 'PromptAtSignInAndSignUp' } },
    });
    member = await launchBrowser({ signInTo: false });
    page = member.page;
    await member.context.route(`${callback}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Notes</h1>' }),
    );
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
  });

  test('registers, sets up an authenticator app from the key on the page, and saves the backup codes', async () => {
    await openSignIn({ first_screen: 'register' });
    await heading('Create account');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await heading('Set up an authenticator app');
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await visible(qr);
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await visible(page.getByRole('button', { name: 'Skip for now' }));
    secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'bind-totp');
    expect(await checkPage(page, 'bind TOTP')).toEqual([]);
    await page.getByLabel('6-digit code').fill(currentTotpCode(secret));
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading('Save your backup codes');
    backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await screenshot(page, 'backup-codes');
    expect(await checkPage(page, 'backup codes')).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await backInApp();
  });

  test('signs out, and signs in again with a code from the authenticator app', async () => {
    await signOut();
    await openSignIn();
    await submitSignIn(page, USERNAME, PASSWORD);
    await heading('2-step verification');
    await screenshot(page, 'verify-totp');
    expect(await checkPage(page, 'verify TOTP')).toEqual([]);
    // A code of the next time step: the one that bound the factor cannot be used twice.
    await page.getByLabel('6-digit code').fill(currentTotpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await backInApp();
  });

  test('signs out, and signs in with a backup code instead', async () => {
    await signOut();
    await openSignIn();
    await submitSignIn(page, USERNAME, PASSWORD);
    await heading('2-step verification');
    await page.getByRole('link', { name: 'Use a backup code' }).click();
    await heading('Use a backup code');
    expect(await checkPage(page, 'verify a backup code')).toEqual([]);
    await page.getByLabel('Backup code').fill(backupCodes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await backInApp();
  });
});
