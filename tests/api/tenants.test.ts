import { beforeEach, describe, expect, it } from 'vitest';
import { databases, type TestApi, useApi } from './harness.js';

/** Rows of another tenant, written straight into the tables: the API serves the `default` tenant only. */
const seedOtherTenant = async (api: TestApi) => {
  await api.db.exec(`
    INSERT INTO resources (tenant_id, id, name, indicator) VALUES ('other', 'otherresource', 'Secret API', 'https://secret.example.com');
    INSERT INTO scopes (tenant_id, id, resource_id, name, description) VALUES ('other', 'otherscope', 'otherresource', 'read:secret', 'Secret');
    INSERT INTO roles (tenant_id, id, name, description) VALUES ('other', 'otherrole', 'Secret role', 'Secret');
    INSERT INTO roles_scopes (tenant_id, role_id, scope_id) VALUES ('other', 'otherrole', 'otherscope');
    INSERT INTO hooks (tenant_id, id, name, events, config, signing_key)
      VALUES ('other', 'otherhook', 'Secret hook', '["PostSignIn"]', '{"url": "http://127.0.0.1:9/"}', 'othersigningkey');
  `);
};

/** Everything stored for the other tenant, to compare before and after. */
const otherTenantRows = async (api: TestApi) => {
  const result: Record<string, unknown[]> = {};
  for (const table of ['resources', 'scopes', 'roles', 'roles_scopes', 'hooks']) {
    result[table] = (await api.db.query(`SELECT * FROM "${table}" WHERE tenant_id = 'other' ORDER BY 2, 3`)).rows;
  }
  return result;
};

describe.each(databases())('tenant scoping on $name', (target) => {
  const api = useApi(target);
  beforeEach(() => seedOtherTenant(api));

  it('lists none of another tenant’s rows, searched for or not', async () => {
    for (const url of [
      '/api/resources?page=1',
      '/api/roles',
      '/api/hooks?page=1',
      '/api/resources?search=%25secret%25&page=1',
    ]) {
      const reply = await api.get(url);
      expect(reply.status, url).toBe(200);
      expect(reply.body, url).toEqual([]);
      expect(reply.headers['total-number'], url).toBe('0');
    }
  });

  it.each([
    ['GET', '/api/resources/otherresource', undefined],
    ['PATCH', '/api/resources/otherresource', { name: 'Mine now' }],
    ['DELETE', '/api/resources/otherresource', undefined],
    ['GET', '/api/resources/otherresource/scopes', undefined],
    ['POST', '/api/resources/otherresource/scopes', { name: 'write:secret' }],
    ['PATCH', '/api/resources/otherresource/scopes/otherscope', { description: 'Mine now' }],
    ['DELETE', '/api/resources/otherresource/scopes/otherscope', undefined],
    ['GET', '/api/roles/otherrole', undefined],
    ['PATCH', '/api/roles/otherrole', { name: 'Mine now' }],
    ['DELETE', '/api/roles/otherrole', undefined],
    ['GET', '/api/roles/otherrole/scopes', undefined],
    ['POST', '/api/roles/otherrole/scopes', { scopeIds: ['otherscope'] }],
    ['DELETE', '/api/roles/otherrole/scopes/otherscope', undefined],
    ['GET', '/api/hooks/otherhook', undefined],
    // Logto answers an update of a hook it does not find, and its deletion, with codes of their own (below).
    ['PATCH', '/api/hooks/otherhook', { name: 'Mine now' }],
    ['PATCH', '/api/hooks/otherhook/signing-key', undefined],
    ['DELETE', '/api/hooks/otherhook', undefined],
  ] as const)('%s %s answers 404 and changes nothing', async (method, url, payload) => {
    const before = await otherTenantRows(api);
    const reply = await api.request(method, url, payload);
    expect(reply.status).toBe(404);
    const hookCodes: Record<string, string> = {
      'PATCH /api/hooks/otherhook': 'entity.not_exists',
      'PATCH /api/hooks/otherhook/signing-key': 'entity.not_exists',
      'DELETE /api/hooks/otherhook': 'entity.not_found',
    };
    expect(reply.body.code).toBe(hookCodes[`${method} ${url}`] ?? 'entity.not_exists_with_id');
    expect(await otherTenantRows(api)).toEqual(before);
  });

  it('does not link another tenant’s scope to a role, at creation or later', async () => {
    const before = await otherTenantRows(api);
    const created = await api.post('/api/roles', { name: 'Thief', description: 't', scopeIds: ['otherscope'] });
    expect(created.status).toBe(404);
    expect(await api.count('roles', "tenant_id = 'default'")).toBe(0);

    const role = await api.create('/api/roles', { name: 'Thief', description: 't' });
    const linked = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: ['otherscope'] });
    expect(linked.status).toBe(404);
    expect(await api.count('roles_scopes', "tenant_id = 'default'")).toBe(0);
    expect(await otherTenantRows(api)).toEqual(before);
  });

  it('keeps uniqueness per tenant: the same indicator and role name are free here', async () => {
    const resource = await api.post('/api/resources', { name: 'Mine', indicator: 'https://secret.example.com' });
    expect(resource.status).toBe(201);
    const role = await api.post('/api/roles', { name: 'Secret role', description: 'Mine' });
    expect(role.status).toBe(200);
    const scope = await api.post(`/api/resources/${resource.body.id}/scopes`, { name: 'read:secret' });
    expect(scope.status).toBe(201);
    expect((await api.get('/api/resources')).body).toEqual([resource.body]);
  });

  it('keeps rows with the same id apart: acting on ours leaves theirs alone', async () => {
    await api.db.exec(
      `INSERT INTO resources (tenant_id, id, name, indicator) VALUES ('default', 'otherresource', 'Ours', 'https://ours.example.com')`,
    );
    const before = await otherTenantRows(api);
    const reply = await api.get('/api/resources/otherresource');
    expect(reply.body).toMatchObject({ tenantId: 'default', name: 'Ours' });
    expect((await api.get('/api/resources/otherresource/scopes')).body).toEqual([]);
    expect((await api.delete('/api/resources/otherresource')).status).toBe(204);
    expect(await otherTenantRows(api)).toEqual(before);
  });
});
