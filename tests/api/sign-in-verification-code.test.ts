/**
 * Signing in and signing up by verification codes on the sign-in pages: codes by email through the tenant's SMTP
 * connector and by text message through its Twilio connector (local servers speaking both protocols), the account
 * the address names signing in, an unknown address registering where sign-up is open (with the registration form
 * where the tenant asks for more, the address fixed), and what a code from elsewhere or a closed sign-up answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import type { Browser } from './http-browser.js';
import { CALLBACK, PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { type SmsTestServer, startSmsServer } from './sms-server.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';
import { createUser } from './users.js';

const twilio = { accountSid: 'AC0123456789', authToken: 'twilio-token-5e1d' };
const method = (identifier: string, password: boolean, verificationCode: boolean) => ({
  identifier,
  password,
  verificationCode,
  isPasswordPrimary: password,
});

describe.each(databases())('verification codes on the sign-in pages on $name', (target) => {
  const pages = useSignInPages(target);
  let smtp: SmtpTestServer;
  let sms: SmsTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sms = await startSmsServer(twilio);
    const email = await pages.api('', 'POST', '/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp),
    });
    expect(email.status, email.text).toBe(200);
    const templates = ['SignIn', 'Register', 'ForgotPassword', 'Generic'].map((usageType) => ({
      usageType,
      content: `Your ${usageType} code is {{code}}.`,
    }));
    const text = await pages.api('', 'POST', '/connectors', {
      connectorId: 'twilio-short-message-service',
      config: {
        accountSID: twilio.accountSid,
        authToken: twilio.authToken,
        fromMessagingServiceSID: 'MG42',
        baseUrl: sms.url,
        templates,
      },
    });
    expect(text.status, text.text).toBe(200);
  });
  afterAll(async () => {
    await smtp?.close();
    await sms?.close();
  });
  beforeEach(() => pages.reset());

  const codeOf = (text: string) => {
    const code = text.match(/\b(\d{6})\b/)?.[1];
    expect(code, text).toBeDefined();
    return code as string;
  };

  /** Asks for a code at the page's code form and answers the code page it leads to. */
  const requestCode = async (browser: Browser, base: string, identifier: string, purpose = 'SignIn') => {
    const query = purpose === 'Register' ? '?register=1' : '';
    const sent = await browser.post(`${base}/code${query}`, { identifier, purpose });
    expect(sent.status, sent.text).toBe(303);
    expect(sent.location).toMatch(/\/code\/verify$/);
    return browser.get(sent.location as string);
  };

  const finished = async (browser: Browser, answer: { status: number; location?: string | undefined }) => {
    expect(answer.status).toBe(303);
    const done = await browser.follow(answer.location as string, CALLBACK);
    expect(done.location?.startsWith(CALLBACK), done.text).toBe(true);
    expect(new URL(done.location as string).searchParams.get('code')).toBeTruthy();
  };

  const auditOf = async (userId: string) => {
    await pages.app().auditLog.flush();
    const { rows } = await pages
      .db()
      .query<{ key: string }>(
        `SELECT key FROM logs WHERE tenant_id = 'default' AND payload->>'userId' = $1 AND payload->>'result' = 'Success' ORDER BY created_at`,
        [userId],
      );
    return rows.map((row) => row.key);
  };

  it('signs in by a code sent by email beside the password: the link, the code page, a wrong code, the right one', async () => {
    await pages.patch('', { signIn: { methods: [method('email', true, true), method('username', true, false)] } });
    const username = unique('code_');
    const email = `${username}@example.com`;
    const user = await createUser(pages.db(), 'default', { username, primaryEmail: email, password: PASSWORD });

    const { browser, page } = await pages.open('');
    expect(page.text).toContain('name="password"');
    expect(page.text).toContain('Sign in with a code sent by email');
    const start = await browser.get(`${page.url}/code`);
    expect(start.text).toContain('Sign in with a verification code');

    const codePage = await requestCode(browser, page.url, email);
    expect(codePage.text).toContain(`We sent a 6-digit code to ${email}. It is valid for 10 minutes.`);
    const mail = await smtp.nextMessageTo(email);
    expect(mail.subject).toBe('SignIn code');
    const code = codeOf(mail.text);

    const wrong = await browser.post(`${page.url}/code/verify`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('The code is wrong.');
    await finished(browser, await browser.post(`${page.url}/code/verify`, { code }));
    expect(await auditOf(user.id)).toEqual(
      expect.arrayContaining(['Interaction.SignIn.Verification.EmailVerificationCode.Submit']),
    );
  });

  it('asks for the phone number on the sign-in page where numbers sign in by code only, and sends the code by SMS', async () => {
    await pages.patch('', {
      signUp: { identifiers: ['phone'], password: false, verify: true },
      signIn: { methods: [method('phone', false, true)] },
    });
    const user = await createUser(pages.db(), 'default', { primaryPhone: '15550100200' });
    const { browser, page } = await pages.open('');
    expect(page.text).not.toContain('name="password"');
    expect(page.text).toMatch(/<form method="post" action="[^"]+\/code"/);
    expect(page.text).toContain('Phone number');

    const codePage = await requestCode(browser, page.url, '+1 555 010 0200');
    expect(codePage.text).toContain('We sent a 6-digit code by text message to +15550100200.');
    const message = await sms.nextMessageTo('+15550100200');
    expect(message.body).toMatch(/^Your SignIn code is \d{6}\.$/);
    await finished(browser, await browser.post(`${page.url}/code/verify`, { code: codeOf(message.body) }));
    expect(await auditOf(user.id)).toContain('Interaction.SignIn.Verification.PhoneVerificationCode.Submit');
  });

  it('signs up by a code sent by text message, with no password: one account with the verified number', async () => {
    await pages.patch('', {
      signUp: { identifiers: ['phone'], password: false, verify: true },
      signIn: { methods: [method('phone', false, true)] },
    });
    const before = await pages.countUsers('default');
    const { browser, page } = await pages.open('');
    const register = await browser.get(`${page.url}/register`);
    expect(register.location).toMatch(/\/code\?register=1$/);
    const start = await browser.get(register.location as string);
    expect(start.text).toContain('Create account');
    expect(start.text).toContain('We will send a code to it by text message to verify it.');

    await requestCode(browser, page.url, '+15550100300', 'Register');
    const message = await sms.nextMessageTo('+15550100300');
    expect(message.body).toMatch(/^Your Register code is \d{6}\.$/);
    await finished(browser, await browser.post(`${page.url}/code/verify`, { code: codeOf(message.body) }));
    expect(await pages.countUsers('default')).toBe(before + 1);
    const { rows } = await pages
      .db()
      .query<{ phone: string; password: string | null }>(
        `SELECT primary_phone AS phone, password_encrypted AS password FROM users WHERE tenant_id = 'default' ORDER BY created_at DESC LIMIT 1`,
      );
    expect(rows[0]).toEqual({ phone: '15550100300', password: null });
  });

  it('signs up by an email code through the form with the address fixed; two submissions make one account', async () => {
    await pages.patch('', {
      signUp: { identifiers: ['email'], password: true, verify: true },
      signIn: { methods: [method('email', true, true)] },
    });
    const email = `${unique('new_')}@example.com`;
    const { browser, page } = await pages.open('');
    await requestCode(browser, page.url, email, 'Register');
    const code = codeOf((await smtp.nextMessageTo(email)).text);
    const verified = await browser.post(`${page.url}/code/verify`, { code });
    expect(verified.location).toMatch(/\/register$/);
    const form = await browser.get(verified.location as string);
    expect(form.text).toMatch(new RegExp(`<input id="email" name="email" type="email" value="${email}"[^>]* readonly`));

    const before = await pages.countUsers('default');
    const fields = { email: 'someone-else@example.com', password: PASSWORD, passwordConfirm: PASSWORD };
    const answers = await Promise.all([
      browser.post(`${page.url}/register`, fields),
      browser.post(`${page.url}/register`, fields),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await pages.countUsers('default')).toBe(before + 1);
    const { rows } = await pages
      .db()
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE tenant_id = 'default' AND primary_email IN ($1, $2)`,
        [email, fields.email],
      );
    expect(rows[0]?.n).toBe(1);
    expect((await pages.db().query(`SELECT 1 FROM users WHERE primary_email = $1`, [email])).rows).toHaveLength(1);
  });

  it('refuses a code sent to another interaction, and an unknown address where sign-up is closed', async () => {
    await pages.patch('', { signInMode: 'SignIn', signIn: { methods: [method('email', true, true)] } });
    const username = unique('other_');
    const email = `${username}@example.com`;
    await createUser(pages.db(), 'default', { username, primaryEmail: email, password: PASSWORD });

    const first = await pages.open('');
    await requestCode(first.browser, first.page.url, email);
    const firstCode = codeOf((await smtp.nextMessageTo(email)).text);
    const second = await pages.open('');
    await requestCode(second.browser, second.page.url, email);
    const secondCode = codeOf((await smtp.nextMessageTo(email)).text);
    if (firstCode !== secondCode) {
      const stolen = await second.browser.post(`${second.page.url}/code/verify`, { code: firstCode });
      expect(stolen.status).toBe(400);
    }
    // The first interaction's code is its own, replaced by nothing the second one did.
    await finished(first.browser, await first.browser.post(`${first.page.url}/code/verify`, { code: firstCode }));

    const unknown = `${unique('nobody_')}@example.com`;
    const third = await pages.open('');
    await requestCode(third.browser, third.page.url, unknown);
    const code = codeOf((await smtp.nextMessageTo(unknown)).text);
    const refused = await third.browser.post(`${third.page.url}/code/verify`, { code });
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('No account uses this address');
    expect((await pages.db().query(`SELECT 1 FROM users WHERE primary_email = $1`, [unknown])).rows).toHaveLength(0);
  });

  it('sends no code to a kind of address the tenant does not offer, nor to a malformed one', async () => {
    await pages.patch('', { signIn: { methods: [method('email', true, true), method('username', true, false)] } });
    const { browser, page } = await pages.open('');
    const phone = await browser.post(`${page.url}/code`, { identifier: '+15550100400', purpose: 'SignIn' });
    expect(phone.status).toBe(400);
    expect(phone.text).toContain('This kind of sign-in is not enabled.');
    const malformed = await browser.post(`${page.url}/code`, { identifier: 'not an@address', purpose: 'SignIn' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('Enter a valid email address.');
    // Registration by code is not what the tenant asks for: its page is not there.
    const register = await browser.get(`${page.url}/code?register=1`);
    expect(register.status).toBe(404);
    expect(sms.messages.filter((message) => message.to === '+15550100400')).toHaveLength(0);
  });

  it('resets a forgotten password by a code sent by text message, then signs in by phone number with the new one', async () => {
    await pages.patch('', {
      signIn: { methods: [method('phone', true, false), method('username', true, false)] },
      forgotPasswordMethods: ['PhoneVerificationCode'],
    });
    await createUser(pages.db(), 'default', {
      username: unique('fp_'),
      primaryPhone: '15550100500',
      password: PASSWORD,
    });
    const { browser, page } = await pages.open('');
    expect(page.text).toContain('Forgot password?');
    const start = await browser.get(`${page.url}/forgot-password`);
    expect(start.text).toContain('Enter the phone number of your account');
    const sent = await browser.post(`${page.url}/forgot-password`, { identifier: '+1 (555) 010-0500' });
    expect(sent.location).toMatch(/\/forgot-password\/code$/);
    const codePage = await browser.get(sent.location as string);
    expect(codePage.text).toContain(
      'If +15550100500 belongs to an account, a 6-digit code is on its way to it by text',
    );
    const message = await sms.nextMessageTo('+15550100500');
    expect(message.body).toMatch(/^Your ForgotPassword code is \d{6}\.$/);
    const verified = await browser.post(`${page.url}/forgot-password/code`, { code: codeOf(message.body) });
    expect(verified.location).toMatch(/\/forgot-password\/password$/);
    const fresh = 'Fresh-passw0rd-by-text';
    const reset = await browser.post(`${page.url}/forgot-password/password`, {
      password: fresh,
      passwordConfirm: fresh,
    });
    expect(reset.status, reset.text).toBe(303);
    await finished(browser, await browser.post(`${page.url}/sign-in`, { identifier: '15550100500', password: fresh }));
    // An email address is not what this tenant resets by.
    const other = await pages.open('');
    const refused = await other.browser.post(`${other.page.url}/forgot-password`, { identifier: 'a@example.com' });
    expect(refused.status).toBe(400);
  });
});
