/**
 * CAPTCHA on the tenant's sign-in page in Chromium: the console's Security page shows that no provider is set up
 * (without a failed request), the administrator sets up Turnstile and switches CAPTCHA on there, then a member's
 * sign-in carries the widget's token and reaches the application, and is refused when the provider refuses the
 * token; with reCAPTCHA Enterprise (invisible) the page's own script asks the widget for a token on submit. The
 * providers are a local stand-in serving tiny widget scripts (Turnstile's puts the token in the form as the real one
 * does) and speaking siteverify's and the assessments API's protocols.
 */
import type { ConsoleMessage, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCaptchaServer } from '../api/captcha-server.js';
import { type AppCallback, authorizationUrl, startAppCallback } from './app-callback';
import { consoleSteps, poll, visible } from './console-steps';
import {
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';

const PASSWORD = 'Analytical-engine-1843';
const SECRET = 'turnstile-secret-7d1e';
const TOKEN = 'turnstile-token-accepted';
let app: AppCallback;
let callback = '';

let captcha: Awaited<ReturnType<typeof startCaptchaServer>>;
let server: RunningServer;
let admin: Browser;
let member: Browser;
let page: Page;
let clientId = '';

const { api, openSection } = consoleSteps(() => ({ server, browser: admin }));

/** The member opens the application's sign-in, as the app would send them to it, and waits for the widget. */
const openSignIn = async (widget: () => Promise<unknown> = widgetReady) => {
  await member.context.clearCookies();
  await member.page.goto(authorizationUrl(server.origin, clientId, callback, { state: 'portal' }));
  await widget();
};

/** The widget script has run and put its token in the form. */
const widgetReady = () =>
  member.page.locator('form .cf-turnstile input[name="cf-turnstile-response"]').waitFor({ state: 'attached' });

describe('CAPTCHA on the sign-in page', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('sign-in-captcha');
    captcha = await startCaptchaServer({ secret: SECRET, token: TOKEN });
    // The application's own page: the invisible widget's script submits the form, and its redirects end there.
    app = await startAppCallback('Member portal');
    callback = app.url;
    server = await startServer({
      TURNSTILE_VERIFY_URL: captcha.endpoints.turnstileVerifyUrl,
      TURNSTILE_SCRIPT_URL: captcha.endpoints.turnstileScriptUrl,
      RECAPTCHA_ENTERPRISE_API_URL: captcha.endpoints.recaptchaApiUrl,
      RECAPTCHA_ENTERPRISE_SCRIPT_URL: captcha.endpoints.recaptchaScriptUrl,
    });
    admin = await launchBrowser();
    page = admin.page;
    const created = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Member portal',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
      },
    });
    clientId = String(created.body.id);
    expect((await api('/users', { method: 'POST', body: { username: 'ada', password: PASSWORD } })).status).toBe(200);
    member = await launchBrowser({ signInTo: false });
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
    await captcha?.close();
    await app?.close();
  });

  test('with no provider, the CAPTCHA tab says none is set up and the browser logs no failed request', async () => {
    // Chromium logs every 4xx answer as a console error ("Failed to load resource"): none may occur here.
    const errors: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    const onResponse = (response: Response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    };
    page.on('console', onConsole);
    page.on('response', onResponse);
    try {
      await page.goto(`${server.origin}/console/security/captcha`);
      await visible(page.getByText('No provider yet.', { exact: false }));
      await visible(page.getByLabel('Ask for a CAPTCHA'));
    } finally {
      page.off('console', onConsole);
      page.off('response', onResponse);
    }
    expect(errors).toEqual([]);
    expect((await api('/captcha-provider')).status).toBe(404);
  });

  test('the Security page sets up Turnstile and switches CAPTCHA on through the API', async () => {
    await openSection('Security', 'Security');
    await page.getByRole('tab', { name: 'CAPTCHA' }).click();
    await page.waitForURL(/\/console\/security\/captcha$/);
    await visible(page.getByText('No provider yet.', { exact: false }));
    await page.getByLabel('Site key').fill('site-key-e2e');
    await page.getByLabel('Secret key').fill(SECRET);
    await page.getByRole('button', { name: 'Save provider' }).click();
    await poll(async () => (await api('/captcha-provider')).body.config).toEqual({
      type: 'Turnstile',
      siteKey: 'site-key-e2e',
      secretKey: SECRET,
    });
    // The secret is typed into a password field: it is not shown on screen.
    expect(await page.getByLabel('Secret key').getAttribute('type')).toBe('password');
    await page.getByLabel('Ask for a CAPTCHA').click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(async () => (await api('/sign-in-exp')).body.captchaPolicy).toEqual({ enabled: true });
    await screenshot(page, 'console-captcha', { fullPage: true });
  });

  test('a sign-in with the widget’s token reaches the application, without a policy violation', async () => {
    await openSignIn();
    await screenshot(member.page, 'widget');
    await submitSignIn(member.page, 'ada', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    expect(new URL(member.page.url()).searchParams.get('code')).toBeTruthy();
    expect(captcha.calls.at(-1)).toMatchObject({ provider: 'Turnstile', secret: SECRET, token: TOKEN });
    // Chromium reports anything the page's Content-Security-Policy blocked as a console error.
    expect(member.errors).toEqual([]);
  });

  test('a token the provider refuses is refused on the page; the next, accepted one signs in', async () => {
    captcha.state.widgetToken = 'forged-token';
    await openSignIn();
    captcha.state.widgetToken = TOKEN;
    await submitSignIn(member.page, 'ada', PASSWORD);
    await visible(member.page.getByText('The CAPTCHA check failed. Try it again.'));
    expect(new URL(member.page.url()).origin).toBe(server.origin);
    expect(captcha.calls.at(-1)).toMatchObject({ token: 'forged-token' });
    await screenshot(member.page, 'refused');
    // The page shows a fresh widget, whose token the provider accepts.
    await widgetReady();
    await submitSignIn(member.page, 'ada', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    expect(member.errors).toEqual([]);
  });

  test('reCAPTCHA Enterprise (invisible): the page asks the widget for a token on submit and signs in with it', async () => {
    const config = { type: 'RecaptchaEnterprise', siteKey: 'site-key-recaptcha', secretKey: SECRET, projectId: 'e2e' };
    expect((await api('/captcha-provider', { method: 'PUT', body: { config } })).status).toBe(200);
    await openSignIn(() => member.page.waitForFunction(() => 'grecaptcha' in window));
    await submitSignIn(member.page, 'ada', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(callback), { timeout: 30_000 });
    expect(captcha.calls.at(-1)).toMatchObject({
      provider: 'RecaptchaEnterprise',
      secret: SECRET,
      token: TOKEN,
      siteKey: 'site-key-recaptcha',
      projectId: 'e2e',
    });
    expect(member.errors).toEqual([]);
  });
});
