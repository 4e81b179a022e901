/**
 * A user's roles and a role's users, the one `userRole` relation seen from both sides, driven through a client
 * typed by Logto's own Management API types: Logto's bodies, statuses (201 `{roleIds, addedRoleIds}` from the user
 * side, 201 with the status text from the role side, 200 for a replacement) and error codes.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, unique, useApi } from './harness.js';

describe.each(databases())('user roles on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newUser = async (username = unique('user_'), name = username) => {
    const { data, response } = await client.POST('/api/users', { body: { username, name } });
    expect(response.status).toBe(200);
    return data as NonNullable<typeof data>;
  };
  const newRole = async (name: string, type: 'User' | 'MachineToMachine' = 'User') => {
    const { data, response } = await client.POST('/api/roles', { body: { name, description: `${name} role`, type } });
    expect(response.status).toBe(200);
    return data as NonNullable<typeof data>;
  };
  const rolesOf = async (userId: string, query: { page?: number; page_size?: number; search?: string } = {}) => {
    const { data, response } = await client.GET('/api/users/{userId}/roles', {
      params: { path: { userId }, query: query as never },
    });
    expect(response.status).toBe(200);
    return { names: (data ?? []).map((role) => role.name), total: response.headers.get('total-number') };
  };
  const usersOf = async (id: string, query: { page?: number; page_size?: number; search?: string } = {}) => {
    const { data, response } = await client.GET('/api/roles/{id}/users', {
      params: { path: { id }, query: query as never },
    });
    expect(response.status).toBe(200);
    return { users: data ?? [], total: response.headers.get('total-number') };
  };

  it('assigns roles from the user side (201 with the ids asked for and added), skipping those held', async () => {
    const user = await newUser();
    const reader = await newRole('Reader');
    const writer = await newRole('Writer');
    const first = await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [reader.id] },
    });
    expect(first.response.status).toBe(201);
    expect(first.data).toEqual({ roleIds: [reader.id], addedRoleIds: [reader.id] });

    const again = await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [reader.id, writer.id] },
    });
    expect(again.response.status).toBe(201);
    expect(again.data).toEqual({ roleIds: [reader.id, writer.id], addedRoleIds: [writer.id] });
    expect((await rolesOf(user.id)).names.sort()).toEqual(['Reader', 'Writer']);
    expect(await api.count('users_roles')).toBe(2);
  });

  it('lists a user roles paged and searched, and the role users the same way', async () => {
    const ada = await newUser('ada');
    // A space is in no id, username or email: the search below can only match bob's name.
    const bob = await newUser('bob', 'Bob Stone');
    const roles = [await newRole('Alpha'), await newRole('Beta'), await newRole('Gamma')];
    await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId: ada.id } },
      body: { roleIds: roles.map((role) => role.id) },
    });
    const page = await rolesOf(ada.id, { page: 2, page_size: 2 });
    expect(page.names).toHaveLength(1);
    expect(page.total).toBe('3');
    expect((await rolesOf(ada.id, { search: '%amm%' })).names).toEqual(['Gamma']);

    const alpha = roles[0]?.id ?? '';
    await client.POST('/api/roles/{id}/users', {
      parseAs: 'text',
      params: { path: { id: alpha } },
      body: { userIds: [bob.id] },
    });
    const listed = await usersOf(alpha);
    expect(listed.total).toBe('2');
    expect(listed.users.map((user) => user.username).sort()).toEqual(['ada', 'bob']);
    expect(listed.users[0]).not.toHaveProperty('passwordEncrypted');
    expect(listed.users[0]).toHaveProperty('hasPassword', false);
    expect((await usersOf(alpha, { search: '%b s%' })).users.map((user) => user.username)).toEqual(['bob']);
    expect((await usersOf(alpha, { page: 1, page_size: 1 })).users).toHaveLength(1);
  });

  it('assigns users from the role side (201 with the status text), both sides agreeing', async () => {
    const role = await newRole('Support');
    const [ada, bob] = [await newUser(), await newUser()];
    const reply = await api.post(`/api/roles/${role.id}/users`, { userIds: [ada.id, bob.id] });
    expect(reply.status).toBe(201);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toBe('Created');
    const typed = await client.POST('/api/roles/{id}/users', {
      parseAs: 'text',
      params: { path: { id: role.id } },
      body: { userIds: [(await newUser()).id] },
    });
    expect(typed.response.status).toBe(201);
    expect(typed.data).toBe('Created');

    expect((await rolesOf(ada.id)).names).toEqual(['Support']);
    expect((await usersOf(role.id)).total).toBe('3');
    const listed = await client.GET('/api/roles', { params: { query: { page: 1, page_size: 20 } } });
    expect(listed.data?.find((r) => r.id === role.id)?.usersCount).toBe(3);
    const excluded = await api.get(`/api/roles?page=1&page_size=20&excludeUserId=${ada.id}`);
    expect(excluded.body.map((r: { id: string }) => r.id)).not.toContain(role.id);
  });

  it("lists a user's roles with the summaries the roles list answers (users and applications counts)", async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const [shared, own] = [await newRole('Shared'), await newRole('Own')];
    await api.post(`/api/users/${ada.id}/roles`, { roleIds: [shared.id, own.id] });
    await api.post(`/api/users/${bob.id}/roles`, { roleIds: [shared.id] });
    const summaries = (role: Record<string, unknown>) => ({
      id: role.id,
      usersCount: role.usersCount,
      featuredUsers: role.featuredUsers,
      applicationsCount: role.applicationsCount,
      featuredApplications: role.featuredApplications,
    });
    const listed = (await api.get('/api/roles?page=1&page_size=20')).body as Record<string, unknown>[];
    const held = (await api.get(`/api/users/${ada.id}/roles`)).body as Record<string, unknown>[];
    expect(held.map(summaries).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
      listed.map(summaries).sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    expect(held.find((role) => role.id === shared.id)).toMatchObject({ usersCount: 2, applicationsCount: 0 });
    expect(held.find((role) => role.id === own.id)).toMatchObject({ usersCount: 1, applicationsCount: 0 });
  });

  it('replaces a user roles with PUT (200, the ids), removing the others; an empty list removes all', async () => {
    const user = await newUser();
    const [a, b, c] = [await newRole('A'), await newRole('B'), await newRole('C')];
    await client.POST('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [a.id, b.id] },
    });
    const replaced = await client.PUT('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [b.id, c.id, c.id] },
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toEqual({ roleIds: [b.id, c.id] });
    expect((await rolesOf(user.id)).names.sort()).toEqual(['B', 'C']);

    const unknown = await client.PUT('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [a.id, 'nosuchrole'] },
    });
    expect(unknown.response.status).toBe(404);
    expect((await rolesOf(user.id)).names.sort()).toEqual(['B', 'C']);

    const emptied = await client.PUT('/api/users/{userId}/roles', {
      params: { path: { userId: user.id } },
      body: { roleIds: [] },
    });
    expect(emptied.response.status).toBe(200);
    expect((await rolesOf(user.id)).names).toEqual([]);
  });

  it('refuses a machine-to-machine role from either side (422 user.invalid_role_type), linking nothing', async () => {
    const user = await newUser();
    const viewer = await newRole('Viewer');
    const robot = await newRole('Robot', 'MachineToMachine');
    const fromUser = await api.post(`/api/users/${user.id}/roles`, { roleIds: [viewer.id, robot.id] });
    expect(fromUser.status).toBe(422);
    expect(fromUser.body.code).toBe('user.invalid_role_type');
    const fromRole = await api.post(`/api/roles/${robot.id}/users`, { userIds: [user.id] });
    expect(fromRole.status).toBe(422);
    expect(fromRole.body.code).toBe('user.invalid_role_type');
    const replaced = await api.request('PUT', `/api/users/${user.id}/roles`, { roleIds: [robot.id] });
    expect(replaced.status).toBe(422);
    expect(await api.count('users_roles')).toBe(0);
  });

  it('refuses a user the role has (422 role.user_exists), and unknown ids (404), linking nothing', async () => {
    const role = await newRole('Auditor');
    const [ada, bob] = [await newUser(), await newUser()];
    await client.POST('/api/roles/{id}/users', {
      parseAs: 'text',
      params: { path: { id: role.id } },
      body: { userIds: [ada.id] },
    });

    const duplicate = await api.post(`/api/roles/${role.id}/users`, { userIds: [bob.id, ada.id] });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({ code: 'role.user_exists', message: expect.stringContaining(ada.id) });
    const unknownUser = await api.post(`/api/roles/${role.id}/users`, { userIds: [bob.id, 'nosuchuser'] });
    expect(unknownUser.status).toBe(404);
    // A missing user is Logto's `entity.not_found` wherever it is looked up; a missing role `not_exists_with_id`.
    expect(unknownUser.body.code).toBe('entity.not_found');
    const unknownRole = await api.post(`/api/users/${bob.id}/roles`, { roleIds: ['nosuchrole'] });
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body.code).toBe('entity.not_exists_with_id');
    expect(await api.count('users_roles')).toBe(1);

    for (const [method, url, body] of [
      ['GET', '/api/users/nosuchuser/roles', undefined],
      ['POST', '/api/users/nosuchuser/roles', { roleIds: [role.id] }],
      ['PUT', '/api/users/nosuchuser/roles', { roleIds: [role.id] }],
      ['GET', '/api/roles/nosuchrole/users', undefined],
      ['POST', '/api/roles/nosuchrole/users', { userIds: [ada.id] }],
    ] as const) {
      const reply = await api.request(method, url, body);
      expect(reply.status, `${method} ${url}`).toBe(404);
    }
    const empty = await api.post(`/api/roles/${role.id}/users`, { userIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('guard.invalid_input');
  });

  it('removes a link from either side (204), then answers 404 for it', async () => {
    const role = await newRole('Editor');
    const [ada, bob] = [await newUser(), await newUser()];
    await client.POST('/api/roles/{id}/users', {
      parseAs: 'text',
      params: { path: { id: role.id } },
      body: { userIds: [ada.id, bob.id] },
    });
    const fromUser = await client.DELETE('/api/users/{userId}/roles/{roleId}', {
      params: { path: { userId: ada.id, roleId: role.id } },
    });
    expect(fromUser.response.status).toBe(204);
    const fromRole = await client.DELETE('/api/roles/{id}/users/{userId}', {
      params: { path: { id: role.id, userId: bob.id } },
    });
    expect(fromRole.response.status).toBe(204);
    expect((await usersOf(role.id)).users).toEqual([]);
    expect((await api.delete(`/api/users/${ada.id}/roles/${role.id}`)).status).toBe(404);
    expect((await api.delete(`/api/roles/${role.id}/users/${bob.id}`)).status).toBe(404);
  });

  it('drops the links when the role or the user is deleted', async () => {
    const [kept, dropped] = [await newRole('Kept'), await newRole('Dropped')];
    const [ada, bob] = [await newUser(), await newUser()];
    for (const user of [ada, bob]) {
      await client.POST('/api/users/{userId}/roles', {
        params: { path: { userId: user.id } },
        body: { roleIds: [kept.id, dropped.id] },
      });
    }
    expect((await client.DELETE('/api/roles/{id}', { params: { path: { id: dropped.id } } })).response.status).toBe(
      204,
    );
    expect((await rolesOf(ada.id)).names).toEqual(['Kept']);
    expect((await api.delete(`/api/users/${bob.id}`)).status).toBe(204);
    expect((await usersOf(kept.id)).users.map((user) => user.id)).toEqual([ada.id]);
    expect(await api.count('users_roles')).toBe(1);
  });
});
