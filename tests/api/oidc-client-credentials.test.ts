import { createManagementApi } from '@logto/api/management';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/index.js';
import { databases } from './harness.js';
import { basicAuth, type RunningServer, startServer } from './oidc-helpers.js';
import { addSecret, clientCredentials, createM2mApp, issuerAt } from './oidc-provider-helpers.js';

describe.each(databases())('client credentials on $name', (target) => {
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

  it("serves @logto/api's createManagementApi unchanged: Logto's name of the management API is the tenant's own", async () => {
    const app = await createM2mApp(db, 'default', { withRole: true });
    // No apiIndicator: the client asks for https://default.logto.app/api, as it does against Logto.
    const { apiClient, clientCredentials: credentials } = createManagementApi('default', {
      clientId: app.id,
      clientSecret: app.secret,
      baseUrl: server.origin,
    });
    const roles = await apiClient.GET('/api/roles');
    expect(roles.response.status).toBe(200);
    expect(roles.data?.map(({ name }) => name)).toContain('Management API access');
    // The token is for the tenant's management API itself, so every route takes it.
    const { value } = await credentials.getAccessToken();
    const jwks = createRemoteJWKSet(new URL(`${issuerOf('default')}/jwks`));
    const { payload } = await jwtVerify(value, jwks, { issuer: issuerOf('default'), audience: indicator });
    expect(payload).toMatchObject({ sub: app.id, scope: 'all' });
    // Another tenant's Logto name is not this tenant's API.
    const other = await tokenFor('default', {
      client_id: app.id,
      client_secret: app.secret,
      resource: 'https://admin.logto.app/api',
      scope: 'all',
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('invalid_target');
    // The management API and its `all` scope have Logto's ids, which Logto clients name.
    const resource = await apiClient.GET('/api/resources/{id}', { params: { path: { id: 'management-api' } } });
    expect(resource.data).toMatchObject({ id: 'management-api', indicator });
    const scopes = await apiClient.GET('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: 'management-api' } },
    });
    expect(scopes.data?.find(({ name }) => name === 'all')?.id).toBe('management-api-all');
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
