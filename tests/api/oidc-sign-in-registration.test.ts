/** The admin tenant's sign-in pages: registering the first administrator, and registration closed after it. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { Browser, formAction, postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { DEFAULT_API, PASSWORD, signInSteps } from './oidc-sign-in-steps.js';

describe.each(databases())('sign-in pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let issuer: string;
  let callback: string;
  let adminId: string;

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

  const { startSignIn, toCallback, exchange, verifyManagementToken } = signInSteps(() => ({
    server,
    issuer,
    callback,
  }));

  it('registers the first administrator in the admin tenant, then issues the console its tokens', async () => {
    const browser = new Browser();
    const { page, state, verifier } = await startSignIn(browser, { first_screen: 'register' });
    expect(page.text).toContain('Create account');
    expect(page.text).toContain('this one becomes the administrator');
    // One stylesheet, no scripts, no style attributes; the theme's one style element carries this response's nonce.
    expect(page.text).toContain('<link rel="stylesheet" href="/interaction-assets/sign-in.css">');
    expect(page.text).not.toMatch(/<script|style=/);
    const nonce = page.headers.get('content-security-policy')?.match(/style-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.text.match(/<style[^>]*>/g)).toEqual([`<style nonce="${nonce}">`]);
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
});
