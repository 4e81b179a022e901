import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

describe.each(databases())('resource scopes on $name', (target) => {
  const api = useApi(target);
  const newResource = (indicator = 'https://orders.example.com') =>
    api.create('/api/resources', { name: 'Orders', indicator });

  it('creates a scope under its resource (201) and lists it there', async () => {
    const resource = await newResource();
    const created = await api.post(`/api/resources/${resource.id}/scopes`, {
      name: 'read:orders',
      description: 'Read orders',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      tenantId: 'default',
      id: expect.stringMatching(/^[a-z0-9]{21}$/),
      resourceId: resource.id,
      name: 'read:orders',
      description: 'Read orders',
      createdAt: expect.any(Number),
    });
    expect(Math.abs(created.body.createdAt - Date.now())).toBeLessThan(60_000);

    const listed = await api.get(`/api/resources/${resource.id}/scopes`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
  });

  it('stores a missing description as null', async () => {
    const resource = await newResource();
    const created = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read:orders' });
    expect(created.description).toBeNull();
  });

  it('lists only the scopes of the resource asked about', async () => {
    const orders = await newResource();
    const billing = await newResource('https://billing.example.com');
    await api.create(`/api/resources/${orders.id}/scopes`, { name: 'read:orders' });
    await api.create(`/api/resources/${billing.id}/scopes`, { name: 'read:invoices' });
    const listed = await api.get(`/api/resources/${billing.id}/scopes`);
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual(['read:invoices']);
  });

  it('refuses a duplicate name within one resource (422 scope.name_exists)', async () => {
    const resource = await newResource();
    await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read:orders' });
    const again = await api.post(`/api/resources/${resource.id}/scopes`, { name: 'read:orders' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'scope.name_exists', message: expect.stringContaining('read:orders') });
    expect(await api.count('scopes')).toBe(1);
  });

  it('allows the same name in another resource', async () => {
    const orders = await newResource();
    const billing = await newResource('https://billing.example.com');
    await api.create(`/api/resources/${orders.id}/scopes`, { name: 'read' });
    const other = await api.post(`/api/resources/${billing.id}/scopes`, { name: 'read' });
    expect(other.status).toBe(201);
    expect(other.body.resourceId).toBe(billing.id);
  });

  it('updates name and description (200)', async () => {
    const resource = await newResource();
    const scope = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read:orders', description: 'x' });
    const patched = await api.patch(`/api/resources/${resource.id}/scopes/${scope.id}`, {
      name: 'read:all-orders',
      description: null,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...scope, name: 'read:all-orders', description: null });
  });

  it('refuses renaming a scope onto a sibling name (422) and keeps both', async () => {
    const resource = await newResource();
    await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read' });
    const write = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'write' });
    const patched = await api.patch(`/api/resources/${resource.id}/scopes/${write.id}`, { name: 'read' });
    expect(patched.status).toBe(422);
    expect(patched.body.code).toBe('scope.name_exists');
    const names = (await api.get(`/api/resources/${resource.id}/scopes`)).body.map((s: { name: string }) => s.name);
    expect(names.sort()).toEqual(['read', 'write']);
  });

  it('does not move a scope to another resource through a patch (400)', async () => {
    const resource = await newResource();
    const other = await newResource('https://other.example.com');
    const scope = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read' });
    const patched = await api.patch(`/api/resources/${resource.id}/scopes/${scope.id}`, { resourceId: other.id });
    expect(patched.status).toBe(400);
    expect(await api.count('scopes', 'resource_id = $1', [resource.id])).toBe(1);
  });

  it('deletes a scope (204), then answers 404 for it', async () => {
    const resource = await newResource();
    const scope = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read' });
    expect((await api.delete(`/api/resources/${resource.id}/scopes/${scope.id}`)).status).toBe(204);
    const again = await api.delete(`/api/resources/${resource.id}/scopes/${scope.id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('entity.not_exists_with_id');
    expect(await api.count('scopes')).toBe(0);
  });

  it('does not reach a scope through a resource it does not belong to (404)', async () => {
    const orders = await newResource();
    const billing = await newResource('https://billing.example.com');
    const scope = await api.create(`/api/resources/${orders.id}/scopes`, { name: 'read' });
    expect((await api.patch(`/api/resources/${billing.id}/scopes/${scope.id}`, { name: 'x' })).status).toBe(404);
    expect((await api.delete(`/api/resources/${billing.id}/scopes/${scope.id}`)).status).toBe(404);
    expect((await api.get(`/api/resources/${orders.id}/scopes`)).body).toEqual([scope]);
  });

  it.each([
    ['GET', '', undefined],
    ['POST', '', { name: 'read' }],
    ['PATCH', '/someid', { name: 'read' }],
    ['DELETE', '/someid', undefined],
  ] as const)('%s under a missing resource answers 404 naming the resource', async (method, suffix, payload) => {
    const reply = await api.request(method, `/api/resources/nosuchresource/scopes${suffix}`, payload);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      code: 'entity.not_exists_with_id',
      message: expect.stringContaining('nosuchresource'),
    });
    expect(await api.count('scopes')).toBe(0);
  });

  it('deleting a resource deletes its scopes and their role links', async () => {
    const resource = await newResource();
    const keep = await newResource('https://keep.example.com');
    const read = await api.create(`/api/resources/${resource.id}/scopes`, { name: 'read' });
    await api.create(`/api/resources/${resource.id}/scopes`, { name: 'write' });
    const kept = await api.create(`/api/resources/${keep.id}/scopes`, { name: 'read' });
    const role = await api.create('/api/roles', { name: 'Reader', description: 'r', scopeIds: [read.id, kept.id] });

    expect((await api.delete(`/api/resources/${resource.id}`)).status).toBe(204);
    expect(await api.count('scopes', 'resource_id = $1', [resource.id])).toBe(0);
    expect((await api.get(`/api/resources/${resource.id}/scopes`)).status).toBe(404);
    const linked = await api.get(`/api/roles/${role.id}/scopes`);
    expect(linked.body.map((s: { id: string }) => s.id)).toEqual([kept.id]);
  });
});
