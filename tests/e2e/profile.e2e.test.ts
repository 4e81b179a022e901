/**
 * The console user's own profile in Chromium (spec §2 row 23, §6). Self-hosted: the name, the username (required, by
 * its rule), an avatar uploaded within the limit, and the password after the current one proved the user. In the
 * cloud: a new email address taken by the code sent there, and the account deleted with the tenant it administers.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmtpTestServer, startSmtpServer } from '../api/smtp-server';
import { upstreamOidcConfig } from '../api/upstream-oidc';
import { poll, visible } from './console-steps';
import {
  admin,
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

// A one-pixel PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let page: Page;
/** The self-hosted server: its default tenant is also the OpenID provider the cloud's console users link. */
let upstream: RunningServer;

/** The signed-in user's account as the server keeps it. */
const readMe = async (server: RunningServer) => {
  const response = await fetch(`${server.origin}/t/admin/me`, { headers: await authHeaders(browser) });
  return (await response.json()) as Record<string, unknown>;
};
const row = (id: string) => page.getByTestId(`profile-${id}`);

beforeAll(() => {
  ensureConsoleBuilt();
  screenshotPrefix('profile');
});
afterAll(async () => {
  await browser?.close();
  await upstream?.stop();
});

describe('the profile, self-hosted', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
    upstream = server;
    browser = await launchBrowser();
    page = browser.page;
  });

  test('edits name, username, avatar upload within the limit, password after the current one', async () => {
    const me = () => readMe(server);
    await page.goto(`${server.origin}/console/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    const row = (id: string) => page.getByTestId(`profile-${id}`);

    await row('name').getByRole('button').click();
    const nameDialog = page.getByRole('dialog', { name: 'Change Name' });
    await nameDialog.getByLabel('Name').fill('Ada Admin');
    await nameDialog.getByLabel('Name').press('Enter');
    await visible(row('name').getByText('Ada Admin'));
    await poll(async () => (await me()).name).toBe('Ada Admin');

    // The username is required and follows the rule, checked when the field is left.
    await row('username').getByRole('button').click();
    const userDialog = page.getByRole('dialog', { name: 'Change Username' });
    await userDialog.getByLabel('Username').fill('');
    await userDialog.getByLabel('Username').blur();
    await visible(userDialog.getByText('Username is required.'));
    await userDialog.getByLabel('Username').fill('1admin');
    await visible(userDialog.getByText(/A username starts with a letter/));
    await userDialog.getByLabel('Username').fill('ada_admin');
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await visible(row('username').getByText('ada_admin'));

    // An image over 500 KB is refused in the browser; a small one is uploaded and saved as the avatar.
    await row('avatar').getByRole('button').click();
    const avatarDialog = page.getByRole('dialog', { name: 'Change avatar' });
    // The uploader is enabled once the server's limit is known, which the hint then names.
    await visible(avatarDialog.getByText('SVG, PNG, JPEG or an icon, up to 500 KB.'));
    const input = avatarDialog.locator('input[type=file]');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) });
    await visible(avatarDialog.getByText('The file is too large: the limit is 500 KB.'));
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => avatarDialog.getByRole('img', { name: 'Avatar preview' }).getAttribute('src')).toMatch(
      /\/user-assets\//,
    );
    await avatarDialog.getByRole('button', { name: 'Save' }).click();
    await poll(async () => String((await me()).avatar)).toMatch(/\/user-assets\//);
    await poll(() => row('avatar').getByRole('img', { name: 'Avatar', exact: true }).getAttribute('src')).toBe(
      String((await me()).avatar),
    );
    await screenshot(page, 'profile');

    // The password: the current one first (a wrong one is refused in a dialog), then the new one twice.
    await row('password').getByRole('button', { name: 'Change' }).click();
    await poll(async () => new URL(page.url()).pathname).toBe('/console/profile/verify-password');
    const verify = page.getByRole('dialog', { name: 'Confirm it is you' });
    await verify.getByLabel('Current password').fill('not-the-password');
    await verify.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByText('The password is incorrect.'));
    await page.getByRole('button', { name: 'Got it' }).click();
    await verify.getByLabel('Current password').fill(admin.password);
    await verify.getByRole('button', { name: 'Continue' }).click();
    await poll(async () => new URL(page.url()).pathname).toBe('/console/profile/change-password');
    const change = page.getByRole('dialog', { name: 'Change password' });
    const next = 'A-New-Passphrase-For-Ada-7';
    await change.getByLabel('New password', { exact: true }).fill(next);
    await change.getByLabel('Confirm the new password').fill(`${next}x`);
    await change.getByLabel('Confirm the new password').blur();
    await visible(change.getByText('The passwords do not match.'));
    await change.getByLabel('Confirm the new password').fill(next);
    await change.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByText('Your password was changed.'));
    const proof = await fetch(`${server.origin}/t/admin/me/password/verify`, {
      method: 'POST',
      headers: { ...(await authHeaders(browser)), 'content-type': 'application/json' },
      body: JSON.stringify({ password: next }),
    });
    expect(proof.status).toBe(204);
    expect(browser.errors).toEqual([]);
  });
});

describe('the profile, in the cloud', () => {
  let server: RunningServer;
  let smtp: SmtpTestServer;
  const email = 'ada@example.com';
  const person = { username: 'ada_upstream', password: 'Upstream-Passphrase-31' };
  beforeAll(async () => {
    // The self-hosted server's default tenant is the provider: an application for the cloud's console, and a user.
    const manage = async (method: string, path: string, body: unknown) => {
      const headers = { ...(await authHeaders(browser)), 'content-type': 'application/json' };
      const response = await fetch(`${upstream.origin}/api${path}`, { method, headers, body: JSON.stringify(body) });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return (await response.json()) as { id: string; secret: string };
    };
    const metadata = (uri: string) => ({ oidcClientMetadata: { redirectUris: [uri], postLogoutRedirectUris: [] } });
    const app = await manage('POST', '/applications', {
      name: 'Cloud console',
      type: 'Traditional',
      ...metadata('https://cloud.example/console/handle-social'),
    });
    await manage('POST', '/users', person);
    const issuer = `${upstream.origin}/oidc`;
    const connector = {
      connectorId: 'oidc',
      metadata: { target: 'upstream', name: { en: 'Upstream ID' } },
      config: upstreamOidcConfig(issuer, app),
    };
    smtp = await startSmtpServer();
    server = await startServer({
      GATEHOUSE_EDITION: 'cloud',
      ADMIN_SMTP_URL: `smtp://mailer:mailer-secret@${smtp.host}:${smtp.port}?from=noreply@gatehouse.test`,
      ADMIN_SOCIAL_CONNECTORS: JSON.stringify([connector]),
    });
    await manage('PATCH', `/applications/${app.id}`, metadata(`${server.origin}/console/handle-social`));
    await browser.close();
    browser = await launchBrowser({ signInTo: false });
    page = browser.page;
    // A new account: registered on the admin tenant's pages, then its first tenant from the onboarding.
    const wait = { timeout: 30_000 };
    await page.goto(`${server.origin}/console`);
    await page.waitForURL((to) => to.pathname === '/console/welcome', wait);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password').fill(admin.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((to) => to.pathname === '/console/onboarding/create-tenant', wait);
    await page.getByLabel('Tenant name').fill('Acme development');
    await page.getByRole('button', { name: 'Create tenant and start' }).click();
    await page.waitForURL((url) => /^\/console\/[a-z0-9]{6}\/[a-z-]+/.test(url.pathname), wait);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test('takes a new email address after the password and the code sent there', async () => {
    await page.goto(`${server.origin}/console/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    expect(await row('username').count()).toBe(0);
    await row('email').getByRole('button', { name: 'Link email' }).click();
    const verify = page.getByRole('dialog', { name: 'Confirm it is you' });
    await verify.getByLabel('Current password').fill(admin.password);
    await verify.getByLabel('Current password').press('Enter');
    const link = page.getByRole('dialog', { name: 'Link an email address' });
    await link.getByLabel('New email address').fill(email);
    await link.getByRole('button', { name: 'Continue' }).click();
    const code = /\d{6}/.exec((await smtp.nextMessageTo(email)).text)?.[0] ?? '';
    const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
    await visible(dialog.getByText(`We sent a code to ${email}.`, { exact: false }));
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await visible(row('email').getByText(email));
    await poll(async () => (await readMe(server)).primaryEmail).toBe(email);
    await screenshot(page, 'cloud-email');
  });

  test('links an account of the social connector in a popup, and removes the link', async () => {
    const social = row('social-upstream');
    await visible(social.getByText('Not linked'));
    const opened = page.waitForEvent('popup');
    await social.getByRole('button', { name: 'Link' }).click();
    const popup = await opened;
    await popup.locator('input#identifier').fill(person.username);
    await popup.getByLabel('Password', { exact: true }).fill(person.password);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.waitForEvent('close', { timeout: 30_000 });
    await visible(social.getByRole('button', { name: 'Remove' }));
    expect(Object.keys(((await readMe(server)).identities ?? {}) as object)).toEqual(['upstream']);
    await screenshot(page, 'cloud-linked');

    await social.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await visible(social.getByText('Not linked'));
    expect((await readMe(server)).identities).toEqual({});
  });

  test('deletes the account with the tenant it administers, after saying what goes', async () => {
    const headers = await authHeaders(browser);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const information = page.getByRole('dialog', { name: 'Before you delete your account' });
    await visible(information.getByText('Acme development'));
    await information.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await poll(async () => (await fetch(`${server.origin}/t/admin/me`, { headers })).status).toBe(401);
    const tenants = await fetch(`${server.origin}/t/admin/api/tenants`, { headers });
    expect(tenants.status).toBe(401);
  });

  test('had no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
