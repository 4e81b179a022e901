/**
 * Organization members and their organization roles, as Logto has them: `/api/organizations/{id}/users` (members
 * listed with their roles, `q` search, paged) and `/api/organizations/{id}/users/{userId}/roles`.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('organization members on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrganization = async (name = 'Acme') =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newUser = async (username: string, name?: string) => {
    const created = await client.POST('/api/users', { body: { username, name } });
    expect(created.response.status).toBe(200);
    return created.data?.id ?? '';
  };
  const newRole = async (name: string, type: 'User' | 'MachineToMachine' = 'User') =>
    (
      await client.POST('/api/organization-roles', {
        body: { name, type, organizationScopeIds: [], resourceScopeIds: [] },
      })
    ).data?.id ?? '';
  const membersOf = async (id: string) => {
    const list = await client.GET('/api/organizations/{id}/users', { params: { path: { id } } });
    expect(list.response.status).toBe(200);
    return (list.data ?? []).map((user) => user.username).sort();
  };
  const rolesOf = async (id: string, userId: string) => {
    const list = await client.GET('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id, userId } },
    });
    expect(list.response.status).toBe(200);
    return (list.data ?? []).map((role) => role.name).sort();
  };

  it('members: POST adds (201, {userIds}, members already in left as they are), PUT replaces (204), DELETE removes', async () => {
    const org = await newOrganization();
    const [alice, bob, carol] = [await newUser('alice'), await newUser('bob'), await newUser('carol')];
    const path = { params: { path: { id: org } } };

    const added = await client.POST('/api/organizations/{id}/users', { ...path, body: { userIds: [alice, bob] } });
    expect(added.response.status).toBe(201);
    expect(added.data).toEqual({ userIds: [alice, bob] });
    const again = await client.POST('/api/organizations/{id}/users', { ...path, body: { userIds: [bob, carol] } });
    expect(again.response.status).toBe(201);
    expect(await membersOf(org)).toEqual(['alice', 'bob', 'carol']);

    const replaced = await client.PUT('/api/organizations/{id}/users', { ...path, body: { userIds: [carol] } });
    expect(replaced.response.status).toBe(204);
    expect(await membersOf(org)).toEqual(['carol']);

    const removed = await client.DELETE('/api/organizations/{id}/users/{userId}', {
      params: { path: { id: org, userId: carol } },
    });
    expect(removed.response.status).toBe(204);
    expect(await membersOf(org)).toEqual([]);
    const notMember = await client.DELETE('/api/organizations/{id}/users/{userId}', {
      params: { path: { id: org, userId: carol } },
    });
    expect(notMember.response.status).toBe(404);
    expect(notMember.error).toMatchObject({ code: 'entity.not_found' });
  });

  it('members: unknown users or organizations answer 422 entity.relation_foreign_key_not_found and add nobody', async () => {
    const org = await newOrganization();
    const alice = await newUser('alice');
    const unknown = await client.POST('/api/organizations/{id}/users', {
      params: { path: { id: org } },
      body: { userIds: [alice, 'missing'] },
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    expect(await membersOf(org)).toEqual([]);
    const noOrg = await client.POST('/api/organizations/{id}/users', {
      params: { path: { id: 'missing' } },
      body: { userIds: [alice] },
    });
    expect(noOrg.response.status).toBe(422);
    expect(noOrg.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
  });

  it('members are listed with their organization roles, paged with Total-Number and searched with q', async () => {
    const org = await newOrganization();
    const [alice, bob] = [await newUser('alice', 'Alice Liddell'), await newUser('bob', 'Bob Builder')];
    await newUser('carol');
    const admin = await newRole('Admin');
    await client.POST('/api/organizations/{id}/users', {
      params: { path: { id: org } },
      body: { userIds: [alice, bob] },
    });
    await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      params: { path: { id: org, userId: alice } },
      body: { organizationRoleIds: [admin] },
    });

    const list = await client.GET('/api/organizations/{id}/users', { params: { path: { id: org } } });
    expect(list.response.headers.get('total-number')).toBe('2');
    const byName = Object.fromEntries((list.data ?? []).map((user) => [user.username, user.organizationRoles]));
    expect(byName).toEqual({ alice: [{ id: admin, name: 'Admin' }], bob: [] });
    const listedAlice = list.data?.find((user) => user.id === alice);
    expect(listedAlice).not.toHaveProperty('passwordEncrypted');

    const paged = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: org }, query: { page: 2, page_size: 1 } },
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.response.headers.get('total-number')).toBe('2');

    const found = await client.GET('/api/organizations/{id}/users', {
      params: { path: { id: org }, query: { q: 'builder' } },
    });
    expect(found.data?.map((user) => user.username)).toEqual(['bob']);
    expect(found.response.headers.get('total-number')).toBe('1');
  });

  it('member roles: POST (201, {organizationRoleIds}), GET whole, PUT (204), DELETE; M2M roles and non-members refused', async () => {
    const org = await newOrganization();
    const [alice, outsider] = [await newUser('alice'), await newUser('outsider')];
    const [admin, viewer, robot] = [
      await newRole('Admin'),
      await newRole('Viewer'),
      await newRole('Robot', 'MachineToMachine'),
    ];
    await client.POST('/api/organizations/{id}/users', { params: { path: { id: org } }, body: { userIds: [alice] } });
    const path = { params: { path: { id: org, userId: alice } } };

    const added = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: [admin] },
    });
    expect(added.response.status).toBe(201);
    expect(added.data).toEqual({ organizationRoleIds: [admin] });
    const twice = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: [admin, viewer] },
    });
    expect(twice.response.status).toBe(201);
    expect(await rolesOf(org, alice)).toEqual(['Admin', 'Viewer']);
    const whole = await client.GET('/api/organizations/{id}/users/{userId}/roles', path);
    expect(whole.response.headers.get('total-number')).toBeNull();

    const machine = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: [robot] },
    });
    expect(machine.response.status).toBe(422);
    expect(machine.error).toMatchObject({ code: 'entity.db_constraint_violated' });
    const unknown = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: ['missing'] },
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });

    for (const request of [
      client.GET('/api/organizations/{id}/users/{userId}/roles', { params: { path: { id: org, userId: outsider } } }),
      client.POST('/api/organizations/{id}/users/{userId}/roles', {
        params: { path: { id: org, userId: outsider } },
        body: { organizationRoleIds: [admin] },
      }),
    ]) {
      const answer = await request;
      expect(answer.response.status).toBe(422);
      expect(answer.error).toMatchObject({ code: 'organization.require_membership' });
    }

    const named = await client.PUT('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleNames: ['Admin'] },
    });
    expect(named.response.status).toBe(204);
    expect(await rolesOf(org, alice)).toEqual(['Admin']);
    const byNames = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: [admin], organizationRoleNames: ['Viewer', 'Admin'] },
    });
    expect(byNames.response.status).toBe(201);
    expect(byNames.data).toEqual({ organizationRoleIds: [admin, viewer] });
    const badName = await client.POST('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleNames: ['Nobody'] },
    });
    expect(badName.response.status).toBe(422);
    expect(badName.error).toMatchObject({ code: 'organization.role_names_not_found' });

    const replaced = await client.PUT('/api/organizations/{id}/users/{userId}/roles', {
      ...path,
      body: { organizationRoleIds: [viewer] },
    });
    expect(replaced.response.status).toBe(204);
    expect(await rolesOf(org, alice)).toEqual(['Viewer']);
    const removed = await client.DELETE('/api/organizations/{id}/users/{userId}/roles/{organizationRoleId}', {
      params: { path: { id: org, userId: alice, organizationRoleId: viewer } },
    });
    expect(removed.response.status).toBe(204);
    expect(await rolesOf(org, alice)).toEqual([]);
  });

  it('roles go with the membership, the role, the user or the organization', async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const [alice, bob] = [await newUser('alice'), await newUser('bob')];
    const [admin, viewer] = [await newRole('Admin'), await newRole('Viewer')];
    for (const org of [acme, globex]) {
      await client.POST('/api/organizations/{id}/users', {
        params: { path: { id: org } },
        body: { userIds: [alice, bob] },
      });
      for (const userId of [alice, bob]) {
        await client.POST('/api/organizations/{id}/users/{userId}/roles', {
          params: { path: { id: org, userId } },
          body: { organizationRoleIds: [admin, viewer] },
        });
      }
    }
    const count = async () =>
      Number((await api.db.query('SELECT count(*)::int AS n FROM organization_role_user_relations')).rows[0]?.n);
    expect(await count()).toBe(8);

    await client.DELETE('/api/organizations/{id}/users/{userId}', { params: { path: { id: acme, userId: bob } } });
    expect(await count()).toBe(6);
    expect(await rolesOf(globex, bob)).toEqual(['Admin', 'Viewer']);

    await client.DELETE('/api/organization-roles/{id}', { params: { path: { id: viewer } } });
    expect(await count()).toBe(3);
    expect(await rolesOf(acme, alice)).toEqual(['Admin']);

    await client.DELETE('/api/users/{userId}', { params: { path: { userId: bob } } });
    expect(await count()).toBe(2);

    await client.DELETE('/api/organizations/{id}', { params: { path: { id: acme } } });
    expect(await count()).toBe(1);
    expect(await membersOf(globex)).toEqual(['alice']);
  });
});
