/**
 * The MFA step's secrets stay where they belong: an authenticator app's secret on its setup page, backup codes on
 * the page that shows them, a passkey challenge on its own page. None of them reaches the audit log, the server's
 * log, or another page of the flow, whether the codes posted are right or wrong.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { backupCodeDigest } from '../../src/entities/user/server/account/backup-codes.js';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { databases } from './harness.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';

describe.each(databases())('secrets of the MFA step on $name', (target) => {
  const logLines: string[] = [];
  const pages = useSignInPages(target, () => ({
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  }));
  const mfa = mfaSteps(pages);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors: ['WebAuthn', 'Totp', 'BackupCode'], policy: 'Mandatory' });
  });

  const challengeOf = (text: string) => {
    const json = text.match(/<script type="application\/json" id="webauthn-options">(.*?)<\/script>/s)?.[1];
    return (JSON.parse(json as string) as { challenge: string }).challenge;
  };

  it('keeps TOTP secrets, backup codes and passkey challenges out of the logs and the other pages', async () => {
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    const choice = await mfa.mfaPage(browser, answer);
    const base = choice.url;
    // A passkey page, and a refused answer to it.
    const passkey = await browser.get(`${base}/webauthn/bind`);
    const challenge = challengeOf(passkey.text);
    expect((await browser.post(`${base}/webauthn/bind`, { response: '{"id":"x"}' })).status).toBe(400);
    // The authenticator app: a wrong code, then the right one; then the backup codes.
    const setup = await browser.get(`${base}/totp/bind`);
    const secret = mfa.secretOf(setup.text);
    const wrong = currentTotpCode(secret) === '000000' ? '111111' : '000000';
    const refused = await browser.post(`${base}/totp/bind`, { code: wrong });
    expect(refused.status).toBe(400);
    const bound = await browser.post(`${base}/totp/bind`, { code: currentTotpCode(secret) });
    const codesPage = await mfa.mfaPage(browser, bound);
    const codes = mfa.backupCodesOf(codesPage.text) as string[];
    expect(codesPage.text).not.toContain(secret);
    await mfa.expectFinished(browser, await browser.post(`${base}/backup-code/bind`, {}));

    // The next sign-in: wrong and right backup codes.
    const again = await mfa.signIn(user.username);
    const verify = await mfa.mfaPage(again.browser, again.answer);
    const seen = [verify.text];
    seen.push((await again.browser.post(`${verify.url}/backup-code/verify`, { code: 'abcdef0123' })).text);
    const used = await again.browser.post(`${verify.url}/backup-code/verify`, { code: codes[0] as string });
    await mfa.expectFinished(again.browser, used);

    await pages.app().auditLog.flush();
    const { rows } = await pages
      .db()
      .query<{ payload: string }>(`SELECT payload::text AS payload FROM logs WHERE user_id = $1`, [user.id]);
    expect(rows.length).toBeGreaterThan(5);
    expect(logLines.length).toBeGreaterThan(0);
    const secrets = [secret, challenge, ...codes, ...codes.map(backupCodeDigest)];
    for (const [where, text] of [
      ['audit log', rows.map((row) => row.payload).join('\n')],
      ['server log', logLines.join('\n')],
      ['other pages', seen.join('\n')],
    ] as const) {
      for (const value of secrets) expect(text, `${where} holds ${value}`).not.toContain(value);
    }
  });
});
