import { describe, expect, it } from 'vitest';
import { newApp, newRole } from './application-helpers.js';
import { databases, useApi } from './harness.js';
import { ids } from './role-helpers.js';

describe.each(databases())('application roles on $name', (target) => {
  const api = useApi(target);

  it('assigns machine-to-machine roles to a machine-to-machine app (201), lists and removes them', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const reader = await newRole(api, 'Reader');
    const writer = await newRole(api, 'Writer');
    const assigned = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [reader.id, writer.id] });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toEqual({ roleIds: [reader.id, writer.id], addedRoleIds: [reader.id, writer.id] });

    const list = await api.get(`/api/applications/${app.id}/roles?page=1&page_size=1`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.headers['total-number']).toBe('2');
    const all = await api.get(`/api/applications/${app.id}/roles`);
    // Each with the roles list's summaries: this application is one of each role's applications.
    const linkedTo = { usersCount: 0, featuredUsers: [], applicationsCount: 1 };
    expect(all.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ ...reader, ...linkedTo }), expect.objectContaining(writer)]),
    );

    expect((await api.delete(`/api/applications/${app.id}/roles/${reader.id}`)).status).toBe(204);
    const gone = await api.delete(`/api/applications/${app.id}/roles/${reader.id}`);
    expect(gone.status).toBe(404);
    // Logto's code for a link that is not there.
    expect(gone.body).toMatchObject({ code: 'entity.not_found' });
    expect((await api.get(`/api/applications/${app.id}/roles`)).body).toEqual([
      { ...writer, ...linkedTo, featuredApplications: [{ id: app.id, name: app.name, type: 'MachineToMachine' }] },
    ]);
  });

  it.each(['SPA', 'Traditional', 'Native'])(
    'refuses roles for a %s app (422 application.invalid_type)',
    async (type) => {
      const app = await newApp(api, type);
      const robot = await newRole(api, 'Robot');
      const reply = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ code: 'application.invalid_type', message: expect.any(String) });
      expect(await api.count('applications_roles')).toBe(0);
    },
  );

  it('refuses user roles (422 application.invalid_role_type) and links none of the request', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const robot = await newRole(api, 'Robot');
    const viewer = await newRole(api, 'Viewer', 'User');
    const reply = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [robot.id, viewer.id] });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('application.invalid_role_type');
    expect(await api.count('applications_roles')).toBe(0);
  });

  it('skips a role already assigned, as Logto does, and refuses an unknown role (404), linking nothing', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const robot = await newRole(api, 'Robot');
    const other = await newRole(api, 'Other robot');
    await api.create(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });

    const again = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [other.id, robot.id] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ roleIds: [other.id, robot.id], addedRoleIds: [other.id] });
    const third = await newRole(api, 'Third robot');
    const unknown = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [third.id, 'nosuchrole'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'entity.not_exists_with_id',
      message: expect.stringContaining('nosuchrole'),
    });
    expect(ids((await api.get(`/api/applications/${app.id}/roles`)).body)).toEqual(ids([robot, other]));
    const empty = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [] });
    expect(empty.status).toBe(400);
  });

  it('replaces the roles with the ones named (PUT): adds the new, removes the others', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const [a, b, c] = [await newRole(api, 'A robot'), await newRole(api, 'B robot'), await newRole(api, 'C robot')];
    await api.create(`/api/applications/${app.id}/roles`, { roleIds: [a.id, b.id] });
    const replaced = await api.request('PUT', `/api/applications/${app.id}/roles`, { roleIds: [b.id, c.id] });
    expect(replaced.status).toBe(200);
    expect(ids((await api.get(`/api/applications/${app.id}/roles`)).body)).toEqual(ids([b, c]));
    const user = await newRole(api, 'Viewer', 'User');
    const refused = await api.request('PUT', `/api/applications/${app.id}/roles`, { roleIds: [user.id] });
    expect(refused.status).toBe(422);
    expect(ids((await api.get(`/api/applications/${app.id}/roles`)).body)).toEqual(ids([b, c]));
  });

  it('drops the link when the role is deleted', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const robot = await newRole(api, 'Robot');
    await api.create(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });
    expect((await api.delete(`/api/roles/${robot.id}`)).status).toBe(204);
    expect((await api.get(`/api/applications/${app.id}/roles`)).body).toEqual([]);
    expect(await api.count('applications_roles')).toBe(0);
  });
});
