import { describe, expect, it } from 'vitest';
import { databases, type TestApi, useApi } from './harness.js';

const scopesOf = async (api: TestApi) => {
  const orders = await api.create('/api/resources', { name: 'Orders', indicator: 'https://orders.example.com' });
  const billing = await api.create('/api/resources', { name: 'Billing', indicator: 'https://billing.example.com' });
  const read = await api.create(`/api/resources/${orders.id}/scopes`, { name: 'read:orders' });
  const write = await api.create(`/api/resources/${orders.id}/scopes`, { name: 'write:orders' });
  const invoices = await api.create(`/api/resources/${billing.id}/scopes`, { name: 'read:invoices' });
  return { orders, billing, read, write, invoices };
};

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

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

  describe('with scopes', () => {
    it('links the scopeIds given at creation', async () => {
      const { read, invoices } = await scopesOf(api);
      const role = await api.post('/api/roles', { name: 'Reader', description: 'r', scopeIds: [read.id, invoices.id] });
      expect(role.status).toBe(200);
      const linked = await api.get(`/api/roles/${role.body.id}/scopes`);
      expect(ids(linked.body)).toEqual(ids([read, invoices]));
    });

    it('creates nothing when a scopeId given at creation does not exist (404)', async () => {
      const { read } = await scopesOf(api);
      const reply = await api.post('/api/roles', {
        name: 'Reader',
        description: 'r',
        scopeIds: [read.id, 'nosuchscope'],
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        code: 'entity.not_exists_with_id',
        message: expect.stringContaining('nosuchscope'),
      });
      expect(await api.count('roles')).toBe(0);
      expect(await api.count('roles_scopes')).toBe(0);
      // The name is still free.
      expect((await api.post('/api/roles', { name: 'Reader', description: 'r' })).status).toBe(200);
    });

    it('lists linked scopes with their resource embedded, paged with Total-Number', async () => {
      const { orders, billing, read, invoices } = await scopesOf(api);
      const role = await api.create('/api/roles', {
        name: 'Reader',
        description: 'r',
        scopeIds: [read.id, invoices.id],
      });
      const listed = await api.get(`/api/roles/${role.id}/scopes`);
      expect(listed.status).toBe(200);
      expect(listed.headers['total-number']).toBe('2');
      const byId = new Map(listed.body.map((s: { id: string }) => [s.id, s]));
      expect(byId.get(read.id)).toEqual({ ...read, resource: orders });
      expect(byId.get(invoices.id)).toEqual({ ...invoices, resource: billing });

      const page = await api.get(`/api/roles/${role.id}/scopes?page=2&page_size=1`);
      expect(page.body).toHaveLength(1);
      expect(page.headers['total-number']).toBe('2');
      const first = await api.get(`/api/roles/${role.id}/scopes?page=1&page_size=1`);
      expect(ids([...first.body, ...page.body])).toEqual(ids([read, invoices]));
    });

    it('assigns scopes (201) and answers with the scopes linked', async () => {
      const { read, write } = await scopesOf(api);
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
      const assigned = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id, write.id] });
      expect(assigned.status).toBe(201);
      expect(ids(assigned.body)).toEqual(ids([read, write]));
      expect(assigned.body).toEqual(expect.arrayContaining([read, write]));
      expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual(ids([read, write]));
    });

    it('refuses a scope that is already linked (422 role.scope_exists) and links none of the batch', async () => {
      const { read, write } = await scopesOf(api);
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id] });
      const again = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [write.id, read.id] });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ code: 'role.scope_exists', message: expect.stringContaining(read.id) });
      expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([read.id]);
    });

    it('links nothing when one of the scopes does not exist (404)', async () => {
      const { read, write } = await scopesOf(api);
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
      const reply = await api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id, 'nosuchscope', write.id] });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        code: 'entity.not_exists_with_id',
        message: expect.stringContaining('nosuchscope'),
      });
      expect(await api.count('roles_scopes')).toBe(0);
      expect((await api.get(`/api/roles/${role.id}/scopes`)).body).toEqual([]);
    });

    it.each([
      ['no scopeIds', {}],
      ['an empty list', { scopeIds: [] }],
      ['the same id twice', { scopeIds: ['a', 'a'] }],
      ['ids that are not strings', { scopeIds: [1] }],
    ])('rejects an assignment with %s (400)', async (_label, body) => {
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w' });
      const reply = await api.post(`/api/roles/${role.id}/scopes`, body);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_input');
    });

    it('answers 404 for the scopes of a missing role', async () => {
      const { read } = await scopesOf(api);
      expect((await api.get('/api/roles/nosuchrole/scopes')).status).toBe(404);
      expect((await api.post('/api/roles/nosuchrole/scopes', { scopeIds: [read.id] })).status).toBe(404);
      expect((await api.delete(`/api/roles/nosuchrole/scopes/${read.id}`)).status).toBe(404);
      expect(await api.count('roles_scopes')).toBe(0);
    });

    it('unlinks a scope (204), then answers 404 for the same link', async () => {
      const { read, write } = await scopesOf(api);
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id, write.id] });
      const removed = await api.delete(`/api/roles/${role.id}/scopes/${read.id}`);
      expect(removed.status).toBe(204);
      expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([write.id]);
      const again = await api.delete(`/api/roles/${role.id}/scopes/${read.id}`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('entity.not_exists_with_id');
      // The scope itself is untouched.
      expect(await api.count('scopes', 'id = $1', [read.id])).toBe(1);
    });

    it('drops the link when the scope is deleted', async () => {
      const { orders, read, write } = await scopesOf(api);
      const role = await api.create('/api/roles', { name: 'Writer', description: 'w', scopeIds: [read.id, write.id] });
      await api.delete(`/api/resources/${orders.id}/scopes/${read.id}`);
      expect(ids((await api.get(`/api/roles/${role.id}/scopes`)).body)).toEqual([write.id]);
    });

    it('answers concurrent assignments of one scope with one 201 and 422 for the rest, never 500', async () => {
      const { read } = await scopesOf(api);
      // A race does not show every time: several rounds of several requests each make it show reliably.
      for (let round = 0; round < 5; round++) {
        const role = await api.create('/api/roles', { name: `Racer ${round}`, description: 'r' });
        const replies = await Promise.all(
          Array.from({ length: 8 }, () => api.post(`/api/roles/${role.id}/scopes`, { scopeIds: [read.id] })),
        );
        const statuses = replies.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 201),
          `round ${round}: ${statuses}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 422),
          `round ${round}: ${statuses}`,
        ).toHaveLength(7);
        for (const reply of replies.filter((r) => r.status === 422)) expect(reply.body.code).toBe('role.scope_exists');
        expect(await api.count('roles_scopes', 'role_id = $1', [role.id])).toBe(1);
      }
    });
  });

  describe('with applications (the application-role relation from the role side)', () => {
    const newRole = (name: string, type = 'MachineToMachine') =>
      api.create('/api/roles', { name, description: `${name} role`, type });
    const newApp = (name: string, type = 'MachineToMachine') => api.create('/api/applications', { name, type });

    it('assigns machine-to-machine apps (201), lists them paged, removes them; the apps list the role', async () => {
      const robot = await newRole('Robot');
      const billing = await newApp('Billing bot');
      const reports = await newApp('Reports bot');
      const assigned = await api.post(`/api/roles/${robot.id}/applications`, {
        applicationIds: [billing.id, reports.id],
      });
      expect(assigned.status).toBe(201);
      expect(ids(assigned.body)).toEqual(ids([billing, reports]));

      const page = await api.get(`/api/roles/${robot.id}/applications?page=1&page_size=1`);
      expect(page.status).toBe(200);
      expect(page.body).toHaveLength(1);
      expect(page.headers['total-number']).toBe('2');
      // One link, seen from both sides.
      expect((await api.get(`/api/applications/${billing.id}/roles`)).body).toEqual([
        expect.objectContaining({ ...robot, applicationsCount: 2 }),
      ]);

      expect((await api.delete(`/api/roles/${robot.id}/applications/${billing.id}`)).status).toBe(204);
      expect((await api.delete(`/api/roles/${robot.id}/applications/${billing.id}`)).status).toBe(404);
      expect((await api.get(`/api/applications/${billing.id}/roles`)).body).toEqual([]);
      expect(ids((await api.get(`/api/roles/${robot.id}/applications`)).body)).toEqual([reports.id]);
    });

    it('holds the same rules as the application side: machine-to-machine roles and apps only, no link twice', async () => {
      const robot = await newRole('Robot');
      const viewer = await newRole('Viewer', 'User');
      const bot = await newApp('Bot');
      const spa = await newApp('Shop', 'SPA');

      const userRole = await api.post(`/api/roles/${viewer.id}/applications`, { applicationIds: [bot.id] });
      expect(userRole.status).toBe(422);
      expect(userRole.body.code).toBe('application.invalid_role_type');
      const spaApp = await api.post(`/api/roles/${robot.id}/applications`, { applicationIds: [bot.id, spa.id] });
      expect(spaApp.status).toBe(422);
      expect(spaApp.body.code).toBe('application.invalid_type');
      expect(await api.count('applications_roles')).toBe(0);

      await api.create(`/api/applications/${bot.id}/roles`, { roleIds: [robot.id] });
      const twice = await api.post(`/api/roles/${robot.id}/applications`, { applicationIds: [bot.id] });
      expect(twice.status).toBe(422);
      expect(twice.body).toMatchObject({ code: 'role.application_exists', message: expect.stringContaining(bot.id) });
      expect((await api.get(`/api/roles/missing/applications`)).status).toBe(404);
    });
  });
});
