/**
 * Drives the server over HTTP with a client typed by Logto's own Management API types (from `@logto/api`), with
 * Logto-shaped bodies: every implemented operation must answer Logto's status and carry every field Logto declares
 * as required, with the declared JSON type. Field lists below are checked against Logto's types at compile time.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
/** The JSON kinds a TypeScript type allows (distributes over unions: `string | null` → 'string' | 'null'). */
type KindOf<V> = V extends string
  ? 'string'
  : V extends number
    ? 'number'
    : V extends boolean
      ? 'boolean'
      : V extends null
        ? 'null'
        : V extends readonly unknown[]
          ? 'array'
          : V extends object
            ? 'object'
            : never;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** One entry per required key of T, naming the kinds its value may have: a missing or extra key does not compile. */
type Shape<T> = { [K in RequiredKeys<T>]-?: readonly [KindOf<T[K]>, ...KindOf<T[K]>[]] };

const kindOf = (value: unknown): Kind =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind);

/** Asserts that `value` has every key of `shape`, each of one of the kinds listed. */
const expectShape = <T>(value: T | undefined, shape: Shape<NonNullable<T>>, label: string) => {
  expect(kindOf(value), label).toBe('object');
  const record = value as Record<string, unknown>;
  for (const [key, kinds] of Object.entries(shape) as [string, readonly Kind[]][]) {
    expect(key in record, `${label}: missing required key ${key}`).toBe(true);
    expect(kinds, `${label}.${key} is ${JSON.stringify(record[key])}`).toContain(kindOf(record[key]));
  }
};

