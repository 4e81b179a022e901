import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/index.js';
import { databases } from './harness.js';
import { postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { clientCredentials, createM2mApp, issuerAt } from './oidc-provider-helpers.js';

describe.each(databases())('OpenID providers on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const issuerOf = (tenantId: string) => issuerAt(server.origin, tenantId);
  const tokenFor = (tenantId: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    clientCredentials(server.origin, tenantId, form, headers);

  describe('discovery and keys', () => {
    it('publishes one issuer per tenant: default at the origin, the others below /t/{tenantId}', async () => {
      for (const tenantId of ['default', 'admin']) {
        const issuer = issuerOf(tenantId);
        const response = await fetch(`${issuer}/.well-known/openid-configuration`);
        expect(response.status, tenantId).toBe(200);
        const config = await response.json();
        expect(config).toMatchObject({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          end_session_endpoint: `${issuer}/session/end`,
        });
        expect(config.grant_types_supported).toEqual(
          expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
        );
        expect(config.code_challenge_methods_supported).toEqual(['S256']);
      }
    });

    it('serves each tenant its own public signing key and nothing private', async () => {
      const kids = [];
      for (const tenantId of ['default', 'admin']) {
        const response = await fetch(`${issuerOf(tenantId)}/jwks`);
        expect(response.status).toBe(200);
        const { keys } = await response.json();
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
        for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(member);
        kids.push(keys[0].kid);
      }
      expect(new Set(kids).size).toBe(2);
    });

    it('answers 404 for unknown tenants and for the default tenant under /t/', async () => {
      for (const path of ['/t/nope/oidc/.well-known/openid-configuration', '/t/default/oidc/jwks', '/oidcx/jwks']) {
        expect((await fetch(`${server.origin}${path}`)).status, path).toBe(404);
      }
    });
  });
  describe('browsers', () => {
    it('lets a client’s own origins call the token endpoint from a browser, and no one else', async () => {
      const preflight = (origin: string) =>
        fetch(`${issuerOf('admin')}/token`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      const ok = await preflight(server.origin);
      expect(ok.headers.get('access-control-allow-origin')).toBe(server.origin);
      const token = await postForm(
        `${issuerOf('admin')}/token`,
        { grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'admin-console' },
        { origin: 'https://evil.example.com' },
      );
      expect(token.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('signing keys', () => {
    it('keeps the keys after a restart: same kid, earlier tokens still verify', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const before = await tokenFor('default', {
        client_id: app.id,
        client_secret: app.secret,
        resource: managementApiIndicator('default'),
        scope: 'all',
      });
      const kid = decodeProtectedHeader(before.body.access_token).kid;
      // A second server on the same data, as after a restart (on Postgres the same database; PGlite below).
      const again = await startServer(db);
      try {
        const { keys } = await (await fetch(`${again.origin}/oidc/jwks`)).json();
        expect(keys.map((key: { kid: string }) => key.kid)).toEqual([kid]);
        await expect(
          jwtVerify(before.body.access_token, createRemoteJWKSet(new URL(`${again.origin}/oidc/jwks`))),
        ).resolves.toBeTruthy();
      } finally {
        await again.close();
      }
    });
  });
});

describe('signing keys on an embedded database reopened from disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-keys-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has the same kid for every tenant after the data directory is opened again', async () => {
    const kids = async () => {
      const db = await connectDatabase({ dataDir: join(dir, 'data') });
      const server = await startServer(db);
      try {
        const result: Record<string, string> = {};
        for (const path of ['/oidc/jwks', '/t/admin/oidc/jwks']) {
          const { keys } = await (await fetch(`${server.origin}${path}`)).json();
          result[path] = keys[0].kid;
        }
        return result;
      } finally {
        await server.close();
        await db.close();
      }
    };
    const first = await kids();
    const second = await kids();
    expect(second).toEqual(first);
    expect(new Set(Object.values(first)).size).toBe(2);
  });
});
