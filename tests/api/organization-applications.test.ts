/**
 * Machine-to-machine applications of an organization and their organization roles, as Logto has them:
 * `/api/organizations/{id}/applications`, `…/applications/{applicationId}/roles`, `…/applications/roles` and an
 * application's organizations (`/api/applications/{id}/organizations`).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization applications on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrganization = async (name: string) =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newApp = async (name: string, type: 'MachineToMachine' | 'SPA' = 'MachineToMachine') => {
    const created = await client.POST('/api/applications', {
      body: {
        name,
        type,
        ...(type === 'SPA' ? { oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] } } : {}),
      },
    });
    expect(created.response.status).toBe(200);
    return created.data?.id ?? '';
  };
  const newRole = async (name: string, type: 'User' | 'MachineToMachine' = 'MachineToMachine') =>
    (
      await client.POST('/api/organization-roles', {
        body: { name, type, organizationScopeIds: [], resourceScopeIds: [] },
      })
    ).data?.id ?? '';
  const appsOf = async (id: string) =>
    ((await client.GET('/api/organizations/{id}/applications', { params: { path: { id } } })).data ?? [])
      .map((app) => app.name)
      .sort();
  const rolesOf = async (id: string, applicationId: string) =>
    (
      (
        await client.GET('/api/organizations/{id}/applications/{applicationId}/roles', {
          params: { path: { id, applicationId } },
        })
      ).data ?? []
    )
      .map((role) => role.name)
      .sort();
  const add = (id: string, applicationIds: string[]) =>
    client.POST('/api/organizations/{id}/applications', {
      params: { path: { id } },
      body: { applicationIds },
      parseAs: 'text',
    });

  it('applications: POST adds (201), PUT replaces (204), DELETE removes; the list is paged and searched with q', async () => {
    const org = await newOrganization('Acme');
    const [robot, batch, cron] = [await newApp('Robot'), await newApp('Batch job'), await newApp('Cron')];
    const added = await add(org, [robot, batch]);
    expect(added.response.status).toBe(201);
    expect(added.data).toBe('Created');
    expect((await add(org, [batch, cron])).response.status).toBe(201);
    expect(await appsOf(org)).toEqual(['Batch job', 'Cron', 'Robot']);

    const list = await client.GET('/api/organizations/{id}/applications', {
      params: { path: { id: org }, query: { page: 1, page_size: 2 } },
    });
    expect(list.data).toHaveLength(2);
    expect(list.response.headers.get('total-number')).toBe('3');
    expect(list.data?.[0]).toMatchObject({ type: 'MachineToMachine', organizationRoles: [] });
    const found = await client.GET('/api/organizations/{id}/applications', {
      params: { path: { id: org }, query: { q: 'batch' } },
    });
    expect(found.data?.map((app) => app.name)).toEqual(['Batch job']);

    const replaced = await client.PUT('/api/organizations/{id}/applications', {
      params: { path: { id: org } },
      body: { applicationIds: [cron] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await appsOf(org)).toEqual(['Cron']);
    const removed = await client.DELETE('/api/organizations/{id}/applications/{applicationId}', {
      params: { path: { id: org, applicationId: cron } },
    });
    expect(removed.response.status).toBe(204);
    expect(await appsOf(org)).toEqual([]);
    const again = await client.DELETE('/api/organizations/{id}/applications/{applicationId}', {
      params: { path: { id: org, applicationId: cron } },
    });
    expect(again.response.status).toBe(404);
  });

  it('only machine-to-machine applications join (422 entity.db_constraint_violated); unknown ids answer 422', async () => {
    const org = await newOrganization('Acme');
    const [robot, spa] = [await newApp('Robot'), await newApp('Web', 'SPA')];
    const refused = await add(org, [robot, spa]);
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({ code: 'entity.db_constraint_violated' });
    const unknown = await add(org, [robot, 'missing']);
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const noOrg = await add('missing', [robot]);
    expect(noOrg.response.status).toBe(422);
    expect(noOrg.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    expect(await appsOf(org)).toEqual([]);
  });

  it('application roles: POST (201), PUT (204), DELETE; user roles and non-members refused; bulk roles', async () => {
    const org = await newOrganization('Acme');
    const [robot, batch, outsider] = [await newApp('Robot'), await newApp('Batch'), await newApp('Outsider')];
    const [reader, writer, member] = [
      await newRole('Reader'),
      await newRole('Writer'),
      await newRole('Member', 'User'),
    ];
    await add(org, [robot, batch]);
    const path = { params: { path: { id: org, applicationId: robot } } };

    const added = await client.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
      ...path,
      body: { organizationRoleIds: [reader] },
      parseAs: 'text',
    });
    expect(added.response.status).toBe(201);
    expect(await rolesOf(org, robot)).toEqual(['Reader']);
    const userRole = await client.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
      ...path,
      body: { organizationRoleIds: [member] },
      parseAs: 'text',
    });
    expect(userRole.response.status).toBe(422);
    expect(userRole.error).toMatchObject({ code: 'entity.db_constraint_violated' });
    const notMember = await client.GET('/api/organizations/{id}/applications/{applicationId}/roles', {
      params: { path: { id: org, applicationId: outsider } },
    });
    expect(notMember.response.status).toBe(422);
    expect(notMember.error).toMatchObject({ code: 'organization.require_membership' });

    const replaced = await client.PUT('/api/organizations/{id}/applications/{applicationId}/roles', {
      ...path,
      body: { organizationRoleIds: [writer] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await rolesOf(org, robot)).toEqual(['Writer']);
    const removed = await client.DELETE(
      '/api/organizations/{id}/applications/{applicationId}/roles/{organizationRoleId}',
      { params: { path: { id: org, applicationId: robot, organizationRoleId: writer } } },
    );
    expect(removed.response.status).toBe(204);
    expect(await rolesOf(org, robot)).toEqual([]);

    const bulk = await client.POST('/api/organizations/{id}/applications/roles', {
      params: { path: { id: org } },
      body: { applicationIds: [robot, batch], organizationRoleIds: [reader, writer] },
      parseAs: 'text',
    });
    expect(bulk.response.status).toBe(201);
    expect(await rolesOf(org, robot)).toEqual(['Reader', 'Writer']);
    expect(await rolesOf(org, batch)).toEqual(['Reader', 'Writer']);
    const listed = await client.GET('/api/organizations/{id}/applications', { params: { path: { id: org } } });
    const robotListed = listed.data?.find((app) => app.id === robot);
    expect(robotListed?.organizationRoles.map((role) => role.name).sort()).toEqual(['Reader', 'Writer']);
  });

  it("an application's organizations carry its roles in each; an unknown application answers 404", async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const robot = await newApp('Robot');
    const reader = await newRole('Reader');
    await add(acme, [robot]);
    await add(globex, [robot]);
    await client.POST('/api/organizations/{id}/applications/{applicationId}/roles', {
      params: { path: { id: acme, applicationId: robot } },
      body: { organizationRoleIds: [reader] },
      parseAs: 'text',
    });
    const list = await client.GET('/api/applications/{id}/organizations', { params: { path: { id: robot } } });
    expect(list.response.status).toBe(200);
    expect(list.response.headers.get('total-number')).toBeNull();
    const byName = Object.fromEntries((list.data ?? []).map((org) => [org.name, org.organizationRoles]));
    expect(byName).toEqual({ Acme: [{ id: reader, name: 'Reader' }], Globex: [] });
    const paged = await client.GET('/api/applications/{id}/organizations', {
      params: { path: { id: robot }, query: { page: 1, page_size: 1 } },
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.response.headers.get('total-number')).toBe('2');
    const missing = await client.GET('/api/applications/{id}/organizations', { params: { path: { id: 'missing' } } });
    expect(missing.response.status).toBe(404);
  });

  it('deleting an organization, a role or an application removes its memberships and roles', async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const [robot, batch] = [await newApp('Robot'), await newApp('Batch')];
    const [reader, writer] = [await newRole('Reader'), await newRole('Writer')];
    for (const org of [acme, globex]) {
      await add(org, [robot, batch]);
      await client.POST('/api/organizations/{id}/applications/roles', {
        params: { path: { id: org } },
        body: { applicationIds: [robot, batch], organizationRoleIds: [reader, writer] },
        parseAs: 'text',
      });
    }
    const count = async (table: string) =>
      Number((await api.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);
    expect(await count('organization_application_relations')).toBe(4);
    expect(await count('organization_role_application_relations')).toBe(8);

    await client.DELETE('/api/organization-roles/{id}', { params: { path: { id: writer } } });
    expect(await count('organization_role_application_relations')).toBe(4);
    await client.DELETE('/api/applications/{id}', { params: { path: { id: batch } } });
    expect(await count('organization_application_relations')).toBe(2);
    expect(await count('organization_role_application_relations')).toBe(2);
    await client.DELETE('/api/organizations/{id}', { params: { path: { id: acme } } });
    expect(await count('organization_application_relations')).toBe(1);
    expect(await count('organization_role_application_relations')).toBe(1);
    expect(await rolesOf(globex, robot)).toEqual(['Reader']);
  });
});
