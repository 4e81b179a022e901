import { beforeEach, describe, expect, it } from 'vitest';
import { newApp } from './application-helpers.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('applications of another tenant on $name', (target) => {
  const api = useApi(target);

  /** Another tenant's app with a secret and a linked role, written straight into the tables. */
  beforeEach(async () => {
    await api.db.exec(`
      INSERT INTO applications (tenant_id, id, name, secret, type)
        VALUES ('other', 'otherapp', 'Their worker', 'theirsecret', 'MachineToMachine');
      INSERT INTO application_secrets (tenant_id, id, application_id, name, value, expires_at)
        VALUES ('other', 'othersecret', 'otherapp', 'ci', 'theirsecretvalue', NULL);
      INSERT INTO roles (tenant_id, id, name, description, type)
        VALUES ('other', 'otherrole', 'Their robot', 'r', 'MachineToMachine');
      INSERT INTO applications_roles (tenant_id, application_id, role_id) VALUES ('other', 'otherapp', 'otherrole');
    `);
  });

  const theirRows = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const table of ['applications', 'application_secrets', 'applications_roles'])
      rows[table] = (await api.db.query(`SELECT * FROM "${table}" WHERE tenant_id = 'other' ORDER BY 2`)).rows;
    return rows;
  };

  it('lists none of another tenant’s applications, searched or filtered', async () => {
    for (const url of [
      '/api/applications?page=1',
      '/api/applications?search=%25worker%25&page=1',
      '/api/applications?type=MachineToMachine&page=1',
    ]) {
      const reply = await api.get(url);
      expect(reply.body, url).toEqual([]);
      expect(reply.headers['total-number'], url).toBe('0');
    }
  });

  it.each([
    ['GET', '/api/applications/otherapp', undefined],
    ['PATCH', '/api/applications/otherapp', { name: 'Mine now' }],
    ['DELETE', '/api/applications/otherapp', undefined],
    ['GET', '/api/applications/otherapp/secrets', undefined],
    ['POST', '/api/applications/otherapp/secrets', { name: 'mine' }],
    ['PATCH', '/api/applications/otherapp/secrets/ci', { name: 'mine' }],
    ['DELETE', '/api/applications/otherapp/secrets/ci', undefined],
    ['GET', '/api/applications/otherapp/roles', undefined],
    ['POST', '/api/applications/otherapp/roles', { roleIds: ['otherrole'] }],
    ['DELETE', '/api/applications/otherapp/roles/otherrole', undefined],
  ] as const)('%s %s answers 404 and changes nothing', async (method, url, body) => {
    const before = await theirRows();
    const reply = await api.request(method, url, body);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('entity.not_exists_with_id');
    expect(await theirRows()).toEqual(before);
  });

  it('does not assign another tenant’s role to our app', async () => {
    const app = await newApp(api, 'MachineToMachine');
    const reply = await api.post(`/api/applications/${app.id}/roles`, { roleIds: ['otherrole'] });
    expect(reply.status).toBe(404);
    expect(await api.count('applications_roles', "tenant_id = 'default'")).toBe(0);
  });
});
