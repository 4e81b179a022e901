/**
 * A tenant's own sign-in pages in Chromium: an administrator uploads a zip of them on the sign-in experience's
 * branding tab and saves; an application's sign-in then shows those pages, whose script signs the user in through
 * the Experience API (a wrong password answered with Logto's code, the right one back to the application).
 */
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorizationUrl } from './app-callback';
import { consoleSteps, visible } from './console-steps';
import {
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
} from './harness';

const PASSWORD = 'Own-pages-passw0rd';
const callback = 'https://own-pages.example.com/callback';

/** The pages: a form, and a script that drives the Experience API of the origin it is served from. */
const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme sign-in</title><script src="./app.js" defer></script></head>
<body><main><h1>Acme sign-in</h1>
<form><label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Continue</button></form><p role="alert" id="problem"></p></main></body></html>`;

const SCRIPT = `
const call = async (method, path, body) => {
  const response = await fetch('/api/experience' + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: response.status === 204 ? {} : await response.json() };
};
document.querySelector('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  await call('PUT', '', { interactionEvent: 'SignIn' });
  const identifier = { type: 'username', value: form.get('username') };
  const verified = await call('POST', '/verification/password', { identifier, password: form.get('password') });
  if (verified.status !== 200) {
    document.getElementById('problem').textContent = 'Refused: ' + verified.body.code;
    return;
  }
  await call('POST', '/identification', { verificationId: verified.body.verificationId });
  const submitted = await call('POST', '/submit');
  window.location.assign(submitted.body.redirectTo);
});`;

let server: RunningServer;
let admin: Browser;
let member: Browser;
let page: Page;
let clientId = '';

const { api } = consoleSteps(() => ({ server, browser: admin }));

describe("a tenant's own sign-in pages", () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('custom-ui');
    server = await startServer();
    admin = await launchBrowser();
    page = admin.page;
    const app = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Acme portal',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      },
    });
    expect(app.status).toBe(200);
    clientId = String(app.body.id);
    await api('/users', { method: 'POST', body: { username: 'grace', password: PASSWORD } });
    member = await launchBrowser({ signInTo: false });
    await member.context.route(`${callback}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Acme portal</title><h1>Acme portal</h1>' }),
    );
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
  });

  test('uploaded on the branding tab and saved, they sign a user in through the Experience API', async () => {
    await page.goto(`${server.origin}/console/sign-in-experience/branding`);
    const card = page.getByRole('region', { name: 'Custom sign-in pages' });
    await visible(card.getByText('The built-in sign-in pages are in use.'));
    const zip = zipSync({ 'index.html': strToU8(INDEX), 'app.js': strToU8(SCRIPT) });
    await card.locator('input[type="file"]').setInputFiles({
      name: 'acme-sign-in.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });
    await visible(card.getByText(/Your pages \(upload [a-z0-9]{8}/));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await api('/sign-in-exp')).body.customUiAssets, { timeout: 15_000 })
      .toMatchObject({
        id: expect.stringMatching(/^[a-z0-9]{8}$/),
      });
    await screenshot(page, 'branding-custom-ui');

    const signIn = member.page;
    await signIn.goto(authorizationUrl(server.origin, clientId, callback, { state: 'acme' }));
    await visible(signIn.getByRole('heading', { level: 1, name: 'Acme sign-in' }));
    await signIn.getByLabel('Username').fill('grace');
    await signIn.getByLabel('Password').fill('not-the-password');
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await visible(signIn.getByRole('alert').getByText('Refused: session.invalid_credentials'));
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Continue' }).click();
    await visible(signIn.getByRole('heading', { level: 1, name: 'Acme portal' }));
    const url = new URL(signIn.url());
    expect(url.searchParams.get('state')).toBe('acme');
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(member.errors).toEqual([]);
  });
});
