/**
 * The connectors page in Chromium against the real server: the admin sets up the SMTP email connector against a
 * local SMTP server, sends a test email and sees it arrive, saves the connector, then deletes it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

const { api, dialog, openSection, field } = consoleSteps(() => ({ server, browser }));
const card = () => page.getByRole('region', { name: 'Email connector' });
const input = (label: string) => field(card(), label).locator('input').first();

describe('connectors', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('connectors');
    smtp = await startSmtpServer();
    server = await startServer();
    browser = await launchBrowser();
    page = browser.page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
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
});
