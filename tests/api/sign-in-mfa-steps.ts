import { expect } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { unique } from './harness.js';
import type { Browser } from './oidc-helpers.js';
import { CALLBACK, PASSWORD, type useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

type Pages = ReturnType<typeof useSignInPages>;

type Answer = Awaited<ReturnType<Browser['request']>>;

export const mfaSteps = (pages: Pages) => {
  const newUser = async () => {
    const username = unique('mfa_');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    return { id: user.id, username };
  };

  const setMfa = (mfa: Record<string, unknown>) => pages.patch('', { mfa });

  /** Submits the password form; answers the browser and the answer. */
  const signIn = async (username: string, password = PASSWORD) => {
    const { browser, post } = await pages.open('');
    return { browser, answer: await post('/sign-in', { identifier: username, password }) };
  };

  const register = async () => {
    const username = unique('reg_');
    const { browser, post } = await pages.open('', { first_screen: 'register' });
    const answer = await post('/register', { username, password: PASSWORD, passwordConfirm: PASSWORD });
    return { browser, answer, username };
  };

  /** The interaction ended: the browser goes on to the application's callback with a code. */
  const expectFinished = async (browser: Browser, answer: Answer) => {
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).not.toMatch(/\/interaction\//);
    const back = await browser.follow(answer.location as string, CALLBACK);
    expect(back.location?.startsWith(CALLBACK), back.text).toBe(true);
    expect(new URL(back.location as string).searchParams.get('code')).toBeTruthy();
  };

  /** The answer leads to the MFA step's page: returns that page. */
  const mfaPage = async (browser: Browser, answer: Answer) => {
    expect(answer.status, answer.text).toBe(303);
    expect(answer.location).toMatch(/\/interaction\/[\w-]+\/mfa$/);
    const page = await browser.get(answer.location as string);
    return { ...page, url: answer.location as string };
  };

  /** The URL of the page's form whose action ends with `suffix`. */
  const action = (text: string, suffix: string) => {
    const found = [...text.matchAll(/<form[^>]*action="([^"]+)"/g)].map((m) => m[1] ?? '');
    const match = found.find((candidate) => candidate.endsWith(suffix));
    expect(match, `no form ending with ${suffix}`).toBeDefined();
    return new URL(match as string, pages.origin()).toString();
  };

  /** The secret the TOTP setup page shows for typing by hand. */
  const secretOf = (text: string) => {
    const shown = text.match(/<code id="totp-secret">([A-Z2-7 ]+)<\/code>/)?.[1];
    expect(shown, text).toBeDefined();
    return (shown as string).replace(/ /g, '');
  };

  const backupCodesOf = (text: string) => [...text.matchAll(/<li><code>([\da-f]{10})<\/code><\/li>/g)].map((m) => m[1]);

  /** Binds TOTP from the setup page: answers the secret, the code used and the answer to it. */
  const bindTotp = async (browser: Browser, page: { text: string }) => {
    expect(page.text).toContain('Set up an authenticator app');
    expect(page.text).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="QR code for your authenticator app"/);
    const secret = secretOf(page.text);
    const code = currentTotpCode(secret);
    const answer = await browser.post(action(page.text, '/mfa/totp/bind'), { code });
    return { secret, code, answer };
  };

  /** Binds TOTP and saves the backup codes; answers the secret, the last code used and the backup codes. */
  const enrol = async (browser: Browser, answer: Answer) => {
    const bound = await bindTotp(browser, await mfaPage(browser, answer));
    const codesPage = await mfaPage(browser, bound.answer);
    expect(codesPage.text).toContain('Save your backup codes');
    const codes = backupCodesOf(codesPage.text) as string[];
    expect(codes).toHaveLength(10);
    const saved = await browser.post(action(codesPage.text, '/mfa/backup-code/bind'), {});
    await expectFinished(browser, saved);
    return { secret: bound.secret, code: bound.code, codes };
  };

  /** The audit log entries of a user, oldest first: key, result, error code. */
  const logsOf = async (userId: string) => {
    await pages.app().auditLog.flush();
    const { rows } = await pages
      .db()
      .query<{ key: string; result: string; payload: { error?: { code: string } } }>(
        `SELECT key, result, payload FROM logs WHERE tenant_id = 'default' AND user_id = $1 ORDER BY created_at, id`,
        [userId],
      );
    return rows.map((row) => [row.key, row.result, row.payload.error?.code].filter(Boolean));
  };

  const storedFactors = async (userId: string) => {
    const { rows } = await pages
      .db()
      .query<{ mfa_verifications: { type: string; codes?: { code: string; usedAt?: string }[] }[] }>(
        `SELECT mfa_verifications FROM users WHERE tenant_id = 'default' AND id = $1`,
        [userId],
      );
    return rows[0]?.mfa_verifications ?? [];
  };

  return {
    newUser,
    setMfa,
    signIn,
    register,
    expectFinished,
    mfaPage,
    action,
    secretOf,
    backupCodesOf,
    bindTotp,
    enrol,
    logsOf,
    storedFactors,
  };
};
