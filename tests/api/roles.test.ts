import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';
import { ids, scopesOf } from './role-helpers.js';

describe.each(databases())('roles on $name', (target) => {
  const api = useApi(target);

  it('creates a role with 200 (as Logto does) and the documented defaults', async () => {
    const created = await api.post('/api/roles', { name: 'Viewer', description: 'Reads things' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      tenantId: 'default',
      id: expect.stringMatching(/^[a-z0-9]{21}$/),
      name: 'Viewer',
      description: 'Reads things',
      type: 'User',
      isDefault: false,
    });
    expect((await api.get(`/api/roles/${created.body.id}`)).body).toEqual(created.body);
  });

  it('refuses a second role with the same name (422 role.name_in_use)', async () => {
    await api.create('/api/roles', { name: 'Admin', description: 'a' });
    const again = await api.post('/api/roles', { name: 'Admin', description: 'b', type: 'MachineToMachine' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'role.name_in_use', message: expect.stringContaining('Admin') });
    expect(await api.count('roles')).toBe(1);
  });

  it('refuses renaming a role onto another role’s name (422)', async () => {
    await api.create('/api/roles', { name: 'Admin', description: 'a' });
    const editor = await api.create('/api/roles', { name: 'Editor', description: 'e' });
    const patched = await api.patch(`/api/roles/${editor.id}`, { name: 'Admin' });
    expect(patched.status).toBe(422);
    expect(patched.body.code).toBe('role.name_in_use');
    expect((await api.get(`/api/roles/${editor.id}`)).body.name).toBe('Editor');
  });

  it('accepts a name of 128 characters even when they are outside the BMP', async () => {
    const name = '🔑'.repeat(128);
    const created = await api.post('/api/roles', { name, description: 'keys' });
    expect(created.status).toBe(200);
    expect((await api.get(`/api/roles/${created.body.id}`)).body.name).toBe(name);
  });

  it('updates description and isDefault (200) but not the type (400)', async () => {
    const role = await api.create('/api/roles', { name: 'Robot', description: 'r', type: 'MachineToMachine' });
    const patched = await api.patch(`/api/roles/${role.id}`, { description: 'Robots', isDefault: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...role, description: 'Robots', isDefault: true });
    const retyped = await api.patch(`/api/roles/${role.id}`, { type: 'User' });
    expect(retyped.status).toBe(400);
    expect(retyped.body.data.issues).toContainEqual(expect.objectContaining({ path: '/type' }));
    expect((await api.get(`/api/roles/${role.id}`)).body.type).toBe('MachineToMachine');
  });

  it('deletes a role (204) with its scope links, then answers 404', async () => {
    const { read } = await scopesOf(api);
    const role = await api.create('/api/roles', { name: 'Reader', description: 'r', scopeIds: [read.id] });
    expect(await api.count('roles_scopes')).toBe(1);
    expect((await api.delete(`/api/roles/${role.id}`)).status).toBe(204);
    expect(await api.count('roles_scopes')).toBe(0);
    expect(await api.count('scopes')).toBe(3);
    const again = await api.get(`/api/roles/${role.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'entity.not_exists_with_id', message: expect.stringContaining(role.id) });
  });

  it('filters the list by type', async () => {
    await api.create('/api/roles', { name: 'Viewer', description: 'v' });
    const robot = await api.create('/api/roles', { name: 'Robot', description: 'r', type: 'MachineToMachine' });
    const machines = await api.get('/api/roles?type=MachineToMachine');
    expect(machines.status).toBe(200);
    const unlinked = { usersCount: 0, featuredUsers: [], applicationsCount: 0, featuredApplications: [] };
    expect(machines.body).toEqual([{ ...robot, ...unlinked }]);
    expect(machines.headers['total-number']).toBe('1');
    const users = await api.get('/api/roles?type=User');
    expect(users.body.map((r: { name: string }) => r.name)).toEqual(['Viewer']);
    expect((await api.get('/api/roles')).body).toHaveLength(2);
    // `type` takes one value: repeated, it is refused rather than ignored.
    const repeated = await api.get('/api/roles?type=User&type=MachineToMachine');
    expect(repeated.status).toBe(400);
    expect(repeated.body.data.issues).toEqual([expect.objectContaining({ path: '/type', keyword: 'type' })]);
  });

  it('lists with each role how many apps and users hold it, and the first three of each', async () => {
    const robot = await api.create('/api/roles', { name: 'Robot', description: 'r', type: 'MachineToMachine' });
    const idle = await api.create('/api/roles', { name: 'Idle', description: 'i', type: 'MachineToMachine' });
    const apps = [];
    for (const name of ['Job A', 'Job B', 'Job C', 'Job D']) {
      const app = await api.create('/api/applications', { name, type: 'MachineToMachine' });
      await api.create(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });
      apps.push(app);
    }
    await api.db.withTenant('default', async (tx) => {
      await tx.query(`INSERT INTO users (tenant_id, id, username, name, avatar, password_encrypted)
        VALUES ('default', 'u-ada', 'ada', 'Ada', 'https://example.com/ada.png', 'x')`);
      await tx.query(`INSERT INTO users_roles (tenant_id, user_id, role_id) VALUES ('default', 'u-ada', $1)`, [
        robot.id,
      ]);
    });

    const list = await api.get('/api/roles?page=1&page_size=20');
    expect(list.status).toBe(200);
    const byName = Object.fromEntries(list.body.map((role: { name: string }) => [role.name, role]));
    expect(byName.Robot).toMatchObject({
      applicationsCount: 4,
      usersCount: 1,
      featuredUsers: [{ id: 'u-ada', avatar: 'https://example.com/ada.png', name: 'Ada' }],
    });
    expect(byName.Robot.featuredApplications).toEqual(
      apps.slice(0, 3).map((app) => ({ id: app.id, name: app.name, type: 'MachineToMachine' })),
    );
    expect(byName.Idle).toMatchObject({ applicationsCount: 0, featuredApplications: [], usersCount: 0 });
    // A single role answers as before, without the list's summaries.
    expect((await api.get(`/api/roles/${idle.id}`)).body).toEqual(idle);
  });

  it('leaves out the roles an application or a user already holds (excludeApplicationId, excludeUserId)', async () => {
    const robot = await api.create('/api/roles', { name: 'Robot', description: 'r', type: 'MachineToMachine' });
    const auditor = await api.create('/api/roles', { name: 'Auditor', description: 'a', type: 'MachineToMachine' });
    const viewer = await api.create('/api/roles', { name: 'Viewer', description: 'v' });
    const app = await api.create('/api/applications', { name: 'Nightly job', type: 'MachineToMachine' });
    await api.create(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });
    const assignable = await api.get(`/api/roles?type=MachineToMachine&excludeApplicationId=${app.id}&page=1`);
    expect(assignable.body.map((r: { name: string }) => r.name)).toEqual(['Auditor']);
    expect(assignable.headers['total-number']).toBe('1');

    // Users have no management routes yet: the link is written as the sign-in pages would.
    await api.db.withTenant('default', async (tx) => {
      await tx.query(
        `INSERT INTO users (tenant_id, id, username, password_encrypted) VALUES ('default', 'u-ada', 'ada', 'x')`,
      );
      await tx.query(`INSERT INTO users_roles (tenant_id, user_id, role_id) VALUES ('default', 'u-ada', $1)`, [
        viewer.id,
      ]);
    });
    const forAda = await api.get('/api/roles?excludeUserId=u-ada&page=1');
    expect(ids(forAda.body)).toEqual(ids([robot, auditor]));
    const unknownUser = await api.get('/api/roles?excludeUserId=nobody&page=1');
    expect(unknownUser.body).toHaveLength(3);
  });
});
