/**
 * Configuration as code (issue 29): a tenant exported as files (one per item, named by its key, secrets as
 * environment references); after a change in the tenant, `plan` of those files names exactly that change and `apply`
 * reverts it, audited as one run; files that break a rule change nothing at all (one transaction), and the refusal
 * names the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

type Files = Record<string, Record<string, unknown>>;
interface Plan {
  steps: { file: string; kind: string; changes: { path: string; kind: string; before?: unknown; after?: unknown }[] }[];
  summary: { create: number; update: number; delete: number };
}

describe.each(databases())('configuration as code on $name', (target) => {
  const api = useApi(target, { resetBeforeEach: false });
  let exported: Files = {};
  const roleNamed = async (name: string) =>
    ((await api.get('/api/roles')).body as { name: string; description: string; id: string }[]).find(
      (role) => role.name === name,
    );

  beforeAll(async () => {
    await api.reset();
    await api.create('/api/resources', { name: 'Shop API', indicator: 'https://shop.example.com/api' });
    await api.create('/api/roles', { name: 'clerk', description: 'Clerks' });
    await api.create('/api/roles', { name: 'manager', description: 'Managers' });
    await api.create('/api/hooks', {
      name: 'Orders',
      events: ['User.Created'],
      config: { url: 'https://hooks.example.com' },
    });
    const reply = await api.get('/api/config/export');
    expect(reply.status).toBe(200);
    exported = (reply.body as { files: Files }).files;
  });

  it('exports one readable file per item, named by its key, in a stable order and without ids', () => {
    expect(exported['roles/clerk.json']).toEqual({
      description: 'Clerks',
      isDefault: false,
      name: 'clerk',
      type: 'User',
    });
    expect(exported['hooks/Orders.json']).toEqual({
      config: { url: 'https://hooks.example.com' },
      enabled: true,
      events: ['User.Created'],
      name: 'Orders',
    });
    expect(exported['resources/https___shop.example.com_api.json']).toMatchObject({
      indicator: 'https://shop.example.com/api',
      name: 'Shop API',
    });
    const paths = Object.keys(exported);
    expect(paths).toEqual([...paths].sort());
    expect(JSON.stringify(exported)).not.toContain('"id"');
  });

  it('plans exactly what changed since, and applies the files back in one audited run', async () => {
    const clerk = await roleNamed('clerk');
    await api.patch(`/api/roles/${clerk?.id}`, { description: 'Cashiers' });
    await api.create('/api/roles', { name: 'temp', description: 'Temporary' });

    const planned = await api.post('/api/config/plan', { files: exported });
    expect(planned.status).toBe(200);
    expect(planned.body).toEqual({
      steps: [
        {
          file: 'roles/clerk.json',
          entity: 'role',
          key: 'clerk',
          kind: 'update',
          id: clerk?.id,
          changes: [{ path: 'description', kind: 'changed', before: 'Cashiers', after: 'Clerks' }],
        },
        { file: 'roles/temp.json', entity: 'role', key: 'temp', kind: 'delete', id: expect.any(String), changes: [] },
      ],
      summary: { create: 0, update: 1, delete: 1 },
    });
    // Planning wrote nothing.
    expect((await roleNamed('clerk'))?.description).toBe('Cashiers');

    const applied = await api.post('/api/config/apply', { files: exported });
    expect(applied.status).toBe(200);
    expect((applied.body as Plan).summary).toEqual({ create: 0, update: 1, delete: 1 });
    expect((await roleNamed('clerk'))?.description).toBe('Clerks');
    expect(await roleNamed('temp')).toBeUndefined();
    expect(((await api.post('/api/config/plan', { files: exported })).body as Plan).steps).toEqual([]);
    await api.app.auditLog.flush();
    expect(await api.count('logs', "key = 'ManagementApi.ConfigBundle.Apply'")).toBe(1);
  });

  it('changes nothing when one file breaks a rule, and names that file', async () => {
    const manager = await roleNamed('manager');
    await api.patch(`/api/roles/${manager?.id}`, { description: 'Bosses' });
    const files: Files = {
      ...exported,
      'roles/auditor.json': { name: 'auditor', description: 'Auditors' },
      'roles/zeta.json': { name: 'zeta', description: 'Zeta', type: 'NotAType' },
    };
    const refused = await api.post('/api/config/apply', { files });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'guard.invalid_input', data: { file: 'roles/zeta.json' } });
    // The steps before it (a create, an update) were rolled back with it.
    expect(await roleNamed('auditor')).toBeUndefined();
    expect((await roleNamed('manager'))?.description).toBe('Bosses');
    expect(await api.count('config_changes', "item_id = $1 AND kind = 'update'", [manager?.id])).toBe(1);
  });

  it('refuses files outside its folders, and files that do not name their item', async () => {
    const unknown = await api.post('/api/config/plan', { files: { 'users/ada.json': { username: 'ada' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'config.unknown_file' });
    const unnamed = await api.post('/api/config/plan', { files: { 'roles/x.json': { description: 'No name' } } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ code: 'config.missing_key' });
  });
});
