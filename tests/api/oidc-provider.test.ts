import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/index.js';
import { databases, unique } from './harness.js';
import { basicAuth, postForm, type RunningServer, startServer } from './oidc-helpers.js';

/** A machine-to-machine app written straight into a tenant, optionally with the tenant's management role. */
const createM2mApp = async (db: Database, tenantId: string, options: { withRole: boolean }) => {
  const id = unique('m2m');
  const secret = unique('secret-');
  await db.withTenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO applications (tenant_id, id, name, secret, type) VALUES ($1, $2, 'Script', $3, 'MachineToMachine')`,
      [tenantId, id, secret],
    );
    if (options.withRole) {
      await tx.query(
        `INSERT INTO applications_roles (tenant_id, application_id, role_id)
         SELECT $1::varchar, $2::varchar, id FROM roles WHERE tenant_id = $1 AND name = 'Management API access'`,
        [tenantId, id],
      );
    }
  });
  return { id, secret };
};

const addSecret = async (db: Database, tenantId: string, appId: string, expiresAt: Date | null) => {
  const value = unique('extra-');
  await db.withTenant(tenantId, (tx) =>
    tx.query(
      `INSERT INTO application_secrets (tenant_id, id, application_id, name, value, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [tenantId, unique('s'), appId, unique('name-'), value, expiresAt],
    ),
  );
  return value;
};

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

  const issuerOf = (tenantId: string) =>
    tenantId === 'default' ? `${server.origin}/oidc` : `${server.origin}/t/${tenantId}/oidc`;

  const tokenFor = (tenantId: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm(`${issuerOf(tenantId)}/token`, { grant_type: 'client_credentials', ...form }, headers);

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

  describe('client credentials', () => {
    const indicator = managementApiIndicator('default');

    it('issues a management API JWT to an M2M app with the management role (secret in the body, as @logto/api does)', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const reply = await tokenFor('default', {
        client_id: app.id,
        client_secret: app.secret,
        resource: indicator,
        scope: 'all',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ token_type: 'Bearer', scope: 'all', expires_in: 3600 });
      const jwks = createRemoteJWKSet(new URL(`${issuerOf('default')}/jwks`));
      const { payload, protectedHeader } = await jwtVerify(reply.body.access_token, jwks, {
        issuer: issuerOf('default'),
        audience: indicator,
      });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({ sub: app.id, client_id: app.id, scope: 'all' });
      expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);
    });

    it('accepts the secret in a Basic authorization header too', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const reply = await tokenFor('default', { resource: indicator, scope: 'all' }, basicAuth(app.id, app.secret));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.scope).toBe('all');
    });

    it('uses the resource’s access token lifetime', async () => {
      await db.withTenant('default', (tx) =>
        tx.query(`UPDATE resources SET access_token_ttl = 120 WHERE tenant_id = 'default' AND indicator = $1`, [
          indicator,
        ]),
      );
      try {
        const app = await createM2mApp(db, 'default', { withRole: true });
        const reply = await tokenFor('default', {
          client_id: app.id,
          client_secret: app.secret,
          resource: indicator,
          scope: 'all',
        });
        expect(reply.body.expires_in).toBe(120);
      } finally {
        await db.withTenant('default', (tx) =>
          tx.query(`UPDATE resources SET access_token_ttl = 3600 WHERE tenant_id = 'default' AND indicator = $1`, [
            indicator,
          ]),
        );
      }
    });

    it('grants no scope the app’s roles do not give it', async () => {
      const app = await createM2mApp(db, 'default', { withRole: false });
      const reply = await tokenFor('default', {
        client_id: app.id,
        client_secret: app.secret,
        resource: indicator,
        scope: 'all',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.scope).toBeUndefined();
      const { payload } = await jwtVerify(
        reply.body.access_token,
        createRemoteJWKSet(new URL(`${issuerOf('default')}/jwks`)),
      );
      expect(payload.scope).toBeUndefined();
    });

    it('accepts an unexpired secret from the app’s secrets, and refuses an expired one', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const valid = await addSecret(db, 'default', app.id, new Date(Date.now() + 3600_000));
      const forever = await addSecret(db, 'default', app.id, null);
      const expired = await addSecret(db, 'default', app.id, new Date(Date.now() - 1000));
      for (const secret of [valid, forever]) {
        const reply = await tokenFor('default', {
          client_id: app.id,
          client_secret: secret,
          resource: indicator,
          scope: 'all',
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(reply.body.scope).toBe('all');
      }
      const refused = await tokenFor('default', {
        client_id: app.id,
        client_secret: expired,
        resource: indicator,
        scope: 'all',
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('invalid_client');
    });

    it('refuses a wrong secret and a secret of another app', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const other = await createM2mApp(db, 'default', { withRole: true });
      const otherSecret = await addSecret(db, 'default', other.id, null);
      for (const secret of ['wrong', other.secret, otherSecret]) {
        const reply = await tokenFor('default', {
          client_id: app.id,
          client_secret: secret,
          resource: indicator,
          scope: 'all',
        });
        expect(reply.status).toBe(401);
        expect(reply.body.error).toBe('invalid_client');
      }
    });

    it('answers invalid_target for a resource the tenant does not have', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      for (const resource of ['https://unknown.example.com/api', managementApiIndicator('admin')]) {
        const reply = await tokenFor('default', {
          client_id: app.id,
          client_secret: app.secret,
          resource,
          scope: 'all',
        });
        expect(reply.status, resource).toBe(400);
        expect(reply.body.error, resource).toBe('invalid_target');
      }
    });

    it('keeps tenants apart: an app of one tenant is unknown to another tenant’s provider', async () => {
      const app = await createM2mApp(db, 'default', { withRole: true });
      const reply = await tokenFor('admin', {
        client_id: app.id,
        client_secret: app.secret,
        resource: managementApiIndicator('admin'),
        scope: 'all',
      });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('invalid_client');
    });

    it('issues tokens of the admin tenant with the admin tenant’s issuer and key', async () => {
      const app = await createM2mApp(db, 'admin', { withRole: true });
      const reply = await tokenFor('admin', {
        client_id: app.id,
        client_secret: app.secret,
        resource: managementApiIndicator('admin'),
        scope: 'all',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const { payload } = await jwtVerify(
        reply.body.access_token,
        createRemoteJWKSet(new URL(`${issuerOf('admin')}/jwks`)),
        {
          issuer: issuerOf('admin'),
          audience: managementApiIndicator('admin'),
        },
      );
      expect(payload.scope).toBe('all');
      await expect(
        jwtVerify(reply.body.access_token, createRemoteJWKSet(new URL(`${issuerOf('default')}/jwks`))),
      ).rejects.toThrow();
    });

    it('refuses client credentials to a single page app', async () => {
      const reply = await tokenFor('admin', {
        client_id: 'admin-console',
        resource: managementApiIndicator('default'),
        scope: 'all',
      });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(['unauthorized_client', 'invalid_client', 'invalid_request']).toContain(reply.body.error);
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
