/**
 * OpenID Connect Back-Channel Logout, as Logto's applications have it: an application with a backchannel logout URI
 * is sent a signed logout token when its user signs out of the provider (naming the session when the application
 * asks for it), and Logto's first refresh-token setting in seconds still sets the lifetime.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { signInToApp } from './app-sign-in.js';
import { databases, unique } from './harness.js';
import { Browser, type RunningServer, registerFirstAdmin, startServer } from './oidc-helpers.js';
import { PASSWORD } from './oidc-sign-in-steps.js';
import { createUser } from './users.js';

const CALLBACK = 'https://rp.example.com/callback';
const AFTER_LOGOUT = 'https://rp.example.com/signed-out';

/** A relying party's backchannel endpoint: records each logout token posted to it. */
const startLogoutReceiver = async () => {
  const tokens: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      tokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`;
  return { url, tokens, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe.each(databases())('backchannel logout on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let managementToken: string;

  beforeAll(async () => {
    // The relying party listens on the loopback address, which the provider refuses unless told otherwise.
    process.env.OIDC_PRIVATE_ADDRESSES = 'allow';
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    managementToken = (await registerFirstAdmin(server.origin, 'admin', PASSWORD, 'Admin@Example.com')).access_token;
  });
  afterAll(async () => {
    delete process.env.OIDC_PRIVATE_ADDRESSES;
    await server?.close();
    await dispose();
  });

  const createApp = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Relying party', type: 'SPA', ...body }),
    });
    const created = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(created)).toBe(200);
    return created;
  };

  const signIn = (browser: Browser, clientId: string, username: string) =>
    signInToApp(server.origin, browser, { clientId, callback: CALLBACK }, { username, password: PASSWORD });

  /** The application's sign-out: its own ID token asks the provider to end the session, then back to it. */
  const signOut = (browser: Browser, idToken: string) =>
    browser.get(
      `${server.origin}/oidc/session/end?${new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: AFTER_LOGOUT,
      })}`,
    );

  it('sends the application a signed logout token naming the user and the session when its user signs out', async () => {
    const receiver = await startLogoutReceiver();
    try {
      const app = await createApp({
        oidcClientMetadata: {
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [AFTER_LOGOUT],
          backchannelLogoutUri: receiver.url,
          backchannelLogoutSessionRequired: true,
        },
      });
      expect(app.oidcClientMetadata).toMatchObject({
        backchannelLogoutUri: receiver.url,
        backchannelLogoutSessionRequired: true,
      });
      const clientId = String(app.id);
      const username = unique('rp_');
      const userId = (await createUser(db, 'default', { username, password: PASSWORD })).id;
      const browser = new Browser();
      const tokens = await signIn(browser, clientId, username);
      const sid = decodeJwt(tokens.id_token).sid;
      expect(typeof sid).toBe('string');

      const end = await signOut(browser, tokens.id_token);
      expect(end.status, end.text).toBe(303);
      expect(receiver.tokens).toHaveLength(1);
      const { payload } = await jwtVerify(
        receiver.tokens[0] ?? '',
        createRemoteJWKSet(new URL(`${server.origin}/oidc/jwks`)),
        { issuer: `${server.origin}/oidc`, audience: clientId },
      );
      expect(payload).toMatchObject({
        sub: userId,
        sid,
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      });
      expect(payload).not.toHaveProperty('nonce');
    } finally {
      await receiver.close();
    }
  });

  it('keeps the provider away from private addresses unless the deployment allows them', async () => {
    const receiver = await startLogoutReceiver();
    delete process.env.OIDC_PRIVATE_ADDRESSES;
    try {
      const app = await createApp({
        oidcClientMetadata: {
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [AFTER_LOGOUT],
          backchannelLogoutUri: receiver.url,
        },
      });
      const username = unique('rp_');
      await createUser(db, 'default', { username, password: PASSWORD });
      const browser = new Browser();
      const tokens = await signIn(browser, String(app.id), username);
      const end = await signOut(browser, tokens.id_token);
      // The user is signed out all the same; the loopback endpoint is never called.
      expect(end.status, end.text).toBe(303);
      expect(receiver.tokens).toEqual([]);
    } finally {
      process.env.OIDC_PRIVATE_ADDRESSES = 'allow';
      await receiver.close();
    }
  });

  it("gives refresh tokens Logto's first lifetime setting in seconds where an application has it", async () => {
    const app = await createApp({
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
      customClientMetadata: { refreshTokenTtl: 600 },
    });
    const username = unique('ttl_');
    await createUser(db, 'default', { username, password: PASSWORD });
    await signIn(new Browser(), String(app.id), username);
    const { rows } = await db.query<{ seconds: number }>(
      `SELECT extract(epoch FROM expires_at - now())::int AS seconds FROM oidc_model_instances
        WHERE model_name = 'RefreshToken' AND payload->>'clientId' = $1`,
      [app.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.seconds).toBeGreaterThan(500);
    expect(rows[0]?.seconds).toBeLessThanOrEqual(600);
  });
});
