/**
 * Passkeys and an authenticator app as two-step verification, end to end in Chromium with a virtual authenticator:
 * a new user registers, chooses a passkey, saves the backup codes and signs out; signs in with the passkey; gets an
 * authenticator app through the management API, and signs in choosing it instead of the passkey.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { checkPage } from './accessibility';
import { type AppCallback, appSteps, authorizationUrl, startAppCallback } from './app-callback';
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
import { addVirtualAuthenticator, base64url, type VirtualAuthenticator } from './virtual-authenticator';

const USERNAME = 'hedy';
const PASSWORD = 'Frequency-hopping-1942';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
let callback = '';
let notes: AppCallback;

let server: RunningServer;
let admin: Browser;
let member: Browser;
let page: Page;
let authenticator: VirtualAuthenticator;
let clientId = '';
let userId = '';

const api = async (path: string, init: { method: string; body?: unknown }) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: init.method,
    headers: { ...(await authHeaders(admin)), 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as unknown;
};

const heading = (name: string) => visible(page.getByRole('heading', { level: 1, name }));

const openSignIn = (extra: Record<string, string> = {}) =>
  page.goto(authorizationUrl(server.origin, clientId, callback, { state: 'notes', ...extra }));

const { backInApp, signOut } = appSteps(() => ({
  page,
  origin: server.origin,
  clientId,
  callback,
  appName: 'Notes',
}));

type Listed = { id: string; type: string; agent?: string; lastUsedAt?: string };
const factors = async () => (await api(`/users/${userId}/mfa-verifications`, { method: 'GET' })) as Listed[];

describe('passkeys and an authenticator app on the sign-in pages', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('mfa-webauthn');
    // Passkeys need a relying party name that is not an IP address: the server is public as http://localhost.
    server = await startServer({}, { hostname: 'localhost' });
    // The application, on a port of its own (a page the passkey script submits from ends there through redirects).
    notes = await startAppCallback('Notes');
    callback = notes.url;
    admin = await launchBrowser();
    const app = (await api('/applications', {
      method: 'POST',
      body: {
        name: 'Notes',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      },
    })) as { id: string };
    clientId = app.id;
    await api('/sign-in-exp', {
      method: 'PATCH',
      body: { mfa: { factors: ['Totp', 'WebAuthn', 'BackupCode'], policy: 'Mandatory' } },
    });
    member = await launchBrowser({ signInTo: false });
    page = member.page;
    authenticator = await addVirtualAuthenticator(page);
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
    await notes?.close();
  });

  test('registers, chooses a passkey, creates it and saves the backup codes', async () => {
    await openSignIn({ first_screen: 'register' });
    await heading('Create account');
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await heading('Set up 2-step verification');
    await page.getByRole('link', { name: 'Passkey' }).click();
    await heading('Add a passkey');
    await screenshot(page, 'bind-passkey');
    expect(await checkPage(page, 'bind a passkey')).toEqual([]);
    await page.getByRole('button', { name: 'Create a passkey' }).click();

    await heading('Save your backup codes');
    const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await backInApp();

    const users = (await api(`/users?search=${USERNAME}`, { method: 'GET' })) as { id: string; username: string }[];
    userId = users.find((user) => user.username === USERNAME)?.id ?? '';
    const [credential] = await authenticator.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(base64url(credential?.credentialId ?? '')).toBeTruthy();
    const listed = await factors();
    expect(listed.map(({ type }) => type)).toEqual(['WebAuthn', 'BackupCode']);
    expect(listed[0]?.agent).toContain('Chrome');
  });

  test('signs out, and signs in again with the passkey', async () => {
    await signOut();
    await openSignIn();
    await submitSignIn(page, USERNAME, PASSWORD);
    await heading('Verify with your passkey');
    await screenshot(page, 'verify-passkey');
    expect(await checkPage(page, 'verify a passkey')).toEqual([]);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await backInApp();
    expect((await factors())[0]?.lastUsedAt).toMatch(/^\d{4}-/);
    expect(member.errors).toEqual([]);
  });

  test('gets an authenticator app through the management API, and signs in choosing it', async () => {
    await api(`/users/${userId}/mfa-verifications`, { method: 'POST', body: { type: 'Totp', secret: TOTP_SECRET } });
    await signOut();
    await openSignIn();
    await submitSignIn(page, USERNAME, PASSWORD);
    await heading('Verify with your passkey');
    await page.getByRole('link', { name: 'Use your authenticator app' }).click();
    await heading('2-step verification');
    await visible(page.getByRole('link', { name: 'Use a passkey' }));
    await page.getByLabel('6-digit code').fill(currentTotpCode(TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
    await backInApp();
  });
});
