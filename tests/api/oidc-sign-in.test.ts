import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { Browser, formAction, pkce, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

const DEFAULT_API = 'https://default.gatehouse.internal/api';
const PASSWORD = 'correct horse battery';

describe.each(databases())('sign-in pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let issuer: string;
  let callback: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    issuer = `${server.origin}/t/admin/oidc`;
    callback = `${server.origin}/console/callback`;
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  /** The console's authorization request, as its OIDC client library sends it. */
  const startSignIn = async (browser: Browser, extra: Record<string, string> = {}) => {
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString('hex');
    const params = new URLSearchParams({
      client_id: 'admin-console',
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid offline_access profile email all',
      resource: DEFAULT_API,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      prompt: 'login consent',
      ...extra,
    });
    const page = await browser.follow(`${issuer}/auth?${params}`);
    expect(page.status, page.text).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${server.origin}/t/admin/interaction/[\\w-]+$`));
    return { page, verifier, state };
  };

  /**
   * From a submitted login form's redirect to the app's callback. The console is the tenant's own app: no consent
   * page on the way, however often the user signs in. Returns the code.
   */
  const toCallback = async (browser: Browser, afterLogin: string | undefined, state: string) => {
    expect(afterLogin).toBeDefined();
    const back = await browser.follow(afterLogin as string, callback);
    expect(back.status, back.text).toBe(303);
    expect(back.location?.startsWith(callback), back.text).toBe(true);
    const url = new URL(back.location as string);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('iss')).toBe(issuer);
    const code = url.searchParams.get('code');
    expect(code).toBeTruthy();
    return code as string;
  };

  const exchange = (code: string, verifier: string) =>
    postForm(`${issuer}/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: callback,
      client_id: 'admin-console',
    });

  const verifyManagementToken = async (token: string) => {
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), {
      issuer,
      audience: DEFAULT_API,
    });
    return payload;
  };

  const signIn = async (browser: Browser, identifier: string, password: string) => {
    const { page, state, verifier } = await startSignIn(browser);
    const submitted = await browser.post(formAction(page.text, server.origin, '/sign-in'), { identifier, password });
    return { page, submitted, state, verifier };
  };

  let adminId: string;
  /** The first administrator's token for the default tenant's management API. */
  let managementToken: string;

  it('registers the first administrator in the admin tenant, then issues the console its tokens', async () => {
    const browser = new Browser();
    const { page, state, verifier } = await startSignIn(browser, { first_screen: 'register' });
    expect(page.text).toContain('Create account');
    expect(page.text).toContain('this one becomes the administrator');
    // One stylesheet, no inline code.
    expect(page.text).toContain('<link rel="stylesheet" href="/interaction-assets/sign-in.css">');
    expect(page.text).not.toMatch(/<script|<style|style=/);
    const css = await fetch(`${server.origin}/interaction-assets/sign-in.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');

    // The rules of the form first.
    const invalid = await browser.post(formAction(page.text, server.origin, '/register'), {
      username: '1admin',
      email: 'not-an-email',
      password: 'short',
      passwordConfirm: 'different',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('A username starts with a letter or an underscore');
    expect(invalid.text).toContain('Enter a valid email address.');
    expect(invalid.text).toContain('The password must have at least 8 characters.');
    expect(invalid.text).toContain('The passwords do not match.');
    expect(invalid.text).toContain('value="1admin"');

    const registered = await browser.post(formAction(page.text, server.origin, '/register'), {
      username: 'admin',
      email: 'Admin@Example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(registered.status, registered.text).toBe(303);
    const code = await toCallback(browser, registered.location, state);

    const tokens = await exchange(code, verifier);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: expect.stringContaining('all') });
    expect(tokens.body.refresh_token).toBeTruthy();
    expect(tokens.body.id_token).toBeTruthy();
    const payload = await verifyManagementToken(tokens.body.access_token);
    expect(payload.scope).toBe('all');
    adminId = String(payload.sub);
    managementToken = tokens.body.access_token;
    expect(adminId).toHaveLength(12);
    expect(decodeJwt(tokens.body.id_token)).toMatchObject({ iss: issuer, aud: 'admin-console', sub: adminId });

    // The first user holds default:admin; the password is an argon2id hash; the sign-in is recorded.
    const { rows } = await db.query<{ hash: string; method: string; signed_in: Date | null; roles: string[] }>(
      `SELECT password_encrypted AS hash, password_encryption_method AS method, last_sign_in_at AS signed_in,
         ARRAY(SELECT r.name FROM users_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
               WHERE ur.tenant_id = u.tenant_id AND ur.user_id = u.id) AS roles
       FROM users u WHERE tenant_id = 'admin' AND id = $1`,
      [adminId],
    );
    expect(rows[0]?.hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.method).toBe('Argon2id');
    expect(rows[0]?.signed_in).toBeInstanceOf(Date);
    expect(rows[0]?.roles).toEqual(['default:admin']);

    // The refresh token works, and is rotated.
    const refreshed = await postForm(`${issuer}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token,
      client_id: 'admin-console',
      resource: DEFAULT_API,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await verifyManagementToken(refreshed.body.access_token)).scope).toBe('all');
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
  });

  it('closes registration once the admin tenant has a user', async () => {
    const browser = new Browser();
    const { page } = await startSignIn(browser, { first_screen: 'register' });
    expect(page.text).toContain('Registration is closed.');
    expect(page.text).not.toContain('name="passwordConfirm"');
    const refused = await browser.post(page.url.replace(/$/, '/register'), {
      username: 'intruder',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Registration is closed.');
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE tenant_id = 'admin'`);
    expect(rows[0]?.n).toBe(1);
    // interaction_mode=signUp asks for the same and gets the same answer.
    const again = await startSignIn(new Browser(), { interaction_mode: 'signUp' });
    expect(again.page.text).toContain('Registration is closed.');
  });

  it('signs in with the username and with the email (any case)', async () => {
    for (const identifier of ['admin', 'admin@example.com']) {
      const browser = new Browser();
      const { submitted, state, verifier } = await signIn(browser, identifier, PASSWORD);
      expect(submitted.status, submitted.text).toBe(303);
      const code = await toCallback(browser, submitted.location, state);
      const tokens = await exchange(code, verifier);
      expect(tokens.status).toBe(200);
      const payload = await verifyManagementToken(tokens.body.access_token);
      expect(payload).toMatchObject({ sub: adminId, scope: 'all' });
    }
  });

  it('shows a wrong password as an error on the sign-in page', async () => {
    const browser = new Browser();
    const { submitted } = await signIn(browser, 'admin', 'not the password');
    expect(submitted.status).toBe(400);
    expect(submitted.text).toContain('The username, email or password is incorrect.');
    expect(submitted.text).toContain('value="admin"');
    const unknown = await signIn(new Browser(), 'nobody', 'whatever1');
    expect(unknown.submitted.status).toBe(400);
    expect(unknown.submitted.text).toContain('The username, email or password is incorrect.');
  });

  it('answers in the browser’s language, English when it has no texts for it', async () => {
    const german = await startSignIn(new Browser('de-AT,de;q=0.9,en;q=0.5'));
    expect(german.page.text).toContain('<html lang="de">');
    expect(german.page.text).toContain('Benutzername, E-Mail oder Telefon');
    const other = await startSignIn(new Browser('ja'));
    expect(other.page.text).toContain('<html lang="en">');
    expect(other.page.text).toContain('Username, email or phone');
  });

  it('locks an identifier after the configured failures: 429 with Retry-After, even for the right password', async () => {
    await db.withTenant('admin', (tx) =>
      tx.query(
        `INSERT INTO tenant_configs (tenant_id, id, value) VALUES ('admin', 'sentinelPolicy', $1::jsonb)
         ON CONFLICT (tenant_id, id) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify({ maxAttempts: 3, lockoutDuration: 900 })],
      ),
    );
    const username = unique('locked_');
    await createUser(db, 'admin', { username, password: PASSWORD });

    for (const attempt of [1, 2]) {
      const { submitted } = await signIn(new Browser(), username, `wrong-${attempt}`);
      expect(submitted.status, `attempt ${attempt}`).toBe(400);
    }
    const third = await signIn(new Browser(), username, 'wrong-3');
    expect(third.submitted.status).toBe(429);
    const retryAfter = Number(third.submitted.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(third.submitted.text).toContain('Too many failed sign-in attempts. Try again in 15 minutes');

    const right = await signIn(new Browser(), username, PASSWORD);
    expect(right.submitted.status).toBe(429);
    expect(Number(right.submitted.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another identifier is not affected; the locked one only counts while locked.
    const other = await signIn(new Browser(), 'admin', PASSWORD);
    expect(other.submitted.status).toBe(303);
    const { rows } = await db.query<{ result: string; decision: string }>(
      `SELECT action_result AS result, decision FROM sentinel_activities WHERE tenant_id = 'admin' ORDER BY created_at`,
    );
    expect(rows.filter((row) => row.decision === 'Blocked')).toHaveLength(1);
  });

  it('starts counting again after a successful sign-in', async () => {
    const username = unique('reset_');
    await createUser(db, 'admin', { username, password: PASSWORD });
    for (const password of ['wrong-1', 'wrong-2', PASSWORD, 'wrong-3', 'wrong-4']) {
      const { submitted } = await signIn(new Browser(), username, password);
      expect(submitted.status, password).toBe(password === PASSWORD ? 303 : 400);
    }
  });

  it('shows an expired or foreign interaction as an error page, and provider errors on our own page', async () => {
    const browser = new Browser();
    const stale = await browser.get(`${server.origin}/t/admin/interaction/not-a-real-uid`);
    expect(stale.status).toBe(400);
    expect(stale.text).toContain('This sign-in session has expired');
    const badClient = await browser.get(
      `${issuer}/auth?client_id=nope&redirect_uri=${encodeURIComponent(callback)}&response_type=code&scope=openid`,
    );
    expect(badClient.status).toBe(400);
    expect(badClient.text).toContain('The sign-in request could not be completed.');
    expect(badClient.text).toContain('invalid_client');
    expect(badClient.text).not.toMatch(/<script|<style|style=/);
  });

  it('never issues a default-tenant management scope to a user without the role', async () => {
    const username = unique('plain_');
    await createUser(db, 'admin', { username, password: PASSWORD });
    const browser = new Browser();
    const { submitted, state, verifier } = await signIn(browser, username, PASSWORD);
    const code = await toCallback(browser, submitted.location, state);
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    const payload = await verifyManagementToken(tokens.body.access_token);
    expect(payload.scope).toBeUndefined();
  });

  it('asks for consent before a third-party app gets anything; refusing sends access_denied back', async () => {
    const partnerCallback = 'https://partner.example.com/callback';
    const created = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: [partnerCallback], postLogoutRedirectUris: [] },
      }),
    });
    expect(created.status).toBe(200);
    const clientId = ((await created.json()) as { id: string }).id;
    const username = unique('member_');
    await createUser(db, 'default', { username, password: PASSWORD });
    const defaultIssuer = `${server.origin}/oidc`;

    /** Signs the member in to the partner app, up to the consent page. */
    const toConsent = async (browser: Browser) => {
      const { verifier, challenge } = pkce();
      const state = randomBytes(8).toString('hex');
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: partnerCallback,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
      });
      const page = await browser.follow(`${defaultIssuer}/auth?${params}`);
      const submitted = await browser.post(formAction(page.text, server.origin, '/sign-in'), {
        identifier: username,
        password: PASSWORD,
      });
      expect(submitted.status, submitted.text).toBe(303);
      const consent = await browser.follow(submitted.location as string, partnerCallback);
      expect(consent.status, consent.text).toBe(200);
      expect(consent.text).toContain('Authorize Partner portal');
      return { consent, state, verifier };
    };

    const allowing = new Browser();
    const { consent, state, verifier } = await toConsent(allowing);
    const allowed = await allowing.post(formAction(consent.text, server.origin, '/consent'), {});
    expect(allowed.status).toBe(303);
    const back = await allowing.follow(allowed.location as string, partnerCallback);
    const url = new URL(back.location as string);
    expect(url.origin + url.pathname).toBe(partnerCallback);
    expect(url.searchParams.get('state')).toBe(state);
    const tokens = await postForm(`${defaultIssuer}/token`, {
      grant_type: 'authorization_code',
      code: url.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: partnerCallback,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token)).toMatchObject({ iss: defaultIssuer, aud: clientId });

    const refusing = new Browser();
    const refusal = await toConsent(refusing);
    const refused = await refusing.post(formAction(refusal.consent.text, server.origin, '/abort'), {});
    const denied = new URL((await refusing.follow(refused.location as string, partnerCallback)).location as string);
    expect(denied.origin + denied.pathname).toBe(partnerCallback);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(refusal.state);
  });
});
