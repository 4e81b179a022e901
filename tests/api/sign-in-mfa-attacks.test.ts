/**
 * Ways around the MFA step, tried as an attacker who knows the password: the provider's resume URL, the other
 * forms of the interaction, factors the step does not offer, a second interaction, another tenant's URL, and
 * bodies the forms never send. The interaction ends with a login only after the user's factor.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { databases } from './harness.js';
import { passkeySteps } from './sign-in-mfa-passkey-steps.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { CALLBACK, useSignInPages } from './sign-in-pages-steps.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';

describe.each(databases())('attacks on the MFA step of the sign-in pages on $name', (target) => {
  const pages = useSignInPages(target);
  const mfa = mfaSteps(pages);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors: ['Totp', 'BackupCode'], policy: 'Mandatory' });
  });

  /** A user with an authenticator app, signed in with the password and waiting on the verification page. */
  const atVerification = async () => {
    const user = await mfa.newUser();
    const added = await pages.api('', 'POST', `/users/${user.id}/mfa-verifications`, { type: 'Totp', secret: SECRET });
    expect(added.status, added.text).toBe(200);
    const { browser, answer } = await mfa.signIn(user.username);
    const page = await mfa.mfaPage(browser, answer);
    expect(page.text).toContain('Enter the 6-digit code from your authenticator app.');
    const base = page.url.replace(/\/mfa$/, '');
    return { user, browser, page, base };
  };

  /** No hop of `url` reaches the application with a code. */
  const expectNoCode = async (browser: Awaited<ReturnType<typeof atVerification>>['browser'], url: string) => {
    const end = await browser.follow(url, CALLBACK);
    const location = end.location ?? '';
    expect(location.startsWith(CALLBACK) && new URL(location).searchParams.has('code'), location).toBe(false);
    return end;
  };

  it('does not end the interaction before the factor, whatever else the browser sends', async () => {
    const { user, browser, page, base } = await atVerification();
    const form = { code: currentTotpCode(SECRET), secret: 'AAAAAAAAAAAAAAAA', userId: 'other', verified: 'true' };
    // Other factors' pages, the bind pages of a user who has a factor, the skip and consent forms.
    for (const path of ['/mfa/backup-code/verify', '/mfa/webauthn/verify', '/mfa/totp/bind', '/mfa/backup-code/bind']) {
      const answer = await browser.post(`${base}${path}`, form);
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe(page.url);
    }
    // No skipping a verification, even where the tenant lets users skip setting a factor up.
    for (const policy of ['Mandatory', 'UserControlled', 'PromptAtSignInAndSignUp']) {
      await mfa.setMfa({ factors: ['Totp', 'BackupCode'], policy });
      expect((await browser.post(`${base}/mfa/skip`, {})).status, policy).toBe(422);
    }
    expect((await browser.post(`${base}/consent`, {})).status).toBeGreaterThanOrEqual(400);
    // The password again: back to the same step, nothing carried over.
    const again = await browser.post(`${base}/sign-in`, {
      identifier: user.username,
      password: 'Long-enough-passw0rd',
    });
    expect(again.location).toBe(page.url);
    // The provider's resume URL, before any login result: the browser is asked to sign in afresh.
    const uid = base.split('/').pop() as string;
    await expectNoCode(browser, `${pages.origin()}/oidc/auth/${uid}`);
    expect(await mfa.storedFactors(user.id)).toHaveLength(1);
  });

  it('keeps each interaction to its own step: another one verified, an older one, the abort form', async () => {
    await mfa.setMfa({ factors: ['Totp'], policy: 'Mandatory' });
    const { user, browser, base, page } = await atVerification();
    // Another interaction of the same user verifies; this one still waits for its own code.
    const other = await mfa.signIn(user.username);
    const otherPage = await mfa.mfaPage(other.browser, other.answer);
    const verified = await other.browser.post(mfa.action(otherPage.text, '/mfa/totp/verify'), {
      code: currentTotpCode(SECRET),
    });
    await mfa.expectFinished(other.browser, verified);
    expect((await browser.get(page.url)).text).toContain('Enter the 6-digit code from your authenticator app.');
    // Aborting instead of verifying sends the application an error, never a code; the interaction is then gone.
    const aborted = await browser.post(`${base}/abort`, {});
    expect(aborted.status).toBe(303);
    const back = await expectNoCode(browser, aborted.location as string);
    expect(back.location).toContain('error=access_denied');
    const stale = await browser.post(`${base}/mfa/totp/verify`, { code: currentTotpCode(SECRET, Date.now() + 30_000) });
    expect(stale.status).toBe(400);
    // The finished interaction's pages are gone too.
    const again = await other.browser.post(mfa.action(otherPage.text, '/mfa/totp/verify'), {
      code: currentTotpCode(SECRET, Date.now() + 60_000),
    });
    expect(again.status).toBe(400);
  });

  it('binds only the secret its own interaction showed, and verifies only the user’s own passkey', async () => {
    // Two interactions of one user on the authenticator app's setup page: a code of the other's secret is refused.
    const user = await mfa.newUser();
    const [first, second] = [await mfa.signIn(user.username), await mfa.signIn(user.username)];
    const firstPage = await mfa.mfaPage(first.browser, first.answer);
    const secondPage = await mfa.mfaPage(second.browser, second.answer);
    const foreign = currentTotpCode(mfa.secretOf(firstPage.text));
    const refused = await second.browser.post(mfa.action(secondPage.text, '/mfa/totp/bind'), { code: foreign });
    expect(refused.status).toBe(400);
    expect(await mfa.storedFactors(user.id)).toEqual([]);

    // A passkey registered by one user, offered on another user's verification page, is refused.
    await mfa.setMfa({ factors: ['WebAuthn'], policy: 'Mandatory' });
    const passkeys = passkeySteps(mfa, pages.origin);
    const enrolled = [];
    for (const _ of [0, 1]) {
      const authenticator = passkeys.newAuthenticator();
      const registered = await mfa.register();
      const bound = await passkeys.bind(
        registered.browser,
        await mfa.mfaPage(registered.browser, registered.answer),
        authenticator,
      );
      await mfa.expectFinished(registered.browser, bound);
      enrolled.push({ authenticator, username: registered.username });
    }
    const [owner, victim] = enrolled as [(typeof enrolled)[number], (typeof enrolled)[number]];
    const signedIn = await mfa.signIn(victim.username);
    const page = await mfa.mfaPage(signedIn.browser, signedIn.answer);
    const { answer } = await passkeys.verify(signedIn.browser, page, owner.authenticator);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('Verify with your passkey');
  });

  it('answers malformed passkey responses with the page and a form error', async () => {
    await mfa.setMfa({ factors: ['WebAuthn'], policy: 'Mandatory' });
    const passkeys = passkeySteps(mfa, pages.origin);
    const authenticator = passkeys.newAuthenticator();
    const registered = await mfa.register();
    const bindPage = await mfa.mfaPage(registered.browser, registered.answer);
    const b64 = (value: string) => Buffer.from(value).toString('base64url');
    const malformed = [
      '',
      '{',
      '[]',
      'null',
      '"text"',
      '{"id":1,"rawId":[],"response":null,"type":"public-key"}',
      JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!!' } }),
      JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: b64('not json') } }),
      JSON.stringify({ id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: b64('{"type":1}') } }),
      JSON.stringify({ id: '\u0000', rawId: '\u0000', type: 'public-key', response: {}, clientExtensionResults: 5 }),
    ];
    for (const response of malformed) {
      const answer = await registered.browser.post(`${bindPage.url}/webauthn/bind`, { response });
      expect(answer.status, `bind ${response}`).toBe(400);
    }
    const bound = await passkeys.bind(
      registered.browser,
      await registered.browser.get(bindPage.url).then((page) => ({ ...page, url: bindPage.url })),
      authenticator,
    );
    await mfa.expectFinished(registered.browser, bound);
    const signedIn = await mfa.signIn(registered.username);
    const verifyPage = await mfa.mfaPage(signedIn.browser, signedIn.answer);
    for (const response of malformed) {
      const answer = await signedIn.browser.post(`${verifyPage.url}/webauthn/verify`, { response });
      // Each counts towards the lockout, which ends the series with its own page.
      expect([400, 429], `verify ${response}`).toContain(answer.status);
    }
  });

  it('refuses a tenant’s interaction at another tenant’s address, even with its cookie', async () => {
    const { base, browser } = await atVerification();
    const path = new URL(base).pathname;
    const cookies = (browser as unknown as { cookies: Map<string, { name: string; value: string }> }).cookies;
    const cookie = [...cookies.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
    for (const url of [`/t/acme${path}/mfa`, `/t/acme${path}/mfa/totp/verify`]) {
      const answer = await fetch(`${pages.origin()}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: `code=${currentTotpCode(SECRET)}`,
        redirect: 'manual',
      });
      expect([400, 404], url).toContain(answer.status);
    }
  });

  it('answers bodies the forms never send with a 4xx page, never a server error', async () => {
    const { base, browser } = await atVerification();
    const cookies = (browser as unknown as { cookies: Map<string, { name: string; value: string }> }).cookies;
    const cookie = [...cookies.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
    const send = (path: string, contentType: string, body: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': contentType },
        body,
        redirect: 'manual',
      });
    const json = 'application/json';
    const bodies: [string, string, string][] = [
      ['/mfa/totp/verify', json, JSON.stringify({ code: ['123456', '654321'] })],
      ['/mfa/totp/verify', json, JSON.stringify({ code: { $gt: '' } })],
      ['/mfa/totp/verify', json, '[1,2,3]'],
      ['/mfa/totp/verify', json, 'null'],
      ['/mfa/totp/verify', 'application/x-www-form-urlencoded', `code=${'٣'.repeat(6)}`],
      ['/mfa/totp/verify', 'application/x-www-form-urlencoded', `code=${'9'.repeat(70_000)}`],
      [
        '/mfa/totp/verify',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\n1\r\n--x--',
      ],
      ['/mfa/totp/verify', 'text/plain', 'code=123456'],
      ['/mfa/backup-code/verify', json, JSON.stringify({ code: 1234567890 })],
      ['/mfa/webauthn/verify', json, JSON.stringify({ response: { id: 1 } })],
      ['/mfa/skip', json, JSON.stringify({ skip: [true] })],
      ['/sign-in', json, JSON.stringify({ identifier: 123, password: ['x'] })],
      ['/sign-in', json, JSON.stringify({ identifier: ['a', 'b'], password: 'x' })],
      ['/sign-in', json, JSON.stringify({ identifier: 'a', password: { x: 1 } })],
      ['/register', json, JSON.stringify({ username: ['a'], password: 1, passwordConfirm: true })],
      ['/consent', json, '{}'],
    ];
    for (const [path, type, body] of bodies) {
      const answer = await send(path, type, body);
      expect(answer.status, `${path} ${type} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(300);
      expect(answer.status, `${path} ${type} ${body.slice(0, 60)}`).toBeLessThan(500);
    }
  });
});
