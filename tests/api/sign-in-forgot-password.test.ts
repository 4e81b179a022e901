/**
 * Forgot password on the sign-in pages: the link, the code sent by email through the tenant's SMTP connector, the
 * new password under the tenant's policy, then signing in with it; what an unknown address learns, the audit log
 * and the PostResetPassword webhook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptchaServer } from './captcha-server.js';
import { forgotPasswordSteps, NEW_PASSWORD } from './forgot-password-steps.js';
import { databases } from './harness.js';
import { CALLBACK, PASSWORD, styleNonce, useSignInPages } from './sign-in-pages-steps.js';
import { inEventOrder, startReceiver } from './webhook-receiver.js';

const CAPTCHA_SECRET = 'captcha-secret-5e1d';
const CAPTCHA_TOKEN = 'token-accepted-by-the-stand-in';

describe.each(databases())('forgot password on the sign-in pages on $name', (target) => {
  let captcha: Awaited<ReturnType<typeof startCaptchaServer>>;
  beforeAll(async () => {
    captcha = await startCaptchaServer({ secret: CAPTCHA_SECRET, token: CAPTCHA_TOKEN });
  });
  afterAll(() => captcha?.close());
  const pages = useSignInPages(target, () => ({ captcha: { ...captcha.endpoints, timeoutMs: 400 } }));
  const steps = forgotPasswordSteps(pages);

  const signIn = async (identifier: string, password: string) => {
    const { post } = await pages.open('');
    return post('/sign-in', { identifier, password });
  };

  it('resets the password by a code sent by email, then signs in with the new password only', async () => {
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    const codePage = await flow.browser.get(`${flow.signInUrl}/forgot-password/code`);
    expect(codePage.text).toContain(`If ${user.email} belongs to an account, a 6-digit code is on its way to it.`);
    styleNonce(codePage);
    expect(codePage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(codePage.headers.get('cache-control')).toBe('no-store');

    steps.expectRedirect(await flow.submitCode(flow.code), '/forgot-password/password');
    const passwordPage = await flow.browser.get(`${flow.signInUrl}/forgot-password/password`);
    expect(passwordPage.text).toContain('Set a new password');

    const weak = await flow.submitPassword('short');
    expect(weak.status).toBe(422);
    expect(weak.text).toContain('The password must have at least 8 characters.');
    const mismatch = await flow.submitPassword(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(422);
    expect(mismatch.text).toContain('The passwords do not match.');
    const same = await flow.submitPassword(PASSWORD);
    expect(same.status).toBe(422);
    expect(same.text).toContain('The new password must differ from the current one.');

    const reset = await flow.submitPassword(NEW_PASSWORD);
    steps.expectRedirect(reset, /\/interaction\/[\w-]+\?password_reset=1$/);
    const back = await flow.browser.get(reset.location as string);
    expect(back.text).toContain('Your password has been reset. Sign in with your new password.');
    // The code is spent with the reset: the flow's pages lead back to its start.
    steps.expectRedirect(await flow.submitCode(flow.code), '/forgot-password');
    const signedIn = await flow.browser.post(`${flow.signInUrl}/sign-in`, {
      identifier: user.username,
      password: NEW_PASSWORD,
    });
    expect(signedIn.status, signedIn.text).toBe(303);
    const done = await flow.browser.follow(signedIn.location as string, CALLBACK);
    expect(done.location?.startsWith(CALLBACK)).toBe(true);

    expect((await signIn(user.username, PASSWORD)).status).toBe(400);
    const { rows } = await pages
      .db()
      .query<{ method: string }>(
        `SELECT password_encryption_method AS method FROM users WHERE tenant_id = 'default' AND id = $1`,
        [user.id],
      );
    expect(rows[0]?.method).toBe('Argon2id');
  });

  it('shows the link only where the tenant offers the reset by email and has an email connector', async () => {
    const { page } = await pages.open('');
    expect(page.text).toContain('Forgot password?');
    await pages.patch('', { forgotPasswordMethods: [] });
    const without = await pages.open('');
    expect(without.page.text).not.toContain('Forgot password?');
    const closed = await without.browser.get(`${without.page.url}/forgot-password`);
    expect(closed.status).toBe(404);
    // Another tenant, with every method offered (null) but no email connector.
    await pages.patch('/t/acme', { forgotPasswordMethods: null });
    const acme = await pages.open('/t/acme');
    expect(acme.page.text).not.toContain('Forgot password?');
    expect((await acme.browser.post(`${acme.page.url}/forgot-password`, { email: 'a@example.com' })).status).toBe(404);
  });

  it('opens the flow for first_screen=reset_password', async () => {
    const page = await pages.openAt('', { first_screen: 'reset_password' });
    expect(page.url).toMatch(/\/interaction\/[\w-]+\/forgot-password$/);
    expect(page.text).toContain('Reset your password');
  });

  it('answers an unknown address as a known one, sends it nothing, and accepts no code for it', async () => {
    const ghost = `ghost-${Date.now()}@example.com`;
    const flow = await steps.openForgotPassword();
    steps.expectRedirect(await flow.sendTo(ghost), '/forgot-password/code');
    const codePage = await flow.browser.get(`${flow.signInUrl}/forgot-password/code`);
    expect(codePage.text).toContain(`If ${ghost} belongs to an account, a 6-digit code is on its way to it.`);
    expect(steps.smtp().messagesTo(ghost)).toHaveLength(0);
    const guess = await flow.submitCode('123456');
    expect(guess.status).toBe(400);
    expect(guess.text).toContain('The code is wrong.');
  });

  it('refuses a wrong code, then takes the right one; an expired code is refused', async () => {
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    const wrong = await flow.submitCode(steps.wrongCode(flow.code));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('The code is wrong.');
    expect(wrong.text).toContain('aria-invalid="true"');
    steps.expectRedirect(await flow.submitCode(flow.code), '/forgot-password/password');

    const other = await steps.codeRequested(user.email);
    await pages
      .db()
      .query(`UPDATE passcodes SET created_at = now() - interval '601 seconds' WHERE interaction_jti = $1`, [
        other.uid,
      ]);
    const expired = await other.submitCode(other.code);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('The code has expired. Ask for a new one.');
    expect(await steps.logsOf(other.uid)).toContainEqual([
      'Interaction.ForgotPassword.Verification.EmailVerificationCode.Submit',
      'Error',
      'verification_code.expired',
    ]);
  });

  it('refuses a code after its tries, and a new code after the countdown replaces it', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 50, lockoutDuration: 15 } });
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await flow.submitCode(steps.wrongCode(flow.code))).status).toBe(400);
    }
    const exceeded = await flow.submitCode(flow.code);
    expect(exceeded.status).toBe(400);
    expect(exceeded.text).toContain('Too many wrong codes. Ask for a new one.');

    const early = await flow.resend();
    expect(early.status).toBe(429);
    expect(early.text).toMatch(/Wait \d+ seconds? before asking for a new code\./);
    await steps.ageLastSend(flow.uid, 61);
    const resent = await flow.resend();
    expect(resent.status, resent.text).toBe(200);
    expect(resent.text).toContain('A new code is on its way.');
    const fresh = await steps.codeSentTo(user.email);
    // The old code is gone with its record; the new one passes.
    if (fresh !== flow.code) expect((await flow.submitCode(flow.code)).status).toBe(400);
    steps.expectRedirect(await flow.submitCode(fresh), '/forgot-password/password');
  });

  it('locks the account’s codes after the lockout policy’s failures, the right code included', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 15 } });
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    expect((await flow.submitCode(steps.wrongCode(flow.code))).status).toBe(400);
    expect((await flow.submitCode(steps.wrongCode(flow.code))).status).toBe(400);
    const locking = await flow.submitCode(steps.wrongCode(flow.code));
    expect(locking.status).toBe(429);
    expect(Number(locking.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await flow.submitCode(flow.code)).status).toBe(429);
    // Passwords are another pool: the account still signs in.
    expect((await signIn(user.username, PASSWORD)).status).toBe(303);
  });

  it('records the flow with Logto’s log keys, never the code nor the password', async () => {
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    await flow.submitCode(steps.wrongCode(flow.code));
    await flow.submitCode(flow.code);
    await flow.submitPassword('short');
    await flow.submitPassword(NEW_PASSWORD);
    // Entries of one millisecond have no order among them: compared as a whole.
    const expected = [
      ['Interaction.ForgotPassword.Verification.EmailVerificationCode.Create', 'Success'],
      [
        'Interaction.ForgotPassword.Verification.EmailVerificationCode.Submit',
        'Error',
        'verification_code.code_mismatch',
      ],
      ['Interaction.ForgotPassword.Verification.EmailVerificationCode.Submit', 'Success'],
      ['Interaction.ForgotPassword.Identifier.Submit', 'Success'],
      ['Interaction.ForgotPassword.Profile.Update', 'Error', 'password.rejected'],
      ['Interaction.ForgotPassword.Profile.Update', 'Success'],
      ['Interaction.ForgotPassword.Submit', 'Success'],
    ];
    const logs = await steps.logsOf(flow.uid);
    expect(logs).toHaveLength(expected.length);
    expect(logs).toEqual(expect.arrayContaining(expected));
    const { rows } = await pages
      .db()
      .query<{ payload: unknown }>(
        `SELECT payload FROM logs WHERE tenant_id = 'default' AND payload->>'sessionId' = $1`,
        [flow.uid],
      );
    const text = JSON.stringify(rows);
    for (const secret of [flow.code, NEW_PASSWORD, user.email]) expect(text).not.toContain(secret);
    // Only a digest of the code is stored.
    const stored = await pages.db().query(`SELECT * FROM passcodes WHERE interaction_jti = $1`, [flow.uid]);
    expect(JSON.stringify(stored.rows)).not.toContain(flow.code);
  });

  it('limits the codes sent to one address, known or not, to Logto’s 10 in 10 minutes, and raises Message.RateLimited', async () => {
    const receiver = await startReceiver();
    const hook = await pages.api('', 'POST', '/hooks', {
      name: 'Limits',
      events: ['Message.RateLimited'],
      config: { url: receiver.url },
    });
    expect(hook.status, hook.text).toBe(201);
    const user = await steps.newUser();
    const ghost = `ghost-${Date.now()}@example.com`;
    for (const email of [user.email, ghost]) {
      for (let sent = 0; sent < 10; sent++) {
        const flow = await steps.openForgotPassword();
        steps.expectRedirect(await flow.sendTo(email), '/forgot-password/code');
      }
      const flow = await steps.openForgotPassword();
      const limited = await flow.sendTo(email);
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Too many codes were sent to this address. Try again later.');
    }
    expect(steps.smtp().messagesTo(user.email)).toHaveLength(10);
    expect(steps.smtp().messagesTo(ghost)).toHaveLength(0);
    // Logto's exception event, once per refused send, for a known address and an unknown one alike.
    await pages.app().webhooks.idle();
    await receiver.close();
    const raised = inEventOrder(receiver.bodies);
    expect(raised.map(({ event, action, recipient }) => ({ event, action, recipient }))).toEqual(
      [user.email, ghost].map((recipient) => ({
        event: 'Message.RateLimited',
        action: 'VerificationCodeSend',
        recipient,
      })),
    );
    expect(raised[0]).toMatchObject({
      hookId: expect.any(String),
      createdAt: expect.any(String),
      ip: expect.any(String),
    });
  });

  it('asks the tenant’s CAPTCHA before sending a code, as Logto does for an interaction with no user yet', async () => {
    const put = await pages.api('', 'PUT', '/captcha-provider', {
      config: { type: 'Turnstile', siteKey: 'site-key-turnstile', secretKey: CAPTCHA_SECRET },
    });
    expect(put.status, put.text).toBe(200);
    await pages.patch('', { captchaPolicy: { enabled: true } });
    const user = await steps.newUser();
    const flow = await steps.openForgotPassword();
    expect(flow.start.text).toContain('class="cf-turnstile" data-sitekey="site-key-turnstile"');
    expect(flow.start.headers.get('content-security-policy')).toContain(captcha.origin);
    const refused = await flow.sendTo(user.email);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Complete the CAPTCHA check to continue.');
    expect(steps.smtp().messagesTo(user.email)).toHaveLength(0);
    const sent = await flow.browser.post(`${flow.signInUrl}/forgot-password`, {
      email: user.email,
      'cf-turnstile-response': CAPTCHA_TOKEN,
    });
    steps.expectRedirect(sent, '/forgot-password/code');
    expect(await steps.codeSentTo(user.email)).toMatch(/^\d{6}$/);
    expect(await steps.logsOf(flow.uid)).toContainEqual([
      'Interaction.ForgotPassword.Submit',
      'Error',
      'session.captcha_required',
    ]);
  });
});
