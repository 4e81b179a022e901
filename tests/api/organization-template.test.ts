/**
 * The organization template (organization scopes and roles) and organizations, as Logto's Management API has them:
 * statuses, error codes, `q` search, and `Total-Number` only on paged lists. Driven by a client typed by Logto's
 * own types.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization template on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  // Logto's create body types the initial permissions as required (they default to none).
  const noScopes = { organizationScopeIds: [], resourceScopeIds: [] };

  const newScope = async (name: string, description?: string) => {
    const created = await client.POST('/api/organization-scopes', { body: { name, description } });
    expect(created.response.status).toBe(201);
    return created.data as NonNullable<typeof created.data>;
  };

  it('organization scopes: create (201), get, update, delete, with a unique name', async () => {
    const scope = await newScope('read:docs', 'Read documents');
    expect(scope).toEqual({
      tenantId: expect.any(String),
      id: expect.any(String),
      name: 'read:docs',
      description: 'Read documents',
    });
    const bare = await newScope('write:docs');
    expect(bare.description).toBeNull();

    const got = await client.GET('/api/organization-scopes/{id}', { params: { path: { id: scope.id } } });
    expect(got.data).toEqual(scope);

    const taken = await client.POST('/api/organization-scopes', { body: { name: 'read:docs' } });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'entity.unique_integrity_violation' });
    const renamedOnto = await client.PATCH('/api/organization-scopes/{id}', {
      params: { path: { id: bare.id } },
      body: { name: 'read:docs' },
    });
    expect(renamedOnto.response.status).toBe(422);
    expect(renamedOnto.error).toMatchObject({ code: 'entity.unique_integrity_violation' });

    const updated = await client.PATCH('/api/organization-scopes/{id}', {
      params: { path: { id: scope.id } },
      body: { description: null },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ name: 'read:docs', description: null });

    const deleted = await client.DELETE('/api/organization-scopes/{id}', { params: { path: { id: scope.id } } });
    expect(deleted.response.status).toBe(204);
  });

  it('organization scopes: a missing one answers Logto’s 404 of each operation', async () => {
    const path = { params: { path: { id: 'missing' } } };
    const got = await client.GET('/api/organization-scopes/{id}', path);
    expect(got.response.status).toBe(404);
    expect(got.error).toMatchObject({ code: 'entity.not_exists_with_id' });
    const patched = await client.PATCH('/api/organization-scopes/{id}', { ...path, body: { name: 'x' } });
    expect(patched.response.status).toBe(404);
    expect(patched.error).toMatchObject({ code: 'entity.not_exists' });
    const deleted = await client.DELETE('/api/organization-scopes/{id}', path);
    expect(deleted.response.status).toBe(404);
    expect(deleted.error).toMatchObject({ code: 'entity.not_found' });
  });

  it('organization scopes: the whole list without Total-Number, a page with it, q finds a part of the name', async () => {
    await newScope('read:docs');
    await newScope('write:docs');
    await newScope('admin');
    const all = await client.GET('/api/organization-scopes');
    expect(all.response.status).toBe(200);
    expect(all.data).toHaveLength(3);
    expect(all.response.headers.get('total-number')).toBeNull();

    const page = await client.GET('/api/organization-scopes', { params: { query: { page: 1, page_size: 2 } } });
    expect(page.data).toHaveLength(2);
    expect(page.response.headers.get('total-number')).toBe('3');

    const found = await client.GET('/api/organization-scopes', { params: { query: { q: 'docs' } } });
    expect(found.data?.map((s) => s.name).sort()).toEqual(['read:docs', 'write:docs']);
    const none = await client.GET('/api/organization-scopes', { params: { query: { q: 'DOCS:' } } });
    expect(none.data).toEqual([]);
  });

  it('organization roles: create (201) with type User by default, get, update, delete; names unique', async () => {
    const created = await client.POST('/api/organization-roles', {
      body: { name: 'Admin', description: 'All', ...noScopes },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Admin', description: 'All', type: 'User' });
    const id = created.data?.id ?? '';
    const robot = await client.POST('/api/organization-roles', {
      body: { name: 'Robot', type: 'MachineToMachine', ...noScopes },
    });
    expect(robot.data).toMatchObject({ type: 'MachineToMachine', description: null });

    const taken = await client.POST('/api/organization-roles', { body: { name: 'Admin', ...noScopes } });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'entity.unique_integrity_violation' });

    const got = await client.GET('/api/organization-roles/{id}', { params: { path: { id } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({ id, name: 'Admin' });

    const updated = await client.PATCH('/api/organization-roles/{id}', {
      params: { path: { id } },
      body: { name: 'Owner' },
    });
    expect(updated.data).toMatchObject({ id, name: 'Owner', description: 'All' });

    const deleted = await client.DELETE('/api/organization-roles/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/organization-roles/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_found' });
    const patched = await client.PATCH('/api/organization-roles/{id}', { params: { path: { id } }, body: {} });
    expect(patched.response.status).toBe(404);
    expect(patched.error).toMatchObject({ code: 'entity.not_exists' });
    const deletedAgain = await client.DELETE('/api/organization-roles/{id}', { params: { path: { id } } });
    expect(deletedAgain.error).toMatchObject({ code: 'entity.not_found' });
  });

  it('organization roles: a bad type is refused; the list is paged with Total-Number and q searches id, name and description', async () => {
    const bad = await client.POST('/api/organization-roles', {
      body: { name: 'Odd', type: 'Nobody' as 'User', ...noScopes },
    });
    expect(bad.response.status).toBe(400);
    for (const [name, description] of [
      ['Admin', 'Manages everything'],
      ['Member', 'Reads documents'],
      ['Guest', null],
    ] as const) {
      await client.POST('/api/organization-roles', { body: { name, description, ...noScopes } });
    }
    const list = await client.GET('/api/organization-roles');
    expect(list.response.headers.get('total-number')).toBe('3');
    expect(list.data).toHaveLength(3);
    const byDescription = await client.GET('/api/organization-roles', { params: { query: { q: 'document' } } });
    expect(byDescription.data?.map((r) => r.name)).toEqual(['Member']);
    expect(byDescription.response.headers.get('total-number')).toBe('1');
    const byName = await client.GET('/api/organization-roles', { params: { query: { q: 'dmi' } } });
    expect(byName.data?.map((r) => r.name)).toEqual(['Admin']);
    const guest = list.data?.find((r) => r.name === 'Guest');
    const byId = await client.GET('/api/organization-roles', { params: { query: { q: guest?.id ?? '' } } });
    expect(byId.data?.map((r) => r.name)).toEqual(['Guest']);
  });

  it('organizations: create (201) with Logto’s defaults, branding and colors, update, delete', async () => {
    const created = await client.POST('/api/organizations', { body: { name: 'Acme' } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({
      name: 'Acme',
      description: null,
      customData: {},
      isMfaRequired: false,
      color: {},
      branding: {},
      customCss: null,
      createdAt: expect.any(Number),
    });
    const id = created.data?.id ?? '';
    // Logto's organization ids are 12 lowercase letters and digits.
    expect(id).toMatch(/^[0-9a-z]{12}$/);

    const updated = await client.PATCH('/api/organizations/{id}', {
      params: { path: { id } },
      body: {
        description: 'Rockets',
        customData: { plan: 'pro' },
        isMfaRequired: true,
        color: { primaryColor: '#aa00ff', isDarkModeEnabled: true, darkPrimaryColor: '#fff' },
        branding: { logoUrl: 'https://acme.example/logo.png' },
        customCss: 'body { color: red; }',
      },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({
      description: 'Rockets',
      customData: { plan: 'pro' },
      isMfaRequired: true,
      color: { primaryColor: '#aa00ff', isDarkModeEnabled: true, darkPrimaryColor: '#fff' },
      branding: { logoUrl: 'https://acme.example/logo.png' },
      customCss: 'body { color: red; }',
    });

    const badColor = await client.PATCH('/api/organizations/{id}', {
      params: { path: { id } },
      body: { color: { primaryColor: 'purple' } },
    });
    expect(badColor.response.status).toBe(400);
    const badLogo = await client.PATCH('/api/organizations/{id}', {
      params: { path: { id } },
      body: { branding: { logoUrl: 'javascript:alert(1)' } },
    });
    expect(badLogo.response.status).toBe(400);

    const deleted = await client.DELETE('/api/organizations/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/organizations/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_exists_with_id' });
    const patched = await client.PATCH('/api/organizations/{id}', { params: { path: { id } }, body: { name: 'X' } });
    expect(patched.response.status).toBe(404);
    expect(patched.error).toMatchObject({ code: 'entity.not_exists' });
  });

  it('organizations: paged with Total-Number; q matches the name or the id', async () => {
    const ids: string[] = [];
    for (const name of ['Acme', 'Acme Labs', 'Globex']) {
      const created = await client.POST('/api/organizations', { body: { name } });
      ids.push(created.data?.id ?? '');
    }
    const list = await client.GET('/api/organizations', { params: { query: { page: 1, page_size: 2 } } });
    expect(list.data).toHaveLength(2);
    expect(list.response.headers.get('total-number')).toBe('3');
    const acme = await client.GET('/api/organizations', { params: { query: { q: 'acme' } } });
    expect(acme.data?.map((o) => o.name).sort()).toEqual(['Acme', 'Acme Labs']);
    expect(acme.response.headers.get('total-number')).toBe('2');
    const byId = await client.GET('/api/organizations', { params: { query: { q: ids[2] ?? '' } } });
    expect(byId.data?.map((o) => o.name)).toEqual(['Globex']);
  });
});
