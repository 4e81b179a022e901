/**
 * The MFA factors on the sign-in pages: binding TOTP and backup codes, verifying them at the next sign-in, wrong and
 * replayed codes, used backup codes, lockout, and the audit log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { sentinelTarget } from '../../src/server/interaction/sentinel.js';
import { databases } from './harness.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';
import { startReceiver } from './webhook-receiver.js';

const factors = ['Totp', 'BackupCode'];
const NEXT_STEP = 30_000;

describe.each(databases())('MFA factors on the sign-in pages on $name', (target) => {
  const pages = useSignInPages(target);
  const mfa = mfaSteps(pages);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors, policy: 'Mandatory' });
  });

  /** A user with TOTP and backup codes bound through the pages. */
  const enrolledUser = async () => {
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    return { ...user, ...(await mfa.enrol(browser, answer)) };
  };

  /** Signs in with the password and lands on the TOTP verification page. */
  const toVerification = async (username: string, backupCodes = true) => {
    const { browser, answer } = await mfa.signIn(username);
    const page = await mfa.mfaPage(browser, answer);
    expect(page.text).toContain('Enter the 6-digit code from your authenticator app.');
    expect(page.text.includes('Use a backup code')).toBe(backupCodes);
    return {
      browser,
      page,
      submit: (code: string) => browser.post(mfa.action(page.text, '/mfa/totp/verify'), { code }),
    };
  };

  it('binds TOTP and backup codes, stores them as Logto does, and verifies TOTP at the next sign-in', async () => {
    const user = await enrolledUser();
    const stored = await mfa.storedFactors(user.id);
    expect(stored.map(({ type }) => type)).toEqual(['Totp', 'BackupCode']);
    expect(stored[0]).toMatchObject({ type: 'Totp', key: user.secret, id: expect.any(String) });
    // Backup codes are kept as digests only.
    expect(JSON.stringify(stored)).not.toContain(user.codes[0]);
    expect(stored[1]?.codes).toHaveLength(10);

    const { browser, submit } = await toVerification(user.username);
    const next = await submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP));
    await mfa.expectFinished(browser, next);
  });

  it('verifies a TOTP factor added through the management API, then asks for backup codes it lacks', async () => {
    const user = await mfa.newUser();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const added = await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp', secret });
    expect(added.status, added.text).toBe(200);
    const { browser, submit } = await toVerification(user.username, false);
    const verified = await submit(currentTotpCode(secret));
    const codesPage = await mfa.mfaPage(browser, verified);
    expect(codesPage.text).toContain('Save your backup codes');
    expect(codesPage.text).not.toContain('Skip for now');
    const saved = await browser.post(mfa.action(codesPage.text, '/mfa/backup-code/bind'), {});
    await mfa.expectFinished(browser, saved);
    const listed = await pages.api('', 'GET', `/users/${user.id}/mfa-verifications`);
    expect(listed.json()).toEqual([
      expect.objectContaining({ type: 'Totp' }),
      expect.objectContaining({ type: 'BackupCode', remainCodes: 10 }),
    ]);
  });

  it('refuses a wrong code with a form error, and a code already used', async () => {
    const user = await enrolledUser();
    const { browser, submit } = await toVerification(user.username);
    const wrong = await submit('000000' === currentTotpCode(user.secret) ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('The code is wrong or was already used.');
    expect(wrong.text).toContain('aria-invalid="true"');
    // The code that bound the factor cannot sign in again within its window.
    const replayed = await submit(user.code);
    expect(replayed.status).toBe(400);
    const fresh = await submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP));
    await mfa.expectFinished(browser, fresh);
    // Nor can that one, in another interaction.
    const again = await toVerification(user.username);
    expect((await again.submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP))).status).toBe(400);
  });

  it('signs in with a backup code once; the used code is refused the second time', async () => {
    const user = await enrolledUser();
    const first = await toVerification(user.username);
    const backupPage = await first.browser.get(
      new URL(first.page.url.replace(/\/mfa$/, '/mfa/backup-code/verify')).href,
    );
    expect(backupPage.text).toContain('Enter one of your backup codes.');
    const code = user.codes[3] as string;
    const used = await first.browser.post(mfa.action(backupPage.text, '/mfa/backup-code/verify'), { code });
    await mfa.expectFinished(first.browser, used);
    const stored = await mfa.storedFactors(user.id);
    expect(stored[1]?.codes?.filter((c) => c.usedAt)).toHaveLength(1);

    const second = await toVerification(user.username);
    const again = await second.browser.post(new URL(`${second.page.url}/backup-code/verify`).href, { code });
    expect(again.status).toBe(400);
    expect(again.text).toContain('This backup code is wrong or was already used.');
  });

  it('counts wrong codes against the lockout policy, apart from passwords', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 15 } });
    const user = await enrolledUser();
    const { submit } = await toVerification(user.username);
    expect((await submit('000001')).status).toBe(400);
    expect((await submit('000002')).status).toBe(400);
    const locked = await submit('000003');
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many failed sign-in attempts');
    // Even the right code waits for the lock to end; the password still passes (its own count).
    const other = await toVerification(user.username);
    expect((await other.submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP))).status).toBe(429);
    const { rows } = await pages.db().query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM sentinel_activities
         WHERE tenant_id = 'default' AND target_hash = $1 AND action_result = 'Failed' GROUP BY action`,
      [sentinelTarget('', user.id)],
    );
    expect(rows).toEqual([{ action: 'MfaTotp', n: 3 }]);
  });

  it('records the factors’ steps with Logto’s log keys, and the sign-in once', async () => {
    const user = await enrolledUser();
    const { browser, submit } = await toVerification(user.username);
    await submit('000000' === currentTotpCode(user.secret) ? '111111' : '000000');
    await mfa.expectFinished(browser, await submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP)));
    const logs = await mfa.logsOf(user.id);
    // Entries of one millisecond have no order among them: compared as a whole.
    const expected = [
      ['Interaction.SignIn.Verification.Password.Submit', 'Success'],
      ['Interaction.SignIn.Verification.Totp.Create', 'Success'],
      ['Interaction.SignIn.Verification.Totp.Submit', 'Success'],
      ['Interaction.SignIn.BindMfa.Totp.Submit', 'Success'],
      ['Interaction.SignIn.Verification.BackupCode.Create', 'Success'],
      ['Interaction.SignIn.BindMfa.BackupCode.Submit', 'Success'],
      ['Interaction.SignIn.Submit', 'Success'],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success'],
      ['Interaction.SignIn.Verification.Totp.Submit', 'Error', 'session.mfa.invalid_totp_code'],
      ['Interaction.SignIn.Verification.Totp.Submit', 'Success'],
      ['Interaction.SignIn.Submit', 'Success'],
    ];
    expect(logs).toHaveLength(expected.length);
    expect(logs).toEqual(expect.arrayContaining(expected));
    expect(logs.filter(([key]) => key === 'Interaction.SignIn.Submit')).toHaveLength(2);
  });

  it('announces the sign-in once, when the interaction ends, without the user’s MFA secrets', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await pages.api('', 'POST', '/hooks', {
        name: 'Sign-ins',
        events: ['PostSignIn'],
        config: { url: receiver.url },
      });
      expect(hook.status, hook.text).toBe(201);
      const user = await enrolledUser();
      const { browser, submit } = await toVerification(user.username);
      await pages.app().webhooks.idle();
      expect(receiver.bodies.filter((body) => body.userId === user.id)).toHaveLength(1);
      await mfa.expectFinished(browser, await submit(currentTotpCode(user.secret, Date.now() + NEXT_STEP)));
      await pages.app().webhooks.idle();
      const bodies = receiver.bodies.filter((body) => body.userId === user.id);
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toMatchObject({ event: 'PostSignIn', interactionEvent: 'SignIn' });
      expect(JSON.stringify(bodies)).not.toContain(user.secret);
      expect(bodies[1]?.user).not.toHaveProperty('mfaVerifications');
    } finally {
      await receiver.close();
    }
  });

  it('binds at registration, and records the registration when the interaction ends', async () => {
    const registered = await mfa.register();
    const result = await mfa.enrol(registered.browser, registered.answer);
    expect(result.codes).toHaveLength(10);
    const { rows } = await pages
      .db()
      .query<{ id: string }>(`SELECT id FROM users WHERE tenant_id = 'default' AND username = $1`, [
        registered.username,
      ]);
    const logs = await mfa.logsOf(rows[0]?.id as string);
    expect(logs.map(([key]) => key).sort()).toEqual(
      [
        'Interaction.Register.Verification.Totp.Create',
        'Interaction.Register.Verification.Totp.Submit',
        'Interaction.Register.BindMfa.Totp.Submit',
        'Interaction.Register.Verification.BackupCode.Create',
        'Interaction.Register.BindMfa.BackupCode.Submit',
        'Interaction.Register.Submit',
      ].sort(),
    );
  });
});
