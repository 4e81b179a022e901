/**
 * An organization role's permissions, as Logto has them: organization scopes (`/scopes`) and API resource scopes
 * (`/resource-scopes`), linked at creation or later, replaced, removed, and gone with the role.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization role permissions on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrgScope = async (name: string) =>
    (await client.POST('/api/organization-scopes', { body: { name } })).data?.id ?? '';
  const newRole = async (name: string, body: { organizationScopeIds?: string[]; resourceScopeIds?: string[] } = {}) => {
    const created = await client.POST('/api/organization-roles', {
      body: { name, organizationScopeIds: [], resourceScopeIds: [], ...body },
    });
    expect(created.response.status).toBe(201);
    return created.data?.id ?? '';
  };
  const newResourceScopes = async (...names: string[]) => {
    const resource = await client.POST('/api/resources', {
      body: { name: 'Orders', indicator: `https://orders.example/${names.join('-')}` },
    });
    const ids: string[] = [];
    for (const name of names) {
      const scope = await client.POST('/api/resources/{resourceId}/scopes', {
        params: { path: { resourceId: resource.data?.id ?? '' } },
        body: { name },
      });
      ids.push(scope.data?.id ?? '');
    }
    return ids;
  };
  const scopesOf = async (id: string) => {
    const list = await client.GET('/api/organization-roles/{id}/scopes', { params: { path: { id } } });
    expect(list.response.status).toBe(200);
    return (list.data ?? []).map((scope) => scope.name).sort();
  };
  const resourceScopesOf = async (id: string) => {
    const list = await client.GET('/api/organization-roles/{id}/resource-scopes', { params: { path: { id } } });
    expect(list.response.status).toBe(200);
    return (list.data ?? []).map((scope) => scope.name).sort();
  };

  it('a role created with organizationScopeIds and resourceScopeIds holds them', async () => {
    const read = await newOrgScope('read:docs');
    const [orders] = await newResourceScopes('read:orders');
    const id = await newRole('Reader', { organizationScopeIds: [read], resourceScopeIds: [orders ?? ''] });
    expect(await scopesOf(id)).toEqual(['read:docs']);
    expect(await resourceScopesOf(id)).toEqual(['read:orders']);

    const unknown = await client.POST('/api/organization-roles', {
      body: { name: 'Ghost', organizationScopeIds: ['missing'], resourceScopeIds: [] },
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const roles = await client.GET('/api/organization-roles');
    expect(roles.data?.map((role) => role.name)).toEqual(['Reader']);
  });

  it('roles are listed and read with their scopes and resource scopes (with the resource)', async () => {
    const [read, write] = [await newOrgScope('read'), await newOrgScope('write')];
    const [orders] = await newResourceScopes('read:orders');
    const id = await newRole('Reader', { organizationScopeIds: [read, write], resourceScopeIds: [orders ?? ''] });
    await newRole('Empty');
    const resource = (await client.GET('/api/resources')).data?.[0];
    const expected = {
      scopes: expect.arrayContaining([
        { id: read, name: 'read' },
        { id: write, name: 'write' },
      ]),
      resourceScopes: [{ id: orders, name: 'read:orders', resource: { id: resource?.id, name: 'Orders' } }],
    };
    const list = await client.GET('/api/organization-roles');
    const listed = Object.fromEntries((list.data ?? []).map((role) => [role.name, role]));
    expect(listed.Reader).toMatchObject(expected);
    expect(listed.Reader?.scopes).toHaveLength(2);
    expect(listed.Empty).toMatchObject({ scopes: [], resourceScopes: [] });
    const got = await client.GET('/api/organization-roles/{id}', { params: { path: { id } } });
    expect(got.data).toMatchObject(expected);
  });

  it('scopes: POST links (201, existing ones left as they are), GET lists whole or paged, PUT replaces (204), DELETE unlinks', async () => {
    const [read, write, admin] = [await newOrgScope('read'), await newOrgScope('write'), await newOrgScope('admin')];
    const id = await newRole('Editor', { organizationScopeIds: [read] });
    const path = { params: { path: { id } } };

    const added = await client.POST('/api/organization-roles/{id}/scopes', {
      ...path,
      body: { organizationScopeIds: [read, write] },
      parseAs: 'text',
    });
    expect(added.response.status).toBe(201);
    expect(added.data).toBe('Created');
    expect(await scopesOf(id)).toEqual(['read', 'write']);

    const whole = await client.GET('/api/organization-roles/{id}/scopes', path);
    expect(whole.response.headers.get('total-number')).toBeNull();
    const paged = await client.GET('/api/organization-roles/{id}/scopes', {
      params: { path: { id }, query: { page: 1, page_size: 1 } },
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.response.headers.get('total-number')).toBe('2');

    const replaced = await client.PUT('/api/organization-roles/{id}/scopes', {
      ...path,
      body: { organizationScopeIds: [admin, write] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await scopesOf(id)).toEqual(['admin', 'write']);

    const removed = await client.DELETE('/api/organization-roles/{id}/scopes/{organizationScopeId}', {
      params: { path: { id, organizationScopeId: admin } },
    });
    expect(removed.response.status).toBe(204);
    expect(await scopesOf(id)).toEqual(['write']);
    const again = await client.DELETE('/api/organization-roles/{id}/scopes/{organizationScopeId}', {
      params: { path: { id, organizationScopeId: admin } },
    });
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'entity.not_found' });

    const emptied = await client.PUT('/api/organization-roles/{id}/scopes', {
      ...path,
      body: { organizationScopeIds: [] },
    });
    expect(emptied.response.status).toBe(204);
    expect(await scopesOf(id)).toEqual([]);
  });

  it('scopes: unknown ids and an unknown role answer 422 entity.relation_foreign_key_not_found and link nothing', async () => {
    const read = await newOrgScope('read');
    const id = await newRole('Viewer');
    const unknown = await client.POST('/api/organization-roles/{id}/scopes', {
      params: { path: { id } },
      body: { organizationScopeIds: [read, 'missing'] },
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    expect(await scopesOf(id)).toEqual([]);
    const replaced = await client.PUT('/api/organization-roles/{id}/scopes', {
      params: { path: { id } },
      body: { organizationScopeIds: ['missing'] },
    });
    expect(replaced.response.status).toBe(422);

    const noRole = await client.POST('/api/organization-roles/{id}/scopes', {
      params: { path: { id: 'missing' } },
      body: { organizationScopeIds: [read] },
    });
    expect(noRole.response.status).toBe(422);
    expect(noRole.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const listed = await client.GET('/api/organization-roles/{id}/scopes', { params: { path: { id: 'missing' } } });
    expect(listed.response.status).toBe(404);
    expect(listed.error).toMatchObject({ code: 'entity.not_found' });
    const empty = await client.POST('/api/organization-roles/{id}/scopes', {
      params: { path: { id } },
      body: { organizationScopeIds: [] },
    });
    expect(empty.response.status).toBe(400);
  });

  it('resource scopes: POST (201), PUT (204), DELETE; unknown scopes refused with 422', async () => {
    const [readOrders, writeOrders] = await newResourceScopes('read:orders', 'write:orders');
    const id = await newRole('Clerk');
    const path = { params: { path: { id } } };
    const added = await client.POST('/api/organization-roles/{id}/resource-scopes', {
      ...path,
      body: { scopeIds: [readOrders ?? ''] },
      parseAs: 'text',
    });
    expect(added.response.status).toBe(201);
    const twice = await client.POST('/api/organization-roles/{id}/resource-scopes', {
      ...path,
      body: { scopeIds: [readOrders ?? '', writeOrders ?? ''] },
      parseAs: 'text',
    });
    expect(twice.response.status).toBe(201);
    expect(await resourceScopesOf(id)).toEqual(['read:orders', 'write:orders']);
    const unknown = await client.POST('/api/organization-roles/{id}/resource-scopes', {
      ...path,
      body: { scopeIds: ['missing'] },
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const replaced = await client.PUT('/api/organization-roles/{id}/resource-scopes', {
      ...path,
      body: { scopeIds: [writeOrders ?? ''] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await resourceScopesOf(id)).toEqual(['write:orders']);
    const removed = await client.DELETE('/api/organization-roles/{id}/resource-scopes/{scopeId}', {
      params: { path: { id, scopeId: writeOrders ?? '' } },
    });
    expect(removed.response.status).toBe(204);
    expect(await resourceScopesOf(id)).toEqual([]);
  });

  it('deleting a role removes its links; deleting a scope removes it from the roles', async () => {
    const [read, write] = [await newOrgScope('read'), await newOrgScope('write')];
    const [orders] = await newResourceScopes('read:orders');
    const role = await newRole('Temp', { organizationScopeIds: [read, write], resourceScopeIds: [orders ?? ''] });
    const other = await newRole('Keeper', { organizationScopeIds: [read, write] });
    const count = async (table: string) =>
      Number((await api.db.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]?.n);
    expect(await count('organization_role_scope_relations')).toBe(4);

    await client.DELETE('/api/organization-roles/{id}', { params: { path: { id: role } } });
    expect(await count('organization_role_scope_relations')).toBe(2);
    expect(await count('organization_role_resource_scope_relations')).toBe(0);

    await client.DELETE('/api/organization-scopes/{id}', { params: { path: { id: write } } });
    expect(await scopesOf(other)).toEqual(['read']);
  });
});
