/**
 * Concurrent requests on the MFA step, as an attacker who knows the password would send them: one TOTP code or one
 * backup code posted in several interactions at once is taken once; two authenticator apps bound at once leave the
 * user one; a burst of wrong codes gets no more evaluations than the lockout policy allows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { sentinelTarget } from '../../src/server/interaction/sentinel.js';
import { databases } from './harness.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const CONCURRENT = 6;

describe.each(databases())('concurrent requests on the MFA step on $name', (target) => {
  const pages = useSignInPages(target);
  const mfa = mfaSteps(pages);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors: ['Totp', 'BackupCode'], policy: 'Mandatory' });
  });

  /**
   * `count` interactions of the user, each signed in with the password and on its MFA page (one after another: the
   * lockout counts passwords being checked at the same time as failures until they pass).
   */
  const interactions = async (username: string, count: number) => {
    const open = [];
    for (let index = 0; index < count; index++) {
      const { browser, answer } = await mfa.signIn(username);
      open.push({ browser, page: await mfa.mfaPage(browser, answer) });
    }
    return open;
  };

  /** Lets every concurrent attempt be evaluated: only the replay guard may refuse the right one. */
  const roomyLockout = () => pages.patch('', { sentinelPolicy: { maxAttempts: 2 * CONCURRENT, lockoutDuration: 15 } });

  /** Whether the answer ended the interaction (the browser goes back to the provider, not to an MFA page). */
  const finished = (answer: { status: number; location?: string | undefined }) =>
    answer.status === 303 && !answer.location?.includes('/interaction/');

  it('takes one TOTP code once, however many interactions post it at the same time', async () => {
    await roomyLockout();
    const user = await mfa.newUser();
    await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp', secret: SECRET });
    await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'BackupCode' });
    const open = await interactions(user.username, CONCURRENT);
    const code = currentTotpCode(SECRET);
    const answers = await Promise.all(
      open.map(({ browser, page }) => browser.post(mfa.action(page.text, '/mfa/totp/verify'), { code })),
    );
    expect(answers.filter(finished)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(CONCURRENT - 1);
  });

  it('takes one backup code once, however many interactions post it at the same time', async () => {
    await roomyLockout();
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    const { codes, secret } = await mfa.enrol(browser, answer);
    const open = await interactions(user.username, CONCURRENT);
    const code = codes[0] as string;
    const answers = await Promise.all(
      open.map(({ browser, page }) => browser.post(`${page.url}/backup-code/verify`, { code })),
    );
    expect(answers.filter(finished)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(CONCURRENT - 1);
    const stored = await mfa.storedFactors(user.id);
    expect(stored.find(({ type }) => type === 'BackupCode')?.codes?.filter(({ usedAt }) => usedAt)).toHaveLength(1);
    expect(stored.find(({ type }) => type === 'Totp')).toMatchObject({ key: secret });
  });

  it('leaves the user one authenticator app when several interactions bind one each at the same time', async () => {
    await mfa.setMfa({ factors: ['Totp'], policy: 'Mandatory' });
    const user = await mfa.newUser();
    const open = await interactions(user.username, 4);
    const secrets = open.map(({ page }) => mfa.secretOf(page.text));
    expect(new Set(secrets).size).toBe(4);
    const answers = await Promise.all(
      open.map(({ browser, page }, index) =>
        browser.post(mfa.action(page.text, '/mfa/totp/bind'), { code: currentTotpCode(secrets[index] as string) }),
      ),
    );
    const stored = (await mfa.storedFactors(user.id)).filter(({ type }) => type === 'Totp') as { key?: string }[];
    expect(stored).toHaveLength(1);
    // Only the interaction whose secret was kept ends with a login; the others are asked for the kept app's code.
    const kept = secrets.indexOf(stored[0]?.key as string);
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(answers.map(finished)).toEqual(answers.map((_answer, index) => index === kept));
    const loser = open.findIndex((_open, index) => index !== kept) as number;
    const next = await mfa.mfaPage(
      open[loser]?.browser as (typeof open)[number]['browser'],
      answers[loser] as (typeof answers)[number],
    );
    expect(next.text).toContain('Enter the 6-digit code from your authenticator app.');
  });

  it('evaluates no more wrong codes than the lockout policy allows when they arrive at once', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 15 } });
    const user = await mfa.newUser();
    await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp', secret: SECRET });
    const open = await interactions(user.username, CONCURRENT);
    const wrong = currentTotpCode(SECRET) === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      open.map(({ browser, page }) => browser.post(mfa.action(page.text, '/mfa/totp/verify'), { code: wrong })),
    );
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(CONCURRENT - 3);
    const { rows } = await pages
      .db()
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sentinel_activities WHERE tenant_id = 'default' AND target_hash = $1 AND action = 'MfaTotp'`,
        [sentinelTarget('', user.id)],
      );
    expect(rows[0]?.n).toBe(3);
  });
});
