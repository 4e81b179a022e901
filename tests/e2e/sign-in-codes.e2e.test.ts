/**
 * Signing up and signing in by verification codes sent by text message, end to end in Chromium: the administrator
 * sets up the Twilio SMS connector (a local server speaking Twilio's Messages API) and a sign-up by phone number
 * verified by a code, with no password; a new user creates an account from the code in the text message, signs out,
 * and signs in again with a new code.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmsTestServer, startSmsServer } from '../api/sms-server';
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
} from './harness';

const twilio = { accountSid: 'AC5e1d', authToken: 'twilio-token-e2e' };
const NUMBER = '+15550100777';

let server: RunningServer;
let sms: SmsTestServer;
let app: AppCallback;
let admin: Browser;
let member: Browser;
let page: Page;
let clientId = '';

const api = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { ...(await authHeaders(admin)), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
};

const heading = (name: string) => visible(page.getByRole('heading', { level: 1, name }));

const { backInApp, signOut } = appSteps(() => ({
  page,
  origin: server.origin,
  clientId,
  callback: app.url,
  appName: 'Field service',
}));

/** Reads the next text message's code and submits it on the code page. */
const enterCodeFromMessage = async () => {
  await heading('Enter the verification code');
  const message = await sms.nextMessageTo(NUMBER);
  const code = message.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
};

describe('verification codes by text message on the sign-in pages', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('sign-in-codes');
    sms = await startSmsServer(twilio);
    app = await startAppCallback('Field service');
    server = await startServer();
    admin = await launchBrowser();
    const created = await api('POST', '/applications', {
      name: 'Field service',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] },
    });
    clientId = String(created.id);
    await api('POST', '/connectors', {
      connectorId: 'twilio-short-message-service',
      config: {
        accountSID: twilio.accountSid,
        authToken: twilio.authToken,
        fromMessagingServiceSID: 'MG7',
        baseUrl: sms.url,
        templates: ['SignIn', 'Register', 'ForgotPassword', 'Generic'].map((usageType) => ({
          usageType,
          content: 'Your code is {{code}}.',
        })),
      },
    });
    await api('PATCH', '/sign-in-exp', {
      signUp: { identifiers: ['phone'], password: false, verify: true },
      signIn: {
        methods: [{ identifier: 'phone', password: false, verificationCode: true, isPasswordPrimary: false }],
      },
    });
    member = await launchBrowser({ signInTo: false });
    page = member.page;
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
    await app?.close();
    await sms?.close();
  });

  test('signs up with the code from a text message, then signs in again with a new one', async () => {
    await page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'field' }));
    await heading('Sign in');
    await page.getByRole('link', { name: 'Create account' }).click();

    await heading('Create account');
    expect(await checkPage(page, 'sign up by code')).toEqual([]);
    await page.getByLabel('Phone number').fill('+1 555 010-0777');
    await page.getByRole('button', { name: 'Send code' }).click();
    await screenshot(page, 'code');
    expect(await checkPage(page, 'code by text message')).toEqual([]);
    await enterCodeFromMessage();
    await backInApp();

    const users = await fetch(`${server.origin}/api/users?search=15550100777`, { headers: await authHeaders(admin) });
    expect(((await users.json()) as { primaryPhone: string }[]).map((user) => user.primaryPhone)).toEqual([
      '15550100777',
    ]);

    await signOut();
    await page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'again' }));
    await heading('Sign in');
    await page.getByLabel('Phone number').fill(NUMBER);
    await page.getByRole('button', { name: 'Send code' }).click();
    await enterCodeFromMessage();
    await backInApp();
    expect(member.errors).toEqual([]);
  });
});
