/**
 * Logto's Management API contract: roles and their scopes.
 * Driven over HTTP with a client typed by Logto's own types (from `@logto/api`) and Logto-shaped bodies, every
 * operation must answer Logto's status and carry every field Logto declares as required, with the declared JSON
 * type (the shapes are in logto-contract-shapes.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import {
  expectApplication,
  expectShape,
  featuredApplicationShape,
  featuredUserShape,
  type ListedRole,
  listedRoleShape,
  resourceHelpers,
  resourceShape,
  roleScopeShape,
  roleShape,
  scopeShape,
} from './logto-contract-shapes.js';

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const { newResource, newScope } = resourceHelpers(() => client);

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

  it('roles: ListRoles answers with every field Logto declares, the link counts and featured links included', async () => {
    const robot = await client.POST('/api/roles', {
      body: { name: 'Robot', description: 'M2M', type: 'MachineToMachine' },
    });
    const app = await client.POST('/api/applications', { body: { name: 'Nightly job', type: 'MachineToMachine' } });
    await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId: app.data?.id ?? '' } },
      body: { roleIds: [robot.data?.id ?? ''] },
    });
    const list = await client.GET('/api/roles', {
      params: { query: { page: 1, page_size: 20, type: 'MachineToMachine' } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(1);
    const listed = list.data?.[0];
    expectShape<ListedRole>(listed, listedRoleShape, 'ListRoles[0]');
    expect(listed).toMatchObject({ usersCount: 0, featuredUsers: [], applicationsCount: 1 });
    expectShape(listed?.featuredApplications[0], featuredApplicationShape, 'ListRoles[0].featuredApplications[0]');
    // A user linked to a role (users have no management routes yet; the sign-in pages write them).
    await api.db.withTenant('default', async (tx) => {
      await tx.query(
        `INSERT INTO users (tenant_id, id, username, password_encrypted) VALUES ('default', 'u1', 'ada', 'x')`,
      );
      await tx.query(`INSERT INTO users_roles (tenant_id, user_id, role_id) VALUES ('default', 'u1', $1)`, [
        robot.data?.id,
      ]);
    });
    const again = await client.GET('/api/roles', { params: { query: { page: 1, page_size: 20 } } });
    expect(again.data?.[0]?.usersCount).toBe(1);
    expectShape(again.data?.[0]?.featuredUsers[0], featuredUserShape, 'ListRoles[0].featuredUsers[0]');
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
    // Without a page, the whole list and no total, as Logto's optional paging answers.
    const after = await client.GET('/api/roles/{id}/scopes', { params: { path: { id } } });
    expect(after.data?.map((s) => s.id)).toEqual([write.id]);
    expect(after.response.headers.get('total-number')).toBeNull();
  });

  it('keeps management API permissions off user roles, at creation and assignment (400), and gives them to machine roles', async () => {
    const managementApi = await newResource('https://default.gatehouse.internal/api');
    await api.db.query(
      `INSERT INTO scopes (tenant_id, id, resource_id, name, description) VALUES ('default', 'all-scope', $1, 'all', null)`,
      [managementApi.id],
    );
    const created = await client.POST('/api/roles', {
      body: { name: 'Operators', description: 'Operate', type: 'User', scopeIds: ['all-scope'] },
    });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject({ code: 'role.management_api_scopes_not_assignable_to_user_role' });
    expect((await client.GET('/api/roles')).data).toEqual([]);
    const userRole = await client.POST('/api/roles', { body: { name: 'Operators', description: 'Operate' } });
    const assigned = await client.POST('/api/roles/{id}/scopes', {
      params: { path: { id: userRole.data?.id ?? '' } },
      body: { scopeIds: ['all-scope'] },
    });
    expect(assigned.response.status).toBe(400);
    expect(assigned.error).toMatchObject({ code: 'role.management_api_scopes_not_assignable_to_user_role' });
    const machineRole = await client.POST('/api/roles', {
      body: { name: 'Automation', description: 'Calls the API', type: 'MachineToMachine', scopeIds: ['all-scope'] },
    });
    expect(machineRole.response.status).toBe(200);
  });

  it('role applications: CreateRoleApplication (201), ListRoleApplications, DeleteRoleApplication (204)', async () => {
    const robot = await client.POST('/api/roles', {
      body: { name: 'Robot', description: 'M2M', type: 'MachineToMachine' },
    });
    const id = robot.data?.id ?? '';
    const nightly = await client.POST('/api/applications', { body: { name: 'Nightly job', type: 'MachineToMachine' } });
    const reports = await client.POST('/api/applications', { body: { name: 'Reports', type: 'MachineToMachine' } });
    const web = await client.POST('/api/applications', { body: { name: 'Web', type: 'SPA' } });
    const appIds = [nightly.data?.id ?? '', reports.data?.id ?? ''];

    const assigned = await client.POST('/api/roles/{id}/applications', {
      parseAs: 'text',
      params: { path: { id } },
      body: { applicationIds: appIds },
    });
    expect(assigned.response.status).toBe(201);

    const list = await client.GET('/api/roles/{id}/applications', {
      params: { path: { id }, query: { page: 1, page_size: 1 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.response.headers.get('total-number')).toBe('2');
    expect(list.data).toHaveLength(1);
    expectApplication(list.data?.[0], 'ListRoleApplications[0]');

    // Only machine-to-machine applications take a role; a user role takes none.
    const wrongApp = await client.POST('/api/roles/{id}/applications', {
      params: { path: { id } },
      body: { applicationIds: [web.data?.id ?? ''] },
    });
    expect(wrongApp.response.status).toBe(422);
    expect(wrongApp.error).toMatchObject({ code: 'application.invalid_type' });
    const reader = await client.POST('/api/roles', { body: { name: 'Reader', description: 'A user role' } });
    const wrongRole = await client.POST('/api/roles/{id}/applications', {
      params: { path: { id: reader.data?.id ?? '' } },
      body: { applicationIds: [appIds[0] ?? ''] },
    });
    expect(wrongRole.response.status).toBe(422);
    expect(wrongRole.error).toMatchObject({ code: 'application.invalid_role_type' });
    const again = await client.POST('/api/roles/{id}/applications', {
      params: { path: { id } },
      body: { applicationIds: [appIds[1] ?? ''] },
    });
    expect(again.response.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'role.application_exists' });

    const removed = await client.DELETE('/api/roles/{id}/applications/{applicationId}', {
      params: { path: { id, applicationId: appIds[0] ?? '' } },
    });
    expect(removed.response.status).toBe(204);
    const after = await client.GET('/api/roles/{id}/applications', { params: { path: { id } } });
    expect(after.data?.map((app) => app.name)).toEqual(['Reports']);
    const gone = await client.DELETE('/api/roles/{id}/applications/{applicationId}', {
      params: { path: { id, applicationId: appIds[0] ?? '' } },
    });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_found' });
  });
});
