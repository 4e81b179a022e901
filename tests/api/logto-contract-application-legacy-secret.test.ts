/**
 * Logto's application secrets, as a Logto client meets them: an application answers `secret` only where it is one
 * a client uses (not a single page or native app's, never in an organization's list), and
 * `DELETE /api/applications/{id}/legacy-secret` retires an application's own secret for its named secrets.
 */
import { createManagementApi } from '@logto/api/management';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/index.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import { clientCredentials, createM2mApp } from './oidc-provider-helpers.js';

describe.each(databases())('application secrets on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: ReturnType<typeof createManagementApi>['apiClient'];

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    const admin = await createM2mApp(db, 'default', { withRole: true });
    client = createManagementApi('default', {
      clientId: admin.id,
      clientSecret: admin.secret,
      baseUrl: server.origin,
    }).apiClient;
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const tokenWith = (clientId: string, secret: string) =>
    clientCredentials(server.origin, 'default', {
      client_id: clientId,
      client_secret: secret,
      resource: managementApiIndicator('default'),
    });

  it('answers secret only for applications that authenticate with one, and never in an organization list', async () => {
    const spa = await client.POST('/api/applications', {
      body: { name: 'Storefront', type: 'SPA', oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] } },
    });
    expect(spa.response.status).toBe(200);
    expect(spa.data).not.toHaveProperty('secret');
    const got = await client.GET('/api/applications/{id}', { params: { path: { id: spa.data?.id ?? '' } } });
    expect(got.data).not.toHaveProperty('secret');
    const m2m = await client.POST('/api/applications', { body: { name: 'Worker', type: 'MachineToMachine' } });
    expect(m2m.data?.secret).toEqual(expect.any(String));

    const organization = await client.POST('/api/organizations', { body: { name: 'Acme' } });
    const organizationId = organization.data?.id ?? '';
    const joined = await client.POST('/api/organizations/{id}/applications', {
      params: { path: { id: organizationId } },
      body: { applicationIds: [m2m.data?.id ?? ''] },
      parseAs: 'text',
    });
    expect(joined.response.status).toBe(201);
    const listed = await client.GET('/api/organizations/{id}/applications', {
      params: { path: { id: organizationId } },
    });
    expect(listed.data?.map(({ id }) => id)).toEqual([m2m.data?.id]);
    expect(listed.data?.[0]).not.toHaveProperty('secret');
  });

  it('DeleteApplicationLegacySecret: the own secret stops working, the named secrets go on; 400 the second time', async () => {
    const app = await client.POST('/api/applications', { body: { name: 'Batch', type: 'MachineToMachine' } });
    const id = app.data?.id ?? '';
    const legacy = app.data?.secret ?? '';
    expect((await tokenWith(id, legacy)).status).toBe(200);
    const named = await client.POST('/api/applications/{id}/secrets', {
      params: { path: { id } },
      body: { name: 'rotation-2026' },
    });
    expect(named.response.status).toBe(201);

    const deleted = await client.DELETE('/api/applications/{id}/legacy-secret', { params: { path: { id } } });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({ id, name: 'Batch', type: 'MachineToMachine' });
    expect(deleted.data).not.toHaveProperty('secret');
    const refused = await tokenWith(id, legacy);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    expect((await tokenWith(id, named.data?.value ?? '')).status).toBe(200);

    const again = await client.DELETE('/api/applications/{id}/legacy-secret', { params: { path: { id } } });
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ code: 'application.no_legacy_secret_found' });
    const missing = await client.DELETE('/api/applications/{id}/legacy-secret', { params: { path: { id: 'nope' } } });
    expect(missing.response.status).toBe(404);
  });
});
