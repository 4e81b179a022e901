/**
 * Forgot password on a tenant's sign-in pages, end to end in Chromium: the administrator sets up the SMTP email
 * connector (a local SMTP server) and offers the reset by email; a user follows "Forgot password?", reads the code
 * from the email, sets a new password, and signs in with it back to the application. A French browser gets the pages in
 * French and the code in the tenant's French email template.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from '../api/smtp-server';
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

const EMAIL = 'ada@example.com';

/** The sign-in pages' French texts, as the server has them. */
const frenchTexts = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../src/server/locales/fr/interaction.json'), 'utf8')) as {
    sign_in: { title: string; forgot_password: string };
    forgot_password: { title: string; email: string; submit: string; code_title: string };
  };
const OLD_PASSWORD = 'Analytical-engine-1843';
const NEW_PASSWORD = 'Difference-engine-1822';

let server: RunningServer;
let smtp: SmtpTestServer;
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

const { backInApp } = appSteps(() => ({
  page,
  origin: server.origin,
  clientId,
  callback: app.url,
  appName: 'Analytics',
}));

describe('forgot password on the sign-in pages', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('forgot-password');
    smtp = await startSmtpServer();
    app = await startAppCallback('Analytics');
    server = await startServer();
    admin = await launchBrowser();
    const created = await api('POST', '/applications', {
      name: 'Analytics',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] },
    });
    clientId = String(created.id);
    await api('POST', '/connectors', { connectorId: 'simple-mail-transfer-protocol', config: smtpConfig(smtp) });
    await api('PATCH', '/sign-in-exp', { forgotPasswordMethods: ['EmailVerificationCode'] });
    await api('POST', '/users', { username: 'ada', primaryEmail: EMAIL, password: OLD_PASSWORD });
    member = await launchBrowser({ signInTo: false });
    page = member.page;
  });

  afterAll(async () => {
    await member?.close();
    await admin?.close();
    await server?.stop();
    await app?.close();
    await smtp?.close();
  });

  test('resets the password with the code from the email, then signs in with the new one', async () => {
    await page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'analytics' }));
    await heading('Sign in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();

    await heading('Reset your password');
    expect(await checkPage(page, 'forgot password')).toEqual([]);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send code' }).click();

    await heading('Enter the verification code');
    const mail = await smtp.nextMessageTo(EMAIL);
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await screenshot(page, 'code');
    expect(await checkPage(page, 'verification code')).toEqual([]);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await heading('Set a new password');
    await page.getByLabel('New password', { exact: true }).fill(OLD_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(OLD_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await visible(page.getByText('The new password must differ from the current one.'));
    expect(await checkPage(page, 'new password')).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await heading('Sign in');
    await visible(page.getByText('Your password has been reset. Sign in with your new password.'));
    await screenshot(page, 'reset');
    await submitSignIn(page, 'ada', NEW_PASSWORD);
    await backInApp();
    expect(member.errors).toEqual([]);
  });

  test('speaks French to a French browser, and sends the code in the tenant’s French email', async () => {
    const fr = frenchTexts();
    await api('PUT', '/email-templates', {
      templates: [
        {
          languageTag: 'fr',
          templateType: 'ForgotPassword',
          details: {
            subject: 'Réinitialisation de votre mot de passe',
            content: 'Votre code de réinitialisation est {{code}}.',
            contentType: 'text/plain',
          },
        },
      ],
    });
    const french = await launchBrowser({ signInTo: false, locale: 'fr-FR' });
    try {
      const frPage = french.page;
      await frPage.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'analytics-fr' }));
      await visible(frPage.getByRole('heading', { level: 1, name: fr.sign_in.title }));
      await frPage.getByRole('link', { name: fr.sign_in.forgot_password }).click();
      await visible(frPage.getByRole('heading', { level: 1, name: fr.forgot_password.title }));
      await frPage.getByLabel(fr.forgot_password.email).fill(EMAIL);
      await frPage.getByRole('button', { name: fr.forgot_password.submit }).click();
      await visible(frPage.getByRole('heading', { level: 1, name: fr.forgot_password.code_title }));
      const mail = await smtp.nextMessageTo(EMAIL);
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
      expect(mail.text).toMatch(/^Votre code de réinitialisation est \d{6}\.$/m);
      await screenshot(frPage, 'code-french');
      expect(french.errors).toEqual([]);
    } finally {
      await french.close();
    }
  });
});
