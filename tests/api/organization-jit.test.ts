/**
 * Just-in-time provisioning settings of an organization, as Logto's Management API has them: the organization roles
 * new members get (`/api/organizations/{id}/jit/roles`) and the enterprise SSO connectors that provision members
 * (`/api/organizations/{id}/jit/sso-connectors`; no connector exists yet, so that list stays empty).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization just-in-time provisioning on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrganization = async (name: string) =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newRole = async (name: string) =>
    (
      await client.POST('/api/organization-roles', {
        body: { name, organizationScopeIds: [], resourceScopeIds: [] },
      })
    ).data?.id ?? '';
  const jitRolesOf = async (id: string) =>
    ((await client.GET('/api/organizations/{id}/jit/roles', { params: { path: { id } } })).data ?? [])
      .map((role) => role.name)
      .sort();

  it('jit roles: POST adds (201), GET lists whole or paged, PUT replaces (204), DELETE removes (204, then 404)', async () => {
    const org = await newOrganization('Acme');
    const [member, viewer, editor] = [await newRole('Member'), await newRole('Viewer'), await newRole('Editor')];
    const path = { params: { path: { id: org } } };
    const added = await client.POST('/api/organizations/{id}/jit/roles', {
      ...path,
      body: { organizationRoleIds: [member, viewer] },
      parseAs: 'text',
    });
    expect(added.response.status).toBe(201);
    expect(await jitRolesOf(org)).toEqual(['Member', 'Viewer']);
    const whole = await client.GET('/api/organizations/{id}/jit/roles', path);
    expect(whole.response.headers.get('total-number')).toBeNull();
    const paged = await client.GET('/api/organizations/{id}/jit/roles', {
      params: { path: { id: org }, query: { page: 1, page_size: 1 } },
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.response.headers.get('total-number')).toBe('2');

    const replaced = await client.PUT('/api/organizations/{id}/jit/roles', {
      ...path,
      body: { organizationRoleIds: [editor] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await jitRolesOf(org)).toEqual(['Editor']);
    const removed = await client.DELETE('/api/organizations/{id}/jit/roles/{organizationRoleId}', {
      params: { path: { id: org, organizationRoleId: editor } },
    });
    expect(removed.response.status).toBe(204);
    expect(await jitRolesOf(org)).toEqual([]);
    const again = await client.DELETE('/api/organizations/{id}/jit/roles/{organizationRoleId}', {
      params: { path: { id: org, organizationRoleId: editor } },
    });
    expect(again.response.status).toBe(404);

    const unknown = await client.POST('/api/organizations/{id}/jit/roles', {
      ...path,
      body: { organizationRoleIds: [member, 'missing'] },
      parseAs: 'text',
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    expect(await jitRolesOf(org)).toEqual([]);
  });

  it('jit SSO connectors: the list is empty and an unknown connector answers 422 entity.relation_foreign_key_not_found', async () => {
    const org = await newOrganization('Acme');
    const path = { params: { path: { id: org } } };
    const list = await client.GET('/api/organizations/{id}/jit/sso-connectors', path);
    expect(list.response.status).toBe(200);
    expect(list.data).toEqual([]);
    const unknown = await client.POST('/api/organizations/{id}/jit/sso-connectors', {
      ...path,
      body: { ssoConnectorIds: ['okta'] },
      parseAs: 'text',
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const cleared = await client.PUT('/api/organizations/{id}/jit/sso-connectors', {
      ...path,
      body: { ssoConnectorIds: [] },
    });
    expect(cleared.response.status).toBe(204);
  });

  it('deleting an organization or an organization role removes its just-in-time rows', async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const [member, viewer] = [await newRole('Member'), await newRole('Viewer')];
    for (const id of [acme, globex]) {
      await client.POST('/api/organizations/{id}/jit/roles', {
        params: { path: { id } },
        body: { organizationRoleIds: [member, viewer] },
        parseAs: 'text',
      });
    }
    const count = async () =>
      Number((await api.db.query('SELECT count(*)::int AS n FROM organization_jit_roles')).rows[0]?.n);
    expect(await count()).toBe(4);
    await client.DELETE('/api/organization-roles/{id}', { params: { path: { id: viewer } } });
    expect(await count()).toBe(2);
    await client.DELETE('/api/organizations/{id}', { params: { path: { id: acme } } });
    expect(await count()).toBe(1);
    expect(await jitRolesOf(globex)).toEqual(['Member']);
  });
});
