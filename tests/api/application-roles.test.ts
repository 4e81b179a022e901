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
    expect(ids(assigned.body)).toEqual(ids([reader, writer]));

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

  it('refuses a role already assigned (422) and an unknown role (404), linking nothing', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const robot = await newRole(api, 'Robot');
    const other = await newRole(api, 'Other robot');
    await api.create(`/api/applications/${app.id}/roles`, { roleIds: [robot.id] });

    const duplicate = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [other.id, robot.id] });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({
      code: 'application.role_exists',
      message: expect.stringContaining(robot.id),
    });
    const unknown = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [other.id, 'nosuchrole'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'entity.not_exists_with_id',
      message: expect.stringContaining('nosuchrole'),
    });
    expect((await api.get(`/api/applications/${app.id}/roles`)).body).toEqual([expect.objectContaining(robot)]);
    const empty = await api.post(`/api/applications/${app.id}/roles`, { roleIds: [] });
    expect(empty.status).toBe(400);
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
