/**
 * Roles of organization members seen from elsewhere, as Logto has them: roles given to several members at once
 * (`POST /api/organizations/{id}/users/roles`), a member's organization permissions through the roles
 * (`/api/organizations/{id}/users/{userId}/scopes`) and a user's organizations with the roles held in each
 * (`/api/users/{userId}/organizations`).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization member roles on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await api.listen();
    client = createClient<paths>({ baseUrl });
  });

  const newOrganization = async (name: string) =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newUser = async (username: string) => (await client.POST('/api/users', { body: { username } })).data?.id ?? '';
  const newScope = async (name: string) =>
    (await client.POST('/api/organization-scopes', { body: { name } })).data?.id ?? '';
  const newRole = async (
    name: string,
    organizationScopeIds: string[] = [],
    type: 'User' | 'MachineToMachine' = 'User',
  ) =>
    (
      await client.POST('/api/organization-roles', {
        body: { name, type, organizationScopeIds, resourceScopeIds: [] },
      })
    ).data?.id ?? '';
  const join = (id: string, userIds: string[]) =>
    client.POST('/api/organizations/{id}/users', { params: { path: { id } }, body: { userIds } });
  const rolesOf = async (id: string, userId: string) =>
    (
      (await client.GET('/api/organizations/{id}/users/{userId}/roles', { params: { path: { id, userId } } })).data ??
      []
    )
      .map((role) => role.name)
      .sort();

  it('POST users/roles gives every role to every member named (201), in one go, leaving roles held as they are', async () => {
    const org = await newOrganization('Acme');
    const [alice, bob] = [await newUser('alice'), await newUser('bob')];
    const [admin, viewer] = [await newRole('Admin'), await newRole('Viewer')];
    await join(org, [alice, bob]);
    await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: org, userId: alice } },
      body: { organizationRoleIds: [admin] },
    });

    const bulk = await client.POST('/api/organizations/{id}/users/roles', {
      params: { path: { id: org } },
      body: { userIds: [alice, bob], organizationRoleIds: [admin, viewer] },
      parseAs: 'text',
    });
    expect(bulk.response.status).toBe(201);
    expect(bulk.data).toBe('Created');
    expect(await rolesOf(org, alice)).toEqual(['Admin', 'Viewer']);
    expect(await rolesOf(org, bob)).toEqual(['Admin', 'Viewer']);
  });

  it('POST users/roles refuses a non-member, an unknown or a machine-to-machine role, and gives nothing then', async () => {
    const org = await newOrganization('Acme');
    const [alice, outsider] = [await newUser('alice'), await newUser('outsider')];
    const [admin, robot] = [await newRole('Admin'), await newRole('Robot', [], 'MachineToMachine')];
    await join(org, [alice]);
    const cases = [
      {
        body: { userIds: [alice, outsider], organizationRoleIds: [admin] },
        code: 'entity.relation_foreign_key_not_found',
      },
      {
        body: { userIds: [alice], organizationRoleIds: [admin, 'missing'] },
        code: 'entity.relation_foreign_key_not_found',
      },
      { body: { userIds: [alice], organizationRoleIds: [robot] }, code: 'entity.db_constraint_violated' },
    ];
    for (const { body, code } of cases) {
      const answer = await client.POST('/api/organizations/{id}/users/roles', {
        params: { path: { id: org } },
        body,
        parseAs: 'text',
      });
      expect(answer.response.status).toBe(422);
      expect(answer.error).toMatchObject({ code });
    }
    expect(await rolesOf(org, alice)).toEqual([]);
    const empty = await client.POST('/api/organizations/{id}/users/roles', {
      params: { path: { id: org } },
      body: { userIds: [alice], organizationRoleIds: [] },
    });
    expect(empty.response.status).toBe(400);
  });

  it("a member's scopes are the organization permissions of the member's roles in that organization, once each", async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const alice = await newUser('alice');
    const [read, write, invite] = [await newScope('read'), await newScope('write'), await newScope('invite')];
    const [viewer, editor, owner] = [
      await newRole('Viewer', [read]),
      await newRole('Editor', [read, write]),
      await newRole('Owner', [invite]),
    ];
    await join(acme, [alice]);
    await join(globex, [alice]);
    await client.PUT('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: acme, userId: alice } },
      body: { organizationRoleIds: [viewer, editor] },
    });
    await client.PUT('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: globex, userId: alice } },
      body: { organizationRoleIds: [owner] },
    });

    const scopes = await client.GET('/api/organizations/{id}/users/{userId}/scopes', {
      params: { path: { id: acme, userId: alice } },
    });
    expect(scopes.response.status).toBe(200);
    expect(scopes.data?.map((scope) => scope.name).sort()).toEqual(['read', 'write']);
    expect(scopes.data?.[0]).toMatchObject({ id: expect.any(String), description: null });

    // A member without roles has none; anyone else is no member, as Logto's member routes answer.
    const newcomer = await newUser('newcomer');
    await join(acme, [newcomer]);
    const none = await client.GET('/api/organizations/{id}/users/{userId}/scopes', {
      params: { path: { id: acme, userId: newcomer } },
    });
    expect(none.response.status).toBe(200);
    expect(none.data).toEqual([]);
    const outsider = await newUser('outsider');
    for (const [id, userId] of [
      [acme, outsider],
      [acme, 'no-such-user'],
      ['no-such-organization', alice],
    ] as const) {
      const refused = await client.GET('/api/organizations/{id}/users/{userId}/scopes', {
        params: { path: { id, userId } },
      });
      expect(refused.response.status, `${id}/${userId}`).toBe(422);
      expect(refused.error).toMatchObject({ code: 'organization.require_membership' });
    }
  });

  it("a user's organizations carry the user's roles in each; an unknown user answers 404", async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    await newOrganization('Initech');
    const alice = await newUser('alice');
    const admin = await newRole('Admin');
    await join(acme, [alice]);
    await join(globex, [alice]);
    await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: acme, userId: alice } },
      body: { organizationRoleIds: [admin] },
    });

    const list = await client.GET('/api/users/{userId}/organizations', { params: { path: { userId: alice } } });
    expect(list.response.status).toBe(200);
    const byName = Object.fromEntries((list.data ?? []).map((org) => [org.name, org.organizationRoles]));
    expect(byName).toEqual({ Acme: [{ id: admin, name: 'Admin' }], Globex: [] });
    expect(list.data?.find((org) => org.id === acme)).toMatchObject({ id: acme, customData: {}, isMfaRequired: false });

    const missing = await client.GET('/api/users/{userId}/organizations', { params: { path: { userId: 'nobody' } } });
    expect(missing.response.status).toBe(404);
    // Only listed: organizations are joined from the organization's side.
    const post = await fetch(`${baseUrl}/api/users/${alice}/organizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationIds: [acme] }),
    });
    expect(post.status).toBe(404);
  });
});