type Json<P extends keyof paths, M extends 'get' | 'post' | 'patch', S extends number> = paths[P][M] extends {
  responses: { [status in S]: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

type Resource = Json<'/api/resources/{id}', 'get', 200>;
type Scope = Json<'/api/resources/{resourceId}/scopes', 'post', 201>;
type Role = Json<'/api/roles/{id}', 'get', 200>;
type RoleScope = Json<'/api/roles/{id}/scopes', 'get', 200>[number];
type Hook = Json<'/api/hooks/{id}', 'get', 200>;

const resourceShape: Shape<Resource> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  indicator: ['string'],
  isDefault: ['boolean'],
  accessTokenTtl: ['number'],
};
const scopeShape: Shape<Scope> = {
  tenantId: ['string'],
  id: ['string'],
  resourceId: ['string'],
  name: ['string'],
  description: ['string', 'null'],
  createdAt: ['number'],
};
const roleShape: Shape<Role> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  description: ['string'],
  type: ['string'],
  isDefault: ['boolean'],
};
const roleScopeShape: Shape<RoleScope> = { ...scopeShape, resource: ['object'] };
const hookShape: Shape<Hook> = {
  tenantId: ['string'],
  id: ['string'],
  name: ['string'],
  event: ['string', 'null'],
  events: ['array'],
  config: ['object'],
  signingKey: ['string'],
  enabled: ['boolean'],
  createdAt: ['number'],
};
const hookConfigShape: Shape<Hook['config']> = { url: ['string'] };

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newResource = async (indicator = 'https://orders.example.com') => {
    const { data, response } = await client.POST('/api/resources', {
      body: { name: 'Orders', indicator, accessTokenTtl: 7200 },
    });
    expect(response.status).toBe(201);
    expectShape(data, resourceShape, 'CreateResource');
    if (!data) throw new Error('CreateResource returned no body');
    return data;
  };

  const newScope = async (resourceId: string, name: string) => {
    const { data, response } = await client.POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId } },
      body: { name, description: `Allows ${name}` },
    });
    expect(response.status).toBe(201);
    expectShape(data, scopeShape, 'CreateResourceScope');
    if (!data) throw new Error('CreateResourceScope returned no body');
    return data;
  };

  it('resources: ListResources, CreateResource, GetResource, UpdateResource, DeleteResource', async () => {
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

  it('roles: CreateRole (200), GetRole, UpdateRole, DeleteRole', async () => {
    const resource = await newResource();
    const scope = await newScope(resource.id, 'read:orders');
    const created = await client.POST('/api/roles', {
      body: { name: 'Reader', description: 'Reads orders', type: 'User', isDefault: false, scopeIds: [scope.id] },
    });
    expect(created.response.status).toBe(200);
    expectShape(created.data, roleShape, 'CreateRole');
    const id = created.data?.id ?? '';

    const got = await client.GET('/api/roles/{id}', { params: { path: { id } } });
    expect(got.response.status).toBe(200);
    expectShape(got.data, roleShape, 'GetRole');
    expect(got.data).toEqual(created.data);

    const updated = await client.PATCH('/api/roles/{id}', {
      params: { path: { id } },
      body: { name: 'Order reader', description: 'Reads all orders', isDefault: true },
    });
    expect(updated.response.status).toBe(200);
    expectShape(updated.data, roleShape, 'UpdateRole');
    expect(updated.data).toMatchObject({ name: 'Order reader', description: 'Reads all orders', isDefault: true });

    const taken = await client.POST('/api/roles', { body: { name: 'Order reader', description: 'Again' } });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'role.name_in_use' });

    const deleted = await client.DELETE('/api/roles/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
  });

  it('roles: ListRoles answers with every field Logto declares', async () => {
    await client.POST('/api/roles', { body: { name: 'Robot', description: 'M2M', type: 'MachineToMachine' } });
    const list = await client.GET('/api/roles', {
      params: { query: { page: 1, page_size: 20, type: 'MachineToMachine' } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(1);
    // Logto also lists usersCount, featuredUsers, applicationsCount and featuredApplications: they arrive with the
    // users and applications entities.
    expectShape<Role>(list.data?.[0], roleShape, 'ListRoles[0]');
  });

  it('role scopes: ListRoleScopes, CreateRoleScope (201), DeleteRoleScope', async () => {
    const resource = await newResource();
    const read = await newScope(resource.id, 'read:orders');
    const write = await newScope(resource.id, 'write:orders');
    const role = await client.POST('/api/roles', { body: { name: 'Editor', description: 'Edits orders' } });
    const id = role.data?.id ?? '';

    const assigned = await client.POST('/api/roles/{id}/scopes', {
      params: { path: { id } },
      body: { scopeIds: [read.id, write.id] },
    });
    expect(assigned.response.status).toBe(201);
    expect(assigned.data).toHaveLength(2);
    for (const [i, scope] of (assigned.data ?? []).entries()) expectShape(scope, scopeShape, `CreateRoleScope[${i}]`);

    const list = await client.GET('/api/roles/{id}/scopes', {
      params: { path: { id }, query: { page: 1, page_size: 20 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(2);
    for (const [i, scope] of (list.data ?? []).entries()) {
      expectShape(scope, roleScopeShape, `ListRoleScopes[${i}]`);
      expectShape(scope.resource, resourceShape, `ListRoleScopes[${i}].resource`);
      expect(scope.resource.id).toBe(resource.id);
    }

    const again = await client.POST('/api/roles/{id}/scopes', {
      params: { path: { id } },
      body: { scopeIds: [read.id] },
    });
    expect(again.response.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'role.scope_exists' });

    const removed = await client.DELETE('/api/roles/{id}/scopes/{scopeId}', {
      params: { path: { id, scopeId: read.id } },
    });
    expect(removed.response.status).toBe(204);
    const after = await client.GET('/api/roles/{id}/scopes', { params: { path: { id } } });
    expect(after.data?.map((s) => s.id)).toEqual([write.id]);
  });

  it('hooks: ListHooks, CreateHook, GetHook, UpdateHook, UpdateHookSigningKey, DeleteHook', async () => {
    const created = await client.POST('/api/hooks', {
      body: {
        name: 'Audit',
        events: ['PostRegister', 'PostSignIn'],
        config: { url: 'http://127.0.0.1:9/audit', headers: { 'X-Team': 'identity' }, retries: 2 },
        enabled: true,
      },
    });
    expect(created.response.status).toBe(201);
    expectShape(created.data, hookShape, 'CreateHook');
    expectShape(created.data?.config, hookConfigShape, 'CreateHook.config');
    const id = created.data?.id ?? '';

    const list = await client.GET('/api/hooks', { params: { query: { page: 1, page_size: 20 } } });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(1);
    expectShape(list.data?.[0], hookShape, 'ListHooks[0]');

    const got = await client.GET('/api/hooks/{id}', { params: { path: { id } } });
    expect(got.response.status).toBe(200);
    expectShape(got.data, hookShape, 'GetHook');
    expect(got.data).toEqual(created.data);

    const updated = await client.PATCH('/api/hooks/{id}', {
      params: { path: { id } },
      body: { name: 'Audit v2', events: ['PostSignIn'], config: { url: 'https://hooks.example.com/audit' } },
    });
    expect(updated.response.status).toBe(200);
    expectShape(updated.data, hookShape, 'UpdateHook');
    expect(updated.data).toMatchObject({ name: 'Audit v2', events: ['PostSignIn'] });
    expect(updated.data?.config).toEqual({ url: 'https://hooks.example.com/audit' });

    const rotated = await client.PATCH('/api/hooks/{id}/signing-key', { params: { path: { id } } });
    expect(rotated.response.status).toBe(200);
    expectShape(rotated.data, hookShape, 'UpdateHookSigningKey');
    expect(rotated.data?.signingKey).not.toBe(created.data?.signingKey);

    const deleted = await client.DELETE('/api/hooks/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/hooks/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
  });

  it('answers invalid Logto-typed input with 400 and the error body', async () => {
    const reply = await client.POST('/api/hooks', {
      body: { name: 'Bad', events: ['PostSignIn'], config: { url: 'https://hooks.example.com', retries: 4 } },
    });
    expect(reply.response.status).toBe(400);
    expect(reply.error).toMatchObject({ code: 'guard.invalid_input', message: expect.any(String) });
  });
});
