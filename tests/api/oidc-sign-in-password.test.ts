/** The admin tenant's sign-in pages: signing in with a password, the sign-in page's language and its error pages. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { Browser, type RunningServer, registerFirstAdmin, startServer } from './oidc-helpers.js';
import { PASSWORD, signInSteps } from './oidc-sign-in-steps.js';

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
    // The first administrator, registered through the pages (the registration tests check that part).
    const tokens = await registerFirstAdmin(server.origin, 'admin', PASSWORD, 'Admin@Example.com');
    adminId = String(decodeJwt(tokens.access_token).sub);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { startSignIn, toCallback, exchange, verifyManagementToken, signIn } = signInSteps(() => ({
    server,
    issuer,
    callback,
  }));

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
    expect(german.page.text).toContain('<html lang="de" ');
    expect(german.page.text).toContain('Benutzername oder E-Mail');
    const other = await startSignIn(new Browser('nl'));
    expect(other.page.text).toContain('<html lang="en" ');
    expect(other.page.text).toContain('Username or email');
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
});
