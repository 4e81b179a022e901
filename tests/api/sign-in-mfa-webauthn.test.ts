/**
 * Passkeys (WebAuthn) as an MFA factor on the sign-in pages: bound at registration, verified at the next sign-in,
 * stored as Logto stores them; replayed or foreign assertions refused; failures counted by the lockout policy; the
 * choice between a passkey and an authenticator app; the audit log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { sentinelTarget } from '../../src/server/interaction/sentinel.js';
import { databases } from './harness.js';
import { passkeySteps } from './sign-in-mfa-passkey-steps.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';

type Stored = {
  id: string;
  createdAt: string;
  type: string;
  credentialId?: string;
  counter?: number;
  lastUsedAt?: string;
};

describe.each(databases())('passkeys on the sign-in pages on $name', (target) => {
  const pages = useSignInPages(target);
  const mfa = mfaSteps(pages);
  const passkeys = passkeySteps(mfa, pages.origin);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors: ['WebAuthn'], policy: 'Mandatory' });
  });

  const userIdOf = async (username: string) => {
    const { rows } = await pages
      .db()
      .query<{ id: string }>(`SELECT id FROM users WHERE tenant_id = 'default' AND username = $1`, [username]);
    return rows[0]?.id as string;
  };

  /** Registers and binds a passkey (and saves backup codes where they are offered). */
  const registered = async () => {
    const authenticator = passkeys.newAuthenticator();
    const { browser, answer, username } = await mfa.register();
    let next = await passkeys.bind(browser, await mfa.mfaPage(browser, answer), authenticator);
    let codes: string[] = [];
    if (next.status === 303 && next.location?.endsWith('/mfa')) {
      const codesPage = await mfa.mfaPage(browser, next);
      expect(codesPage.text).toContain('Save your backup codes');
      codes = mfa.backupCodesOf(codesPage.text) as string[];
      next = await browser.post(mfa.action(codesPage.text, '/mfa/backup-code/bind'), {});
    }
    await mfa.expectFinished(browser, next);
    return { authenticator, username, id: await userIdOf(username), codes };
  };

  /** Signs in with the password and lands on the passkey page. */
  const toVerification = async (username: string) => {
    const { browser, answer } = await mfa.signIn(username);
    return { browser, page: await mfa.mfaPage(browser, answer) };
  };

  const stored = async (userId: string) => (await mfa.storedFactors(userId)) as unknown as Stored[];

  it('binds a passkey at registration under Mandatory, stores it as Logto does, and verifies it at sign-in', async () => {
    const user = await registered();
    const [passkey] = await stored(user.id);
    expect(passkey).toEqual({
      id: expect.stringMatching(/^\w{21}$/),
      createdAt: expect.any(String),
      type: 'WebAuthn',
      rpId: new URL(pages.origin()).hostname,
      credentialId: user.authenticator.credentialId,
      publicKey: expect.stringMatching(/^[\w-]+$/),
      counter: 0,
      agent: expect.any(String),
      transports: ['internal'],
    });
    const listed = await pages.api('', 'GET', `/users/${user.id}/mfa-verifications`);
    expect(listed.json()).toEqual([
      { id: passkey?.id, createdAt: passkey?.createdAt, type: 'WebAuthn', agent: expect.any(String) },
    ]);

    const { browser, page } = await toVerification(user.username);
    expect(page.text).toContain('<script src="/interaction-assets/webauthn.js"');
    expect(passkeys.optionsOf(page.text).allowCredentials?.map(({ id }) => id)).toEqual([
      user.authenticator.credentialId,
    ]);
    const { answer } = await passkeys.verify(browser, page, user.authenticator);
    await mfa.expectFinished(browser, answer);
    const [used] = await stored(user.id);
    expect(used).toMatchObject({ counter: 1, lastUsedAt: expect.stringMatching(/^\d{4}-/) });
    const relisted = await pages.api('', 'GET', `/users/${user.id}/mfa-verifications`);
    expect(relisted.json()[0]).toMatchObject({ lastUsedAt: used?.lastUsedAt });
  });

  it('offers backup codes after a passkey, as after an authenticator app', async () => {
    await mfa.setMfa({ factors: ['WebAuthn', 'BackupCode'], policy: 'Mandatory' });
    const user = await registered();
    expect(user.codes).toHaveLength(10);
    expect((await stored(user.id)).map(({ type }) => type)).toEqual(['WebAuthn', 'BackupCode']);
    const { browser, page } = await toVerification(user.username);
    expect(page.text).toContain('Use a backup code');
    const backupPage = await browser.get(new URL(page.url.replace(/\/mfa$/, '/mfa/backup-code/verify')).href);
    const used = await browser.post(mfa.action(backupPage.text, '/mfa/backup-code/verify'), {
      code: user.codes[0] as string,
    });
    await mfa.expectFinished(browser, used);
  });

  it('refuses an assertion over another challenge, a replayed one, and a counter that did not grow', async () => {
    const user = await registered();
    const first = await toVerification(user.username);
    const foreign = await passkeys.verify(first.browser, first.page, user.authenticator, {
      challenge: 'b3RoZXItY2hhbGxlbmdl',
    });
    expect(foreign.answer.status).toBe(400);
    expect(foreign.answer.text).toContain('The passkey could not be verified. Try again.');
    // The refused page came with a new challenge, which the passkey answers.
    const passed = await passkeys.verify(first.browser, foreign.answer, user.authenticator);
    await mfa.expectFinished(first.browser, passed.answer);
    const counter = (await stored(user.id))[0]?.counter as number;
    expect(counter).toBeGreaterThan(0);

    // The same assertion again, in another interaction: its challenge was that interaction's, and is spent.
    const second = await toVerification(user.username);
    const replayed = await passkeys.verify(second.browser, second.page, user.authenticator, {
      response: passed.response,
    });
    expect(replayed.answer.status).toBe(400);
    // The right challenge with a signature counter that did not grow (a cloned authenticator).
    const cloned = await passkeys.verify(second.browser, replayed.answer, user.authenticator, { counter });
    expect(cloned.answer.status).toBe(400);
    expect((await stored(user.id))[0]).toMatchObject({ counter });

    await pages.app().auditLog.flush();
    const { rows } = await pages.db().query<{ message: string }>(
      `SELECT payload->'error'->>'message' AS message FROM logs WHERE tenant_id = 'default' AND user_id = $1
           AND key = 'Interaction.SignIn.Verification.WebAuthn.Submit' AND result = 'Error' ORDER BY created_at, id`,
      [user.id],
    );
    expect(rows.map(({ message }) => message).sort()).toEqual(['challenge', 'challenge', 'counter']);
  });

  it('accepts a passkey made on one of the account center’s related origins, and no other origin', async () => {
    const related = 'https://account.example.com';
    const patched = await pages.api('', 'PATCH', '/account-center', { webauthnRelatedOrigins: [related] });
    expect(patched.status, patched.text).toBe(200);
    try {
      const authenticator = passkeys.newAuthenticator();
      const { browser, answer } = await mfa.register();
      const page = await mfa.mfaPage(browser, answer);
      const post = (origin: string, text: string) => {
        const response = authenticator.register({ challenge: passkeys.optionsOf(text).challenge, origin });
        return browser.post(mfa.action(text, '/mfa/webauthn/bind'), { response: JSON.stringify(response) });
      };
      const foreign = await post('https://elsewhere.example.com', page.text);
      expect(foreign.status).toBe(400);
      await mfa.expectFinished(browser, await post(related, foreign.text));
    } finally {
      await pages.api('', 'PATCH', '/account-center', { webauthnRelatedOrigins: [] });
    }
  });

  it('counts refused assertions against the lockout policy, in a pool of their own', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 15 } });
    const user = await registered();
    const { browser, page } = await toVerification(user.username);
    let current: { text: string } = page;
    for (const status of [400, 400, 429]) {
      const { answer } = await passkeys.verify(browser, current, user.authenticator, { challenge: 'd3Jvbmc' });
      expect(answer.status).toBe(status);
      current = answer;
    }
    expect(current.text).toContain('Too many failed sign-in attempts');
    // The right passkey waits for the lock to end too.
    const other = await toVerification(user.username);
    expect((await passkeys.verify(other.browser, other.page, user.authenticator)).answer.status).toBe(429);
    const { rows } = await pages.db().query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM sentinel_activities
         WHERE tenant_id = 'default' AND target_hash = $1 AND action_result = 'Failed' GROUP BY action`,
      [sentinelTarget('', user.id)],
    );
    expect(rows).toEqual([{ action: 'WebAuthn', n: 3 }]);
  });

  it('records the passkey steps with Logto’s log keys', async () => {
    const user = await registered();
    const { browser, page } = await toVerification(user.username);
    await mfa.expectFinished(browser, (await passkeys.verify(browser, page, user.authenticator)).answer);
    const logs = await mfa.logsOf(user.id);
    const expected = [
      ['Interaction.Register.Verification.WebAuthn.Create', 'Success'],
      ['Interaction.Register.Verification.WebAuthn.Submit', 'Success'],
      ['Interaction.Register.BindMfa.WebAuthn.Submit', 'Success'],
      ['Interaction.Register.Submit', 'Success'],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success'],
      ['Interaction.SignIn.Verification.WebAuthn.Create', 'Success'],
      ['Interaction.SignIn.Verification.WebAuthn.Submit', 'Success'],
      ['Interaction.SignIn.Submit', 'Success'],
    ];
    expect(logs).toHaveLength(expected.length);
    expect(logs).toEqual(expect.arrayContaining(expected));
  });

  it('lets a user choose a passkey or an authenticator app, and verify with either', async () => {
    await mfa.setMfa({ factors: ['Totp', 'WebAuthn'], policy: 'Mandatory' });
    const { browser, answer, username } = await mfa.register();
    const choice = await mfa.mfaPage(browser, answer);
    expect(choice.text).toContain('Set up 2-step verification');
    expect(choice.text).not.toContain('Other ways to verify');
    const links = [...choice.text.matchAll(/<a class="button secondary" href="([^"]+)">([^<]+)<\/a>/g)];
    expect(links.map((link) => link[2])).toEqual(['Authenticator app', 'Passkey']);
    const authenticator = passkeys.newAuthenticator();
    const bindPage = await browser.get(new URL(links[1]?.[1] as string, pages.origin()).href);
    await mfa.expectFinished(browser, await passkeys.bind(browser, bindPage, authenticator));
    const id = await userIdOf(username);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const added = await pages.api('', 'POST', `/users/${id}/mfa-verifications`, { type: 'Totp', secret });
    expect(added.status, added.text).toBe(200);

    // The passkey first, with the app among the other ways.
    const withPasskey = await toVerification(username);
    expect(withPasskey.page.text).toContain('Other ways to verify');
    expect(withPasskey.page.text).toContain('Use your authenticator app');
    const passed = await passkeys.verify(withPasskey.browser, withPasskey.page, authenticator);
    await mfa.expectFinished(withPasskey.browser, passed.answer);

    const withApp = await toVerification(username);
    const appHref = withApp.page.text.match(/<a href="([^"]+\/mfa\/totp\/verify)">/)?.[1] as string;
    const appPage = await withApp.browser.get(new URL(appHref, pages.origin()).href);
    expect(appPage.text).toContain('Use a passkey');
    const code = currentTotpCode(secret);
    const verified = await withApp.browser.post(mfa.action(appPage.text, '/mfa/totp/verify'), { code });
    await mfa.expectFinished(withApp.browser, verified);
  });
});
