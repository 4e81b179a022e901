/**
 * Logto's Management API contract: applications, their secrets and their roles.
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
  applicationRoleShape,
  applicationSecretShape,
  expectApplication,
  expectShape,
  uris,
} from './logto-contract-shapes.js';

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('applications: ListApplications, CreateApplication (200), GetApplication, UpdateApplication, DeleteApplication', async () => {
    const created = await client.POST('/api/applications', {
      body: {
        name: 'Storefront',
        description: 'The shop',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: uris('https://shop.example.com/callback'), postLogoutRedirectUris: [] },
        customClientMetadata: { corsAllowedOrigins: ['https://shop.example.com'] },
      },
    });
    expect(created.response.status).toBe(200);
    expectApplication(created.data, 'CreateApplication');
    expect(created.data?.oidcClientMetadata.redirectUris).toEqual(['https://shop.example.com/callback']);
    const id = created.data?.id ?? '';
    const robot = await client.POST('/api/applications', { body: { name: 'Nightly job', type: 'MachineToMachine' } });
    expect(robot.response.status).toBe(200);

    const list = await client.GET('/api/applications', {
      params: { query: { page: 1, page_size: 20, isThirdParty: 'false' } },
    });
    expect(list.response.status).toBe(200);
    expect(list.response.headers.get('total-number')).toBe('2');
    for (const [i, app] of (list.data ?? []).entries()) expectApplication(app, `ListApplications[${i}]`);
    // `types` as the client sends an array (the parameter repeated), and the role exclusion of assign dialogs.
    const both = await client.GET('/api/applications', { params: { query: { types: ['SPA', 'MachineToMachine'] } } });
    expect(both.data?.map((app) => app.name).sort()).toEqual(['Nightly job', 'Storefront']);
    const role = await client.POST('/api/roles', {
      body: { name: 'Robot', description: 'Machine access', type: 'MachineToMachine' },
    });
    await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId: robot.data?.id ?? '' } },
      body: { roleIds: [role.data?.id ?? ''] },
    });
    const unassigned = await client.GET('/api/applications', {
      params: { query: { types: 'MachineToMachine', excludeRoleId: role.data?.id ?? '' } },
    });
    expect(unassigned.response.status).toBe(200);
    expect(unassigned.data).toEqual([]);

    const got = await client.GET('/api/applications/{id}', { params: { path: { id } } });
    expect(got.response.status).toBe(200);
    // GetApplication also declares `isAdmin` (the admin tenant's flag), which Gatehouse does not answer yet.
    expectApplication(got.data, 'GetApplication');
    expect(got.data).toEqual(created.data);

    const updated = await client.PATCH('/api/applications/{id}', {
      params: { path: { id } },
      body: {
        name: 'Storefront v2',
        description: null,
        oidcClientMetadata: {
          redirectUris: uris('https://shop.example.com/callback', 'https://shop.example.com/cb2'),
          postLogoutRedirectUris: uris('https://shop.example.com'),
        },
        customClientMetadata: { refreshTokenTtlInDays: 30, rotateRefreshToken: true },
      },
    });
    expect(updated.response.status).toBe(200);
    expectApplication(updated.data, 'UpdateApplication');
    expect(updated.data).toMatchObject({ name: 'Storefront v2', description: null });
    expect(updated.data?.customClientMetadata).toEqual({ refreshTokenTtlInDays: 30, rotateRefreshToken: true });

    const deleted = await client.DELETE('/api/applications/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const missing = await client.GET('/api/applications/{id}', { params: { path: { id } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'entity.not_exists_with_id', message: expect.any(String) });
  });

  it('application secrets: ListApplicationSecrets, CreateApplicationSecret (201), UpdateApplicationSecret, DeleteApplicationSecret', async () => {
    const app = await client.POST('/api/applications', { body: { name: 'Nightly job', type: 'MachineToMachine' } });
    const id = app.data?.id ?? '';
    const expiresAt = Date.now() + 7 * 24 * 60 * 60 * 1000;

    const created = await client.POST('/api/applications/{id}/secrets', {
      params: { path: { id } },
      body: { name: 'ci', expiresAt },
    });
    expect(created.response.status).toBe(201);
    expectShape(created.data, applicationSecretShape, 'CreateApplicationSecret');
    expect(created.data).toMatchObject({ applicationId: id, name: 'ci', expiresAt });
    const forever = await client.POST('/api/applications/{id}/secrets', {
      params: { path: { id } },
      body: { name: 'deploy', expiresAt: null },
    });
    expect(forever.response.status).toBe(201);
    expect(forever.data?.expiresAt).toBeNull();

    const list = await client.GET('/api/applications/{id}/secrets', { params: { path: { id } } });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(2);
    for (const [i, secret] of (list.data ?? []).entries()) {
      expectShape(secret, applicationSecretShape, `ListApplicationSecrets[${i}]`);
    }

    const duplicate = await client.POST('/api/applications/{id}/secrets', {
      params: { path: { id } },
      body: { name: 'ci' },
    });
    expect(duplicate.response.status).toBe(422);
    expect(duplicate.error).toMatchObject({ code: 'application.secret_name_exists' });
    const expired = await client.POST('/api/applications/{id}/secrets', {
      params: { path: { id } },
      body: { name: 'stale', expiresAt: Date.now() - 1000 },
    });
    expect(expired.response.status).toBe(400);
    expect(expired.error).toMatchObject({ code: 'request.invalid_input' });

    const renamed = await client.PATCH('/api/applications/{id}/secrets/{name}', {
      params: { path: { id, name: 'ci' } },
      body: { name: 'build' },
    });
    expect(renamed.response.status).toBe(200);
    expectShape(renamed.data, applicationSecretShape, 'UpdateApplicationSecret');
    expect(renamed.data?.value).toBe(created.data?.value);

    const deleted = await client.DELETE('/api/applications/{id}/secrets/{name}', {
      params: { path: { id, name: 'build' } },
    });
    expect(deleted.response.status).toBe(204);
    const after = await client.GET('/api/applications/{id}/secrets', { params: { path: { id } } });
    expect(after.data?.map((secret) => secret.name)).toEqual(['deploy']);
  });

  it('application roles: ListApplicationRoles, AssignApplicationRoles (201), ReplaceApplicationRoles, DeleteApplicationRole', async () => {
    const app = await client.POST('/api/applications', { body: { name: 'Nightly job', type: 'MachineToMachine' } });
    const applicationId = app.data?.id ?? '';
    const robot = await client.POST('/api/roles', {
      body: { name: 'Robot', description: 'Machine access', type: 'MachineToMachine' },
    });
    const roleId = robot.data?.id ?? '';

    const assigned = await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId } },
      body: { roleIds: [roleId] },
    });
    expect(assigned.response.status).toBe(201);
    expect(assigned.data).toEqual({ roleIds: [roleId], addedRoleIds: [roleId] });
    // A role already assigned is left as it is (Logto ignores it).
    const again = await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId } },
      body: { roleIds: [roleId] },
    });
    expect(again.response.status).toBe(201);
    expect(again.data).toEqual({ roleIds: [roleId], addedRoleIds: [] });

    const list = await client.GET('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId }, query: { page: 1, page_size: 20 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.response.headers.get('total-number')).toBe('1');
    expectShape(list.data?.[0], applicationRoleShape, 'ListApplicationRoles[0]');

    const user = await client.POST('/api/roles', { body: { name: 'Viewer', description: 'Reads', type: 'User' } });
    const wrongRole = await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId } },
      body: { roleIds: [user.data?.id ?? ''] },
    });
    expect(wrongRole.response.status).toBe(422);
    expect(wrongRole.error).toMatchObject({ code: 'application.invalid_role_type' });
    const spa = await client.POST('/api/applications', { body: { name: 'Storefront', type: 'SPA' } });
    const wrongApp = await client.POST('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId: spa.data?.id ?? '' } },
      body: { roleIds: [roleId] },
    });
    expect(wrongApp.response.status).toBe(422);
    expect(wrongApp.error).toMatchObject({ code: 'application.invalid_type' });

    // ReplaceApplicationRoles: the roles named, and only those.
    const other = await client.POST('/api/roles', {
      body: { name: 'Other robot', description: 'Machine access', type: 'MachineToMachine' },
    });
    const otherId = other.data?.id ?? '';
    const replaced = await client.PUT('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId } },
      body: { roleIds: [otherId] },
    });
    expect(replaced.response.status).toBe(200);
    const now = await client.GET('/api/applications/{applicationId}/roles', { params: { path: { applicationId } } });
    expect(now.data?.map((role) => role.id)).toEqual([otherId]);
    await client.PUT('/api/applications/{applicationId}/roles', {
      params: { path: { applicationId } },
      body: { roleIds: [roleId] },
    });

    const removed = await client.DELETE('/api/applications/{applicationId}/roles/{roleId}', {
      params: { path: { applicationId, roleId } },
    });
    expect(removed.response.status).toBe(204);
    const after = await client.GET('/api/applications/{applicationId}/roles', { params: { path: { applicationId } } });
    expect(after.data).toEqual([]);
  });

  it('applications: UpdateApplicationCustomData merges top-level keys and answers the whole custom data', async () => {
    const created = await client.POST('/api/applications', {
      body: { name: 'Billing', type: 'MachineToMachine', customData: { team: 'finance', tier: 1 } },
    });
    const applicationId = created.data?.id ?? '';
    const merged = await client.PATCH('/api/applications/{applicationId}/custom-data', {
      params: { path: { applicationId } },
      body: { tier: 2, region: 'eu' },
    });
    expect(merged.response.status).toBe(200);
    expect(merged.data).toEqual({ team: 'finance', tier: 2, region: 'eu' });
    const read = await client.GET('/api/applications/{id}', { params: { path: { id: applicationId } } });
    expect(read.data?.customData).toEqual({ team: 'finance', tier: 2, region: 'eu' });
    const notAnObject = await client.PATCH('/api/applications/{applicationId}/custom-data', {
      params: { path: { applicationId } },
      body: ['x'] as never,
    });
    expect(notAnObject.response.status).toBe(400);
    const missing = await client.PATCH('/api/applications/{applicationId}/custom-data', {
      params: { path: { applicationId: 'missing' } },
      body: { tier: 3 },
    });
    expect(missing.response.status).toBe(404);
  });

  it("applications: a third party is a traditional web, single page or native app (Logto's 400), listed apart", async () => {
    const m2m = await client.POST('/api/applications', {
      body: { name: 'Partner sync', type: 'MachineToMachine', isThirdParty: true },
    });
    expect(m2m.response.status).toBe(400);
    expect(m2m.error).toMatchObject({ code: 'application.invalid_third_party_application_type' });
    const exchanging = await client.POST('/api/applications', {
      body: {
        name: 'Partner exchange',
        type: 'Traditional',
        isThirdParty: true,
        customClientMetadata: { allowTokenExchange: true },
      } as never,
    });
    expect(exchanging.response.status).toBe(422);
    expect(exchanging.error).toMatchObject({
      code: 'application.third_party_application_cannot_enable_token_exchange',
    });
    expect(await api.count('applications')).toBe(0);
    const portal = await client.POST('/api/applications', {
      body: { name: 'Partner portal', type: 'Traditional', isThirdParty: true },
    });
    expect(portal.response.status).toBe(200);
    await client.POST('/api/applications', { body: { name: 'Own site', type: 'SPA' } });
    const third = await client.GET('/api/applications', { params: { query: { isThirdParty: 'true' } } });
    expect(third.data?.map(({ name }) => name)).toEqual(['Partner portal']);
    const own = await client.GET('/api/applications', { params: { query: { isThirdParty: 'false' } } });
    expect(own.data?.map(({ name }) => name)).toEqual(['Own site']);
  });
});
