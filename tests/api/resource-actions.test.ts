import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

describe.each(databases())('resource actions and includes on $name', (target) => {
  const api = useApi(target);

  const newResource = async (name: string) =>
    (await api.post('/api/resources', { name, indicator: `https://${name.toLowerCase()}.example.com` })).body as {
      id: string;
    };

  it('makes one resource the default and clears the flag on the previous one', async () => {
    const orders = await newResource('Orders');
    const billing = await newResource('Billing');

    const first = await api.patch(`/api/resources/${orders.id}/is-default`, { isDefault: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: orders.id, isDefault: true });

    await api.patch(`/api/resources/${billing.id}/is-default`, { isDefault: true });
    expect((await api.get(`/api/resources/${orders.id}`)).body.isDefault).toBe(false);
    expect((await api.get(`/api/resources/${billing.id}`)).body.isDefault).toBe(true);

    const cleared = await api.patch(`/api/resources/${billing.id}/is-default`, { isDefault: false });
    expect(cleared.body.isDefault).toBe(false);
  });

  it('rejects a bad is-default body and an unknown resource, changing nothing', async () => {
    const orders = await newResource('Orders');
    const bad = await api.patch(`/api/resources/${orders.id}/is-default`, { isDefault: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues).toContainEqual(expect.objectContaining({ path: '/isDefault', keyword: 'type' }));
    const missing = await api.patch('/api/resources/nope/is-default', { isDefault: true });
    expect(missing.status).toBe(404);
    expect((await api.get(`/api/resources/${orders.id}`)).body.isDefault).toBe(false);
  });

  it('includes each resource’s permissions when asked (includeScopes)', async () => {
    const orders = await newResource('Orders');
    const billing = await newResource('Billing');
    await api.post(`/api/resources/${orders.id}/scopes`, { name: 'read:orders' });
    await api.post(`/api/resources/${orders.id}/scopes`, { name: 'write:orders' });

    const plain = await api.get('/api/resources');
    expect(plain.body[0]).not.toHaveProperty('scopes');

    const included = await api.get('/api/resources?includeScopes=true');
    const byId = Object.fromEntries(
      (included.body as { id: string; scopes: { name: string }[] }[]).map((r) => [r.id, r.scopes.map((s) => s.name)]),
    );
    expect(byId).toEqual({ [orders.id]: ['read:orders', 'write:orders'], [billing.id]: [] });
  });
});
