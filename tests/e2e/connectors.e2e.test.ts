/**
 * The connectors page in Chromium against the real server: the admin sets up the SMTP email connector against a
 * local SMTP server, sends a test email and sees it arrive, saves the connector, then deletes it; the Twilio SMS
 * connector against a local server speaking Twilio's Messages API; and, on the social tab, Google and a generic
 * OIDC connector, which the sign-in experience then offers as a social sign-in button.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmsTestServer, startSmsServer } from '../api/sms-server';
import { type SmtpTestServer, startSmtpServer } from '../api/smtp-server';
import { checkPage } from './accessibility';
import { consoleSteps, poll, tick, visible } from './console-steps';
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
let smtp: SmtpTestServer;
let twilio: SmsTestServer;
const twilioAccount = { accountSid: 'AC0123456789', authToken: 'twilio-token-5e1d' };

const { api, dialog, openSection, field, saved } = consoleSteps(() => ({ server, browser }));
const card = () => page.getByRole('region', { name: 'Email connector' });
const input = (label: string) => field(card(), label).locator('input').first();

describe('connectors', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('connectors');
    smtp = await startSmtpServer();
    twilio = await startSmsServer(twilioAccount);
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  test('sets up SMTP, sends a test email that arrives, saves and deletes the connector', async () => {
    await openSection('Connectors', 'Connectors');
    await visible(card().getByText('No email connector is set up yet'));
    await card().getByRole('button', { name: 'Set up SMTP' }).click();

    await input('Host').fill(smtp.host);
    await input('Port').fill(String(smtp.port));
    await input('From email').fill('console@gatehouse.test');
    await card().getByRole('textbox', { name: 'Test email address' }).fill('e2e@example.com');
    await screenshot(page, 'smtp-form', { fullPage: true });
    expect(await checkPage(page, '/console/connectors/passwordless')).toEqual([]);
    await card().getByRole('button', { name: 'Send test email' }).click();
    await visible(page.getByText('Test email sent to e2e@example.com.'));
    const mail = await smtp.nextMessageTo('e2e@example.com');
    expect(mail.from).toBe('console@gatehouse.test');
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('000000');
    expect((await api('/connectors')).body).toEqual([]);

    await card().getByRole('button', { name: 'Save', exact: true }).click();
    await visible(card().getByText('Sends from console@gatehouse.test'));
    const [saved] = (await api('/connectors')).body as {
      connectorId: string;
      config: { host: string; port: number };
    }[];
    expect(saved).toMatchObject({
      connectorId: 'simple-mail-transfer-protocol',
      config: { host: smtp.host, port: smtp.port },
    });

    await card().getByRole('button', { name: 'Edit' }).click();
    await card().getByRole('button', { name: 'Delete connector' }).click();
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(card().getByText('No email connector is set up yet'));
    await poll(async () => (await api('/connectors')).body).toEqual([]);
  });

  test('sets up Twilio SMS, sends a test message that arrives, and saves the connector', async () => {
    const sms = () => page.getByRole('region', { name: 'SMS connector' });
    const smsInput = (label: string) => field(sms(), label).locator('input').first();
    await openSection('Connectors', 'Connectors');
    await visible(sms().getByText('No SMS connector is set up yet'));
    await sms().getByRole('button', { name: 'Set up Twilio SMS Service' }).click();
    await smsInput('Account SID').fill(twilioAccount.accountSid);
    await smsInput('Auth token').fill(twilioAccount.authToken);
    await smsInput('Messaging service SID').fill('MG42');
    await smsInput('API base URL').fill(twilio.url);
    await sms().getByRole('textbox', { name: 'Test phone number' }).fill('4915112345678');
    expect(await checkPage(page, '/console/connectors/passwordless')).toEqual([]);
    await sms().getByRole('button', { name: 'Send test message' }).click();
    await visible(page.getByText('Test message sent to 4915112345678.'));
    await poll(async () => twilio.messages.at(-1)).toMatchObject({ to: '+4915112345678', from: 'MG42' });
    expect(twilio.messages.at(-1)?.body).toContain('000000');

    await sms().getByRole('button', { name: 'Save', exact: true }).click();
    await visible(sms().getByText('Sends from MG42'));
    await screenshot(page, 'sms-saved', { fullPage: true });
    const saved = (await api('/connectors')).body as { connectorId: string }[];
    expect(saved.map((connector) => connector.connectorId)).toEqual(['twilio-short-message-service']);
  });

  test('adds Google and a generic OIDC connector on the social tab, edits and deletes Google; sign-in offers Acme', async () => {
    const social = () => page.getByRole('region', { name: 'Social connectors' });
    const socialInput = (label: string) => field(social(), label).locator('input').first();
    const picker = () => social().getByRole('region', { name: 'Add social connector' });
    const listed = (name: string) => social().getByRole('listitem').filter({ hasText: name });
    type Stored = { id: string; connectorId: string; config: Record<string, unknown>; metadata: unknown };
    const stored = async (connectorId: string) =>
      ((await api('/connectors')).body as Stored[]).find((connector) => connector.connectorId === connectorId);

    // With no social connector, the sign-in experience's social sign-in links to the connectors' social tab.
    const socialSignIn = page.locator('.ant-form-item', { hasText: 'Social sign-in' });
    await openSection('Sign-in experience', 'Sign-in experience');
    await page.getByRole('tab', { name: 'Sign-up and sign-in' }).click();
    await page.waitForURL(/\/sign-in-experience\/sign-up-and-sign-in$/);
    await visible(socialSignIn.getByText('No social connector is set up yet.'));
    expect(await checkPage(page, '/console/sign-in-experience/sign-up-and-sign-in')).toEqual([]);
    await socialSignIn.getByRole('link', { name: 'Add a social connector' }).click();
    await page.waitForURL(/\/console\/connectors\/social$/);
    await visible(social().getByText('No social connector is set up yet.'));
    await page.getByRole('tab', { name: 'Passwordless' }).click();
    await page.waitForURL(/\/console\/connectors\/passwordless$/);
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.waitForURL(/\/console\/connectors\/social$/);
    expect(await checkPage(page, '/console/connectors/social')).toEqual([]);

    // Google from the picker: only its client ID and secret are needed; the redirect URI is known before saving.
    await social().getByRole('button', { name: 'Add social connector' }).click();
    await visible(picker());
    await screenshot(page, 'social-picker');
    expect(await checkPage(page, '/console/connectors/social (picker)')).toEqual([]);
    await picker()
      .getByRole('button', { name: /^Google\b/ })
      .click();
    await visible(social().getByRole('heading', { name: 'Set up Google' }));
    const redirectUri = social().getByRole('textbox', { name: 'Redirect URI' });
    await visible(redirectUri);
    const uri = await redirectUri.inputValue();
    expect(uri).toMatch(new RegExp(`^${server.origin}/callback/social/[A-Za-z0-9]{21}$`));
    await socialInput('Client ID').fill('google-client-1');
    await socialInput('Client secret').fill('google-secret-1');
    await screenshot(page, 'google-form', { fullPage: true });
    expect(await checkPage(page, '/console/connectors/social (Google)')).toEqual([]);
    await social().getByRole('button', { name: 'Save', exact: true }).click();
    await visible(listed('Google').getByText('Target: google'));
    const google = await stored('google-universal');
    expect(google).toMatchObject({ config: { clientId: 'google-client-1', clientSecret: 'google-secret-1' } });
    expect(uri.endsWith(`/callback/social/${google?.id}`)).toBe(true);

    // Editing saves the changed client ID through the API.
    await listed('Google').getByRole('button', { name: 'Edit Google' }).click();
    await visible(social().getByRole('heading', { name: 'Edit Google' }));
    expect(await social().getByRole('textbox', { name: 'Redirect URI' }).inputValue()).toBe(uri);
    expect(await socialInput('Client ID').inputValue()).toBe('google-client-1');
    await socialInput('Client ID').fill('google-client-2');
    await social().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await stored('google-universal'))?.config.clientId).toBe('google-client-2');
    await visible(social().getByRole('button', { name: 'Add social connector' }));

    // Google is set up once: the picker shows it as added and does not offer it again.
    await social().getByRole('button', { name: 'Add social connector' }).click();
    const googleCard = picker().getByRole('button', { name: /^Google\b/ });
    await visible(googleCard.getByText('Added', { exact: true }));
    expect(await googleCard.isDisabled()).toBe(true);

    // A generic OIDC connector names its own target and name; a target Google has is refused by the server.
    await picker()
      .getByRole('button', { name: /^OIDC\b/ })
      .click();
    await visible(social().getByRole('heading', { name: 'Set up OIDC' }));
    await social().getByRole('textbox', { name: 'Target' }).fill('google');
    await social().getByRole('textbox', { name: 'Name' }).fill('Acme');
    await socialInput('Client ID').fill('acme-client');
    await socialInput('Client secret').fill('acme-secret');
    await socialInput('Authorization endpoint').fill('https://idp.acme.test/authorize');
    await socialInput('Token endpoint').fill('https://idp.acme.test/token');
    await socialInput('JWKS URI').fill('https://idp.acme.test/jwks');
    await screenshot(page, 'oidc-form', { fullPage: true });
    expect(await checkPage(page, '/console/connectors/social (OIDC)')).toEqual([]);
    await social().getByRole('button', { name: 'Save', exact: true }).click();
    await visible(social().getByText('Another social connector already has this target and platform.'));
    await social().getByRole('textbox', { name: 'Target' }).fill('acme');
    await social().getByRole('button', { name: 'Save', exact: true }).click();
    await visible(listed('Acme').getByText('Target: acme'));
    expect(await stored('oidc')).toMatchObject({
      config: {
        clientId: 'acme-client',
        authorizationEndpoint: 'https://idp.acme.test/authorize',
        idTokenVerificationConfig: { jwksUri: 'https://idp.acme.test/jwks' },
      },
      metadata: { target: 'acme', name: { en: 'Acme' } },
    });

    // Deleting Google.
    await listed('Google').getByRole('button', { name: 'Edit Google' }).click();
    await social().getByRole('button', { name: 'Delete connector' }).click();
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(() => listed('Google').count()).toBe(0);
    await poll(async () => (await stored('google-universal')) === undefined).toBe(true);
    await screenshot(page, 'social-list', { fullPage: true });

    // The sign-in experience offers the tenant's social connectors as sign-in buttons.
    await openSection('Sign-in experience', 'Sign-in experience');
    await page.getByRole('tab', { name: 'Sign-up and sign-in' }).click();
    await page.waitForURL(/\/sign-in-experience\/sign-up-and-sign-in$/);
    const acme = socialSignIn.getByRole('checkbox', { name: 'Acme' });
    await visible(acme);
    expect(await socialSignIn.getByRole('checkbox').count()).toBe(1);
    await tick(acme);
    await saved();
    await poll(async () => (await api('/sign-in-exp')).body.socialSignInConnectorTargets).toEqual(['acme']);
    expect(browser.errors).toEqual([]);
  });
});
