/**
 * Logto's Management API contract: resources and their scopes.
 * Driven over HTTP with a client typed by Logto's own types (from `@logto/api`) and Logto-shaped bodies, every
 * operation must answer Logto's status and carry every field Logto declares as required, with the declared JSON
 * type (the shapes are in logto-contract-shapes.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { expectShape, resourceHelpers, resourceShape, scopeShape } from './logto-contract-shapes.js';

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const { newResource, newScope } = resourceHelpers(() => client);

  it('resources: ListResources, CreateResource, GetResource, UpdateResource, UpdateResourceIsDefault, DeleteResource', async () => {
    const created = await newResource();
    expect(created).toMatchObject({ name: 'Orders', indicator: 'https://orders.example.com', accessTokenTtl: 7200 });

    const list = await client.GET('/api/resources', { params: { query: { page: 1, page_size: 20 } } });
    expect(list.response.status).toBe(200);
    expect(list.response.headers.get('total-number')).toBe('1');
    expect(list.data).toHaveLength(1);
    expectShape(list.data?.[0], resourceShape, 'ListResources[0]');

    const got = await client.GET('/api/resources/{id}', { params: { path: { id: created.id } } });
    expect(got.response.status).toBe(200);
    expectShape(got.data, resourceShape, 'GetResource');
    expect(got.data).toEqual(created);

    const updated = await client.PATCH('/api/resources/{id}', {
      params: { path: { id: created.id } },
      body: { name: 'Orders v2', accessTokenTtl: 600 },
    });
    expect(updated.response.status).toBe(200);
    expectShape(updated.data, resourceShape, 'UpdateResource');
    expect(updated.data).toMatchObject({ name: 'Orders v2', accessTokenTtl: 600 });

    // The indicator is set at creation: Logto ignores it in an update body (a client may send back what it read).
    const withIndicator = await client.PATCH('/api/resources/{id}', {
      params: { path: { id: created.id } },
      body: { name: 'Orders v3', indicator: 'https://elsewhere.example.com' } as { name: string },
    });
    expect(withIndicator.response.status).toBe(200);
    expect(withIndicator.data).toMatchObject({ name: 'Orders v3', indicator: 'https://orders.example.com' });

    // UpdateResourceIsDefault: one default API at a time; the flag comes back in the resource.
    const defaulted = await client.PATCH('/api/resources/{id}/is-default', {
      params: { path: { id: created.id } },
      body: { isDefault: true },
    });
    expect(defaulted.response.status).toBe(200);
    expectShape(defaulted.data, resourceShape, 'UpdateResourceIsDefault');
    expect(defaulted.data).toMatchObject({ id: created.id, isDefault: true });
    const cleared = await client.PATCH('/api/resources/{id}/is-default', {
      params: { path: { id: created.id } },
      body: { isDefault: false },
    });
    expect(cleared.data?.isDefault).toBe(false);

    const deleted = await client.DELETE('/api/resources/{id}', { params: { path: { id: created.id } } });
    expect(deleted.response.status).toBe(204);

    const missing = await client.GET('/api/resources/{id}', { params: { path: { id: created.id } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'entity.not_exists_with_id', message: expect.any(String) });
  });

  it('scopes: ListResourceScopes, CreateResourceScope, UpdateResourceScope, DeleteResourceScope', async () => {
    const resource = await newResource();
    const scope = await newScope(resource.id, 'read:orders');
    expect(scope).toMatchObject({ resourceId: resource.id, name: 'read:orders', description: 'Allows read:orders' });

    const list = await client.GET('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: resource.id }, query: { page: 1, page_size: 20 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(1);
    expectShape(list.data?.[0], scopeShape, 'ListResourceScopes[0]');

    const updated = await client.PATCH('/api/resources/{resourceId}/scopes/{scopeId}', {
      params: { path: { resourceId: resource.id, scopeId: scope.id } },
      body: { name: 'read:all-orders', description: null },
    });
    expect(updated.response.status).toBe(200);
    expectShape(updated.data, scopeShape, 'UpdateResourceScope');
    expect(updated.data).toMatchObject({ name: 'read:all-orders', description: null });

    const duplicate = await client.POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: resource.id } },
      body: { name: 'read:all-orders' },
    });
    expect(duplicate.response.status).toBe(422);
    expect(duplicate.error).toMatchObject({ code: 'scope.name_exists' });

    const deleted = await client.DELETE('/api/resources/{resourceId}/scopes/{scopeId}', {
      params: { path: { resourceId: resource.id, scopeId: scope.id } },
    });
    expect(deleted.response.status).toBe(204);
  });

  it("keeps the management API and its permissions as the server made them (Logto's 400 codes)", async () => {
    // The tenant's management API, as a tenant's seeding makes it (this harness starts from an empty tenant).
    const managementApi = await newResource('https://default.gatehouse.internal/api');
    await api.db.query(
      `INSERT INTO scopes (tenant_id, id, resource_id, name, description) VALUES ('default', 'all-scope', $1, 'all', 'Allows all')`,
      [managementApi.id],
    );
    const all = { id: 'all-scope' };
    const path = { params: { path: { id: managementApi.id } } };
    const renamed = await client.PATCH('/api/resources/{id}', { ...path, body: { name: 'Mine now' } });
    expect(renamed.response.status).toBe(400);
    expect(renamed.error).toMatchObject({ code: 'resource.cannot_modify_management_api' });
    const deleted = await client.DELETE('/api/resources/{id}', path);
    expect(deleted.response.status).toBe(400);
    expect(deleted.error).toMatchObject({ code: 'resource.cannot_delete_management_api' });
    const scopes = { params: { path: { resourceId: managementApi.id } } };
    const added = await client.POST('/api/resources/{resourceId}/scopes', { ...scopes, body: { name: 'extra' } });
    expect(added.response.status).toBe(400);
    expect(added.error).toMatchObject({ code: 'resource.cannot_modify_management_api' });
    const scopePath = { params: { path: { resourceId: managementApi.id, scopeId: all.id } } };
    const changed = await client.PATCH('/api/resources/{resourceId}/scopes/{scopeId}', {
      ...scopePath,
      body: { description: 'changed' },
    });
    expect(changed.response.status).toBe(400);
    const removed = await client.DELETE('/api/resources/{resourceId}/scopes/{scopeId}', scopePath);
    expect(removed.response.status).toBe(400);
    expect(removed.error).toMatchObject({ code: 'resource.cannot_modify_management_api' });
    const kept = await client.GET('/api/resources/{id}', path);
    expect(kept.data).toMatchObject({ name: 'Orders' });
    const keptScopes = await client.GET('/api/resources/{resourceId}/scopes', scopes);
    expect(keptScopes.data?.map((scope) => [scope.name, scope.description])).toEqual([['all', 'Allows all']]);
  });

  it("refuses a permission name with whitespace with Logto's scope.name_with_space", async () => {
    const resource = await newResource();
    const scopes = { params: { path: { resourceId: resource.id } } };
    for (const name of ['read orders', 'read\torders']) {
      const refused = await client.POST('/api/resources/{resourceId}/scopes', { ...scopes, body: { name } });
      expect(refused.response.status).toBe(400);
      expect(refused.error).toMatchObject({ code: 'scope.name_with_space' });
    }
    const scope = await newScope(resource.id, 'read:orders');
    const renamed = await client.PATCH('/api/resources/{resourceId}/scopes/{scopeId}', {
      params: { path: { resourceId: resource.id, scopeId: scope.id } },
      body: { name: 'read all' },
    });
    expect(renamed.response.status).toBe(400);
    expect(renamed.error).toMatchObject({ code: 'scope.name_with_space' });
  });
});
