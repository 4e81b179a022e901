/**
 * The connectors page in Chromium against the real server: the admin sets up the SMTP email connector against a
 * local SMTP server, sends a test email and sees it arrive, saves the connector, then deletes it; and the Twilio SMS
 * connector against a local server speaking Twilio's Messages API.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmsTestServer, startSmsServer } from '../api/sms-server';
import { type SmtpTestServer, startSmtpServer } from '../api/smtp-server';
import { checkPage } from './accessibility';
import { consoleSteps, poll, visible } from './console-steps';
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

const { api, dialog, openSection, field } = consoleSteps(() => ({ server, browser }));
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
});
