import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';
import { ids, scopesOf } from './role-helpers.js';

describe.each(databases())('role scopes on $name', (target) => {
  const api = useApi(target);

  it('links the scopeIds given at creation', async () => {
    const { read, invoices } = await scopesOf(api);
    const role = await api.post('/api/roles', { name: 'Reader', description: 'r', scopeIds: [read.id, invoices.id] });
    expect(role.status).toBe(200);
    const linked = await api.get(`/api/roles/${role.body.id}/scopes`);
    expect(ids(linked.body)).toEqual(ids([read, invoices]));
  });

  it('creates nothing when a scopeId given at creation does not exist (404)', async () => {
    const { read } = await scopesOf(api);
    const reply = await api.post('/api/roles', {
      name: 'Reader',
      description: 'r',
      scopeIds: [read.id, 'nosuchscope'],
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      code: 'entity.not_exists_with_id',
      message: expect.stringContaining('nosuchscope'),
    });
    expect(await api.count('roles')).toBe(0);
    expect(await api.count('roles_scopes')).toBe(0);
    // The name is still free.
    expect((await api.post('/api/roles', { name: 'Reader', description: 'r' })).status).toBe(200);
  });

  it('lists linked scopes with their resource embedded, whole or paged with Total-Number', async () => {
    const { orders, billing, read, invoices } = await scopesOf(api);
    const role = await api.create('/api/roles', {
      name: 'Reader',
      description: 'r',
      scopeIds: [read.id, invoices.id],
    });
    // Without a page, Logto answers the whole list and no total.
    const listed = await api.get(`/api/roles/${role.id}/scopes`);
    expect(listed.status).toBe(200);
    expect(listed.headers['total-number']).toBeUndefined();
    const byId = new Map(listed.body.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(read.id)).toEqual({ ...read, resource: orders });
    expect(byId.get(invoices.id)).toEqual({ ...invoices, resource: billing });

    const page = await api.get(`/api/roles/${role.id}/scopes?page=2&page_size=1`);
    expect(page.body).toHaveLength(1);
    expect(page.headers['total-number']).toBe('2');
    const first = await api.get(`/api/roles/${role.id}/scopes?page=1&page_size=1`);
    expect(ids([...first.body, ...page.body])).toEqual(ids([read, invoices]));
  });

  it('assigns scopes (201) and answers with the scopes linked', async () => {
    const { read, write } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
    const assigned = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id, write.id] });
    expect(assigned.status).toBe(201);
    expect(ids(assigned.body)).toEqual(ids([read, write]));
    expect(assigned.body).toEqual(expect.arrayContaining([read, write]));
    expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual(ids([read, write]));
  });

  it('refuses a scope that is already linked (422 role.scope_exists) and links none of the batch', async () => {
    const { read, write } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id] });
    const again = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [write.id, read.id] });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'role.scope_exists', message: expect.stringContaining(read.id) });
    expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([read.id]);
  });

  it('links nothing when one of the scopes does not exist (404)', async () => {
    const { read, write } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
    const reply = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id, 'nosuchscope', write.id] });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      code: 'entity.not_exists_with_id',
      message: expect.stringContaining('nosuchscope'),
    });
    expect(await api.count('roles_scopes')).toBe(0);
    expect((await api.get(`/api/roles/${role.id}/scopes`)).body).toEqual([]);
  });

  it.each([
    ['no scopeIds', {}],
    ['an empty list', { scopeIds: [] }],
    ['the same id twice', { scopeIds: ['a', 'a'] }],
    ['ids that are not strings', { scopeIds: [1] }],
  ])('rejects an assignment with %s (400)', async (_label, body) => {
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
    const reply = await api.post(`/api/roles/${role.id}/scopes`, body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('guard.invalid_input');
  });

  it('answers 404 for the scopes of a missing role', async () => {
    const { read } = await scopesOf(api);
    expect((await api.get('/api/roles/nosuchrole/scopes')).status).toBe(404);
    expect((await api.post('/api/roles/nosuchrole/scopes', { scopeIds: [read.id] })).status).toBe(404);
    expect((await api.delete(`/api/roles/nosuchrole/scopes/${read.id}`)).status).toBe(404);
    expect(await api.count('roles_scopes')).toBe(0);
  });

  it('unlinks a scope (204), then answers 404 for the same link', async () => {
    const { read, write } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id, write.id] });
    const removed = await api.delete(`/api/roles/${role.id}/scopes/${read.id}`);
    expect(removed.status).toBe(204);
    expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([write.id]);
    const again = await api.delete(`/api/roles/${role.id}/scopes/${read.id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('entity.not_exists_with_id');
    // The scope itself is untouched.
    expect(await api.count('scopes', 'id = $1', [read.id])).toBe(1);
  });

  it('drops the link when the scope is deleted', async () => {
    const { orders, read, write } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id, write.id] });
    await api.delete(`/api/resources/${orders.id}/scopes/${read.id}`);
    expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([write.id]);
  });

  it('answers concurrent assignments of one scope with one 201 and 422 for the rest, never 500', async () => {
    const { read } = await scopesOf(api);
    // A race does not show every time: several rounds of several requests each make it show reliably.
    for (let round = 0; round < 5; round++) {
      const role = await api.create('/api/roles', { name: `Racer ${round}`, description: 'r' });
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id] })),
      );
      const statuses = replies.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 201),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 422),
        `round ${round}: ${statuses}`,
      ).toHaveLength(7);
      for (const reply of replies.filter((r) => r.status === 422)) expect(reply.body.code).toBe('role.scope_exists');
      expect(await api.count('roles_scopes', 'role_id = $1', [role.id])).toBe(1);
    }
  });
});
