/**
 * CAPTCHA on a tenant's sign-in and registration pages: with `captchaPolicy.enabled` and a provider, the pages
 * carry the provider's widget (and the policy allows its origins there only), and every form is verified with the
 * provider before the password is looked at or an account created. The providers are a local stand-in speaking
 * Turnstile's siteverify and reCAPTCHA Enterprise's assessments protocols.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CaptchaCall, startCaptchaServer } from './captcha-server.js';
import { databases, unique } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

const SECRET = 'captcha-secret-0f3a9c';
const TOKEN = 'token-accepted-by-the-stand-in';
const turnstile = { type: 'Turnstile', siteKey: 'site-key-turnstile', secretKey: SECRET };
const recaptcha = {
  type: 'RecaptchaEnterprise',
  siteKey: 'site-key-recaptcha',
  secretKey: SECRET,
  projectId: 'gatehouse-test',
};

describe.each(databases())('CAPTCHA on the sign-in pages on $name', (target) => {
  let captcha: Awaited<ReturnType<typeof startCaptchaServer>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    captcha = await startCaptchaServer({ secret: SECRET, token: TOKEN });
  });
  afterAll(() => captcha?.close());
  const pages = useSignInPages(target, () => ({
    captcha: { ...captcha.endpoints, timeoutMs: 400 },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  }));

  beforeEach(async () => {
    await pages.reset();
    await pages.server().app.auditLog.flush();
    await pages.db().exec('DELETE FROM captcha_providers; DELETE FROM logs;');
    captcha.calls.length = 0;
    captcha.state.mode = 'answer';
    captcha.state.score = 0.9;
    await createUser(pages.db(), 'default', { username: 'ada', password: PASSWORD }).catch(() => undefined);
  });

  const setProvider = async (config: Record<string, unknown>, enabled = true) => {
    const put = await pages.api('', 'PUT', '/captcha-provider', { config });
    expect(put.status, put.text).toBe(200);
    await pages.patch('', { captchaPolicy: { enabled } });
  };

  /** The audit log's codes of the default tenant's failed form submissions. */
  const loggedCodes = async (key: string) => {
    await pages.server().app.auditLog.flush();
    const { rows } = await pages
      .db()
      .withTenant('default', (tx) =>
        tx.query<{ code: string }>(
          `SELECT payload->'error'->>'code' AS code FROM logs WHERE tenant_id = 'default' AND key = $1 AND payload->>'result' = 'Error' ORDER BY created_at`,
          [key],
        ),
      );
    return rows.map((row) => row.code);
  };

  const signIn = { identifier: 'ada', password: PASSWORD };
  const newAccount = { username: 'newcomer', password: PASSWORD, passwordConfirm: PASSWORD };

  it('shows no widget and asks no provider while the policy is off', async () => {
    await setProvider(turnstile, false);
    const { page, post } = await pages.open('');
    expect(page.text).not.toContain('cf-turnstile');
    expect(page.text).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).not.toContain(captcha.origin);
    expect((await post('/sign-in', signIn)).status).toBe(303);
    expect(captcha.calls).toEqual([]);
  });

  it('shows the Turnstile widget on sign-in and registration, allowing its origin on those pages only', async () => {
    await setProvider(turnstile);
    const { page, browser } = await pages.open('');
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' ${captcha.origin}`);
    expect(policy).toContain(`frame-src 'self' ${captcha.origin}`);
    expect(policy).toContain(`connect-src 'self' ${captcha.origin}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(page.text).toContain('<div class="cf-turnstile" data-sitekey="site-key-turnstile"></div>');
    expect(page.text).toContain(`<script src="${captcha.endpoints.turnstileScriptUrl}" nonce="${nonce}" async defer>`);
    // The widget sits inside the form, so the token it adds is submitted with it.
    expect(page.text).toMatch(/<form [^>]*>[\s\S]*cf-turnstile[\s\S]*<\/form>/);
    const register = await browser.follow(`${page.url}/register`);
    expect(register.text).toContain('class="cf-turnstile"');
    expect(register.headers.get('content-security-policy')).toContain(`frame-src 'self' ${captcha.origin}`);
    // Pages without a form (the error page of an unknown interaction) keep the strict policy.
    const other = await browser.follow(`${pages.origin()}/interaction/unknown`);
    expect(other.headers.get('content-security-policy')).not.toContain(captcha.origin);
    for (const shown of [page.text, register.text]) expect(shown).not.toContain(SECRET);
  });

  it('signs in with a token the provider accepts, sending it the secret, the token and the address', async () => {
    await setProvider(turnstile);
    const { post } = await pages.open('');
    const signedIn = await post('/sign-in', { ...signIn, 'cf-turnstile-response': TOKEN });
    expect(signedIn.status, signedIn.text).toBe(303);
    expect(captcha.calls).toEqual([
      { provider: 'Turnstile', secret: SECRET, token: TOKEN, remoteIp: '127.0.0.1' } satisfies CaptchaCall,
    ]);
  });

  it('refuses a form without a token (session.captcha_required) before the password is checked', async () => {
    await setProvider(turnstile);
    const { post } = await pages.open('');
    const refused = await post('/sign-in', { identifier: 'ada', password: 'wrong password' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Complete the CAPTCHA check to continue.');
    expect(refused.text).toContain('value="ada"');
    expect(captcha.calls).toEqual([]);
    expect(await loggedCodes('Interaction.SignIn.Submit')).toEqual(['session.captcha_required']);
    // Not a password failure: nothing counts towards the lockout.
    expect(await loggedCodes('Interaction.SignIn.Verification.Password.Submit')).toEqual([]);
  });

  it('neither counts nor resets the lockout with a refused form, whatever the password', async () => {
    await setProvider(turnstile);
    await pages.patch('', { sentinelPolicy: { maxAttempts: 2, lockoutDuration: 15 } });
    const username = unique('locked_');
    await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const { post } = await pages.open('');
    const wrong = { identifier: username, password: 'wrong password', 'cf-turnstile-response': TOKEN };
    expect((await post('/sign-in', wrong)).status).toBe(400);
    // The right password without a token, or with one the provider refuses: not a success that resets the count,
    // and wrong ones are not failures that lock.
    for (const token of ['', 'refused-token']) {
      for (const password of [PASSWORD, 'wrong password']) {
        const refused = await post('/sign-in', { identifier: username, password, 'cf-turnstile-response': token });
        expect(refused.status, `${token} ${password}`).toBe(422);
      }
    }
    expect((await post('/sign-in', wrong)).status).toBe(429);
  });

  it('refuses a token the provider refuses (session.captcha_failed), in the page language', async () => {
    await setProvider(turnstile);
    const { post } = await pages.open('', {}, 'de');
    const refused = await post('/sign-in', { ...signIn, 'cf-turnstile-response': 'forged' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Die CAPTCHA-Prüfung ist fehlgeschlagen.');
    expect(captcha.calls).toHaveLength(1);
    expect(await loggedCodes('Interaction.SignIn.Submit')).toEqual(['session.captcha_failed']);
  });

  it('registers nobody without an accepted token, and registers with one', async () => {
    await setProvider(turnstile);
    const before = await pages.countUsers('default');
    const { post } = await pages.open('', { first_screen: 'register' });
    const missing = await post('/register', newAccount);
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Complete the CAPTCHA check to continue.');
    expect(missing.text).toContain('value="newcomer"');
    const refused = await post('/register', { ...newAccount, 'cf-turnstile-response': 'forged' });
    expect(refused.status).toBe(422);
    expect(await pages.countUsers('default')).toBe(before);
    expect(await loggedCodes('Interaction.Register.Submit')).toEqual([
      'session.captcha_required',
      'session.captcha_failed',
    ]);
    const created = await post('/register', { ...newAccount, 'cf-turnstile-response': TOKEN });
    expect(created.status, created.text).toBe(303);
    expect(await pages.countUsers('default')).toBe(before + 1);
  });

  it('fails closed, with a message and no server error, when the provider is down or does not answer', async () => {
    await setProvider(turnstile);
    for (const mode of ['down', 'hang'] as const) {
      captcha.state.mode = mode;
      const { post } = await pages.open('');
      const started = Date.now();
      const refused = await post('/sign-in', { ...signIn, 'cf-turnstile-response': TOKEN });
      expect(refused.status, mode).toBe(422);
      expect(refused.text, mode).toContain('The CAPTCHA check cannot be completed right now.');
      // The server waits no longer than its timeout (400 ms here), with room for a slow machine.
      expect(Date.now() - started, mode).toBeLessThan(5000);
    }
    expect(await loggedCodes('Interaction.SignIn.Submit')).toEqual([
      'session.captcha_failed',
      'session.captcha_failed',
    ]);
  });

  it('refuses every form while the policy is on without a provider', async () => {
    await pages.patch('', { captchaPolicy: { enabled: true } });
    const { page, post } = await pages.open('');
    expect(page.text).not.toContain('<script');
    const refused = await post('/sign-in', signIn);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('The CAPTCHA check cannot be completed right now.');
    expect(await loggedCodes('Interaction.SignIn.Submit')).toEqual(['session.captcha_required']);
  });

  it('asks reCAPTCHA Enterprise for an assessment and holds invisible tokens to the score threshold', async () => {
    await setProvider(recaptcha);
    const { page, post } = await pages.open('');
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(page.text).toContain(
      `<script src="${captcha.endpoints.recaptchaScriptUrl}?render=site-key-recaptcha" nonce="${nonce}" async defer>`,
    );
    expect(page.text).toContain('<input type="hidden" name="g-recaptcha-response" value="">');
    expect(page.text).toContain(
      `<script nonce="${nonce}" data-sitekey="site-key-recaptcha" data-action="interaction">`,
    );
    expect(page.text).not.toContain(SECRET);
    const signedIn = await post('/sign-in', { ...signIn, 'g-recaptcha-response': TOKEN });
    expect(signedIn.status, signedIn.text).toBe(303);
    expect(captcha.calls).toEqual([
      {
        provider: 'RecaptchaEnterprise',
        secret: SECRET,
        token: TOKEN,
        siteKey: 'site-key-recaptcha',
        projectId: 'gatehouse-test',
        expectedAction: 'interaction',
      } satisfies CaptchaCall,
    ]);
    captcha.state.score = 0.3;
    const risky = await (await pages.open('')).post('/sign-in', { ...signIn, 'g-recaptcha-response': TOKEN });
    expect(risky.status).toBe(422);
    expect(risky.text).toContain('The CAPTCHA check failed.');
  });

  it('renders the reCAPTCHA checkbox, whose valid tokens pass whatever their score', async () => {
    await setProvider({ ...recaptcha, mode: 'checkbox' });
    captcha.state.score = 0.1;
    const { page, post } = await pages.open('');
    expect(page.text).toContain(
      '<div class="g-recaptcha" data-sitekey="site-key-recaptcha" data-action="interaction"></div>',
    );
    expect(page.text).toContain(`src="${captcha.endpoints.recaptchaScriptUrl}"`);
    expect((await post('/sign-in', { ...signIn, 'g-recaptcha-response': TOKEN })).status).toBe(303);
    const forged = await (await pages.open('')).post('/sign-in', { ...signIn, 'g-recaptcha-response': 'forged' });
    expect(forged.status).toBe(422);
  });

  it('never writes the secret key to the log', async () => {
    await pages.server().app.auditLog.flush();
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SECRET);
    const { rows } = await pages.db().query<{ payload: string }>('SELECT payload::text AS payload FROM logs');
    expect(rows.map((row) => row.payload).join('\n')).not.toContain(SECRET);
  });
});
