import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { consoleAuthorization, consoleUrls, signInToConsole } from './console-session.js';
import { databases, unique } from './harness.js';
import { Browser, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const PASSWORD = 'correct horse battery';

type Answer = { status: number; headers: Headers; text: string };

/**
 * Every answer of the server carries the security headers, the OpenID providers' own included: they write to the
 * raw response, past the server's usual hooks.
 */
describe.each(databases())('security headers of the sign-in and provider pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let urls: ReturnType<typeof consoleUrls>;
  let username: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    urls = consoleUrls(server.origin);
    username = unique('headers_');
    await createUser(db, 'admin', { username, password: PASSWORD });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  /** The headers every answer must carry; answers the policy's directives by name. */
  const expectSecured = (what: string, answer: Answer) => {
    const policy = answer.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values] as const),
    );
    expect(directives.get('default-src'), `${what}: ${policy}`).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(directives.get('object-src'), what).toEqual(["'none'"]);
    expect(directives.get('script-src')?.[0], what).toBe("'self'");
    expect(policy, what).not.toContain('unsafe');
    expect(answer.headers.get('x-frame-options'), what).toBe('DENY');
    expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(answer.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    return directives;
  };

  /** A page with one inline script runs only because the policy names that script's hash, and nothing else inline. */
  const expectOnlyItsScriptAllowed = (what: string, answer: Answer) => {
    const directives = expectSecured(what, answer);
    const scripts = [...answer.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts, what).toHaveLength(1);
    const digest = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(directives.get('script-src'), what).toEqual(["'self'", `'sha256-${digest}'`]);
  };

  it('on discovery, the signing keys, token errors and unknown provider paths, for both tenants', async () => {
    for (const issuer of [urls.issuer, `${server.origin}/oidc`]) {
      const discovery = await new Browser().get(`${issuer}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expectSecured(`discovery of ${issuer}`, discovery);
      const jwks = await new Browser().get(`${issuer}/jwks`);
      expect(jwks.status).toBe(200);
      expectSecured(`JWKS of ${issuer}`, jwks);
    }
    const token = await new Browser().post(`${urls.issuer}/token`, { grant_type: 'nonsense' });
    expect(token.status).toBe(400);
    expectSecured('token error', token);
    const unknown = await new Browser().get(`${urls.issuer}/no-such-endpoint`);
    expect(unknown.status).toBe(404);
    expectSecured('unknown provider path', unknown);
  });

  it('on the provider’s error page and the sign-in pages', async () => {
    const browser = new Browser();
    const error = await browser.get(`${urls.issuer}/auth?client_id=nope&response_type=code&scope=openid`);
    expect(error.status).toBe(400);
    expect(error.text).toContain('invalid_client');
    expectSecured('provider error page', error);

    const signIn = await browser.follow(consoleAuthorization(server.origin, { prompt: 'login' }).url);
    expect(signIn.text).toContain('Sign in');
    expectSecured('sign-in page', signIn);
    const stale = await browser.get(`${server.origin}/t/admin/interaction/not-a-real-uid`);
    expect(stale.status).toBe(400);
    expectSecured('expired sign-in page', stale);
  });

  it('on form_post authorization responses, whose one inline script the policy allows by its hash', async () => {
    const { browser } = await signInToConsole(server.origin, username, PASSWORD);
    const { url, state } = consoleAuthorization(server.origin, { prompt: 'none', response_mode: 'form_post' });
    const answer = await browser.follow(url);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`action="${urls.callback}"`);
    expect(answer.text).toContain(`name="state" value="${state}"`);
    expect(answer.text).toContain('name="code"');
    expectOnlyItsScriptAllowed('form_post with a code', answer);

    const refused = await new Browser().follow(
      consoleAuthorization(server.origin, { prompt: 'none', response_mode: 'form_post' }).url,
    );
    expect(refused.text).toContain('name="error" value="login_required"');
    expectOnlyItsScriptAllowed('form_post with an error', refused);
  });

  it('on the end-session pages', async () => {
    const { browser } = await signInToConsole(server.origin, username, PASSWORD);
    const confirm = await browser.get(`${urls.issuer}/session/end`);
    expect(confirm.text).toContain('Do you want to sign out');
    expectSecured('sign-out confirmation', confirm);
    // Without a session the provider answers with a self-submitting form.
    const anonymous = await new Browser().get(`${urls.issuer}/session/end`);
    expect(anonymous.status).toBe(200);
    expectOnlyItsScriptAllowed('sign-out without a session', anonymous);
    const done = await browser.get(`${urls.issuer}/session/end/success`);
    expect(done.text).toContain('You have signed out.');
    expectSecured('signed-out page', done);
  });
});
