import { describe, expect, it } from 'vitest';
import { newApp, newRole } from './application-helpers.js';
import { databases, useApi } from './harness.js';
import { ids } from './role-helpers.js';

// The application-role relation from the role side, under the rules application-roles.test.ts drives from the other.
describe.each(databases())('role applications on $name', (target) => {
  const api = useApi(target);

  it('assigns machine-to-machine apps (201), lists them paged, removes them; the apps list the role', async () => {
    const robot = await newRole(api, 'Robot');
    const billing = await newApp(api, 'MachineToMachine', 'Billing bot');
    const reports = await newApp(api, 'MachineToMachine', 'Reports bot');
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
    const robot = await newRole(api, 'Robot');
    const viewer = await newRole(api, 'Viewer', 'User');
    const bot = await newApp(api, 'MachineToMachine', 'Bot');
    const spa = await newApp(api, 'SPA', 'Shop');

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
