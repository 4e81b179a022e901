import { beforeEach, describe, expect, it } from 'vitest';
import { databases, type TestApi, useApi } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

const newApp = (api: TestApi, type: string, name = `${type} app`) => api.create('/api/applications', { name, type });
const newRole = (api: TestApi, name: string, type: 'User' | 'MachineToMachine' = 'MachineToMachine') =>
  api.create('/api/roles', { name, description: `${name} role`, type });
const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

describe.each(databases())('applications on $name', (target) => {
  const api = useApi(target);

  describe('CRUD', () => {
    it('creates an application with 200 (as Logto does), a generated secret and the documented defaults', async () => {
      const created = await api.post('/api/applications', { name: 'Storefront', type: 'SPA' });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        tenantId: 'default',
        id: expect.stringMatching(/^[a-z0-9]{21}$/),
        name: 'Storefront',
        secret: expect.stringMatching(/^[a-z0-9]{32}$/),
        description: null,
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
        customClientMetadata: { idTokenTtl: 3600, refreshTokenTtlInDays: 14, rotateRefreshToken: true },
        customData: {},
        isThirdParty: false,
        createdAt: expect.any(Number),
      });
      expect(Math.abs(created.body.createdAt - Date.now())).toBeLessThan(60_000);
      expect((await api.get(`/api/applications/${created.body.id}`)).body).toEqual(created.body);
    });

    it('takes every writable field at creation', async () => {
      const body = {
        name: 'Billing worker',
        description: 'Settles invoices at night',
        type: 'Traditional',
        oidcClientMetadata: {
          redirectUris: ['https://billing.example.com/callback', 'http://localhost:3000/callback'],
          postLogoutRedirectUris: ['https://billing.example.com'],
        },
        customClientMetadata: { corsAllowedOrigins: ['https://billing.example.com'], idTokenTtl: 3600 },
        customData: { team: 'finance' },
        isThirdParty: true,
      };
      const created = await api.post('/api/applications', body);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject(body);
    });

    it('refuses a body without name or type, with an unknown type, or with a secret (400, every issue)', async () => {
      const empty = await api.post('/api/applications', {});
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('guard.invalid_input');
      expect(empty.body.data.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ keyword: 'required', params: { missingProperty: 'name' } }),
          expect.objectContaining({ keyword: 'required', params: { missingProperty: 'type' } }),
        ]),
      );
      const saml = await api.post('/api/applications', { name: 'Legacy', type: 'SAML' });
      expect(saml.status).toBe(400);
      expect(saml.body.data.issues).toContainEqual(expect.objectContaining({ path: '/type', keyword: 'enum' }));
      const secret = await api.post('/api/applications', { name: 'Mine', type: 'SPA', secret: 'chosen-by-me' });
      expect(secret.status).toBe(400);
      const badUri = await api.post('/api/applications', {
        name: 'Web',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: ['not a uri'], postLogoutRedirectUris: [] },
      });
      expect(badUri.status).toBe(400);
      expect(badUri.body.data.issues).toContainEqual(
        expect.objectContaining({ path: '/oidcClientMetadata/redirectUris/0', keyword: 'format' }),
      );
      expect(await api.count('applications')).toBe(0);
    });

    it('updates name, description and metadata (200), not the type or third-party flag (400)', async () => {
      const app = await newApp(api, 'SPA');
      const patch = {
        name: 'Storefront v2',
        description: 'The shop',
        oidcClientMetadata: { redirectUris: ['https://shop.example.com/callback'], postLogoutRedirectUris: [] },
        customClientMetadata: { refreshTokenTtlInDays: 14, rotateRefreshToken: true },
      };
      const patched = await api.patch(`/api/applications/${app.id}`, patch);
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({ ...app, ...patch });
      expect((await api.get(`/api/applications/${app.id}`)).body).toEqual(patched.body);

      const retyped = await api.patch(`/api/applications/${app.id}`, { type: 'MachineToMachine' });
      expect(retyped.status).toBe(400);
      expect(retyped.body.data.issues).toContainEqual(expect.objectContaining({ path: '/type' }));
      const thirdParty = await api.patch(`/api/applications/${app.id}`, { isThirdParty: true });
      expect(thirdParty.status).toBe(400);
      const ttl = await api.patch(`/api/applications/${app.id}`, {
        customClientMetadata: { refreshTokenTtlInDays: 91 },
      });
      expect(ttl.status).toBe(400);
      expect(ttl.body.data.issues).toContainEqual(
        expect.objectContaining({ path: '/customClientMetadata/refreshTokenTtlInDays', keyword: 'maximum' }),
      );
      expect((await api.get(`/api/applications/${app.id}`)).body).toEqual(patched.body);
    });

    it('answers 404 for an unknown application on every item route', async () => {
      for (const [method, url, body] of [
        ['GET', '/api/applications/nosuchapp', undefined],
        ['PATCH', '/api/applications/nosuchapp', { name: 'x' }],
        ['DELETE', '/api/applications/nosuchapp', undefined],
        ['GET', '/api/applications/nosuchapp/secrets', undefined],
        ['POST', '/api/applications/nosuchapp/secrets', { name: 'a' }],
        ['GET', '/api/applications/nosuchapp/roles', undefined],
        ['POST', '/api/applications/nosuchapp/roles', { roleIds: ['x'] }],
      ] as const) {
        const reply = await api.request(method, url, body);
        expect(reply.status, `${method} ${url}`).toBe(404);
        expect(reply.body.code, `${method} ${url}`).toBe('entity.not_exists_with_id');
      }
    });

    it('deletes an application (204) with its secrets and role links, then answers 404', async () => {
      const app = await newApp(api, 'MachineToMachine');
      const role = await newRole(api, 'Robot');
      await api.create(`/api/applications/${app.id}/secrets`, { name: 'ci' });
      await api.create(`/api/applications/${app.id}/roles`, { roleIds: [role.id] });
      expect((await api.delete(`/api/applications/${app.id}`)).status).toBe(204);
      expect(await api.count('application_secrets')).toBe(0);
      expect(await api.count('applications_roles')).toBe(0);
      expect(await api.count('roles')).toBe(1);
      const again = await api.get(`/api/applications/${app.id}`);
      expect(again.status).toBe(404);
      expect(again.body.message).toContain(app.id);
      expect((await api.delete(`/api/applications/${app.id}`)).status).toBe(404);
    });
  });

  describe('list', () => {
    beforeEach(async () => {
      await api.create('/api/applications', { name: 'Storefront', type: 'SPA', description: 'The shop' });
      await api.create('/api/applications', { name: 'Nightly billing', type: 'MachineToMachine' });
      await api.create('/api/applications', { name: 'Partner portal', type: 'Traditional', isThirdParty: true });
    });

    it('lists every application without paging and, as Logto, without Total-Number', async () => {
      const all = await api.get('/api/applications');
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(3);
      expect(all.headers['total-number']).toBeUndefined();
    });

    it('filters by types (one or several, as Logto’s `types`) and by isThirdParty', async () => {
      const names = (body: { name: string }[]) => body.map((a) => a.name).sort();
      const machines = await api.get('/api/applications?types=MachineToMachine&page=1');
      expect(names(machines.body)).toEqual(['Nightly billing']);
      expect(machines.headers['total-number']).toBe('1');
      const interactive = await api.get('/api/applications?types=SPA&types=Traditional&page=1');
      expect(names(interactive.body)).toEqual(['Partner portal', 'Storefront']);
      expect(interactive.headers['total-number']).toBe('2');
      const pagedSearch = await api.get('/api/applications?types=SPA&types=Traditional&search=%25portal%25&page=1');
      expect(names(pagedSearch.body)).toEqual(['Partner portal']);
      const thirdParty = await api.get('/api/applications?isThirdParty=true');
      expect(names(thirdParty.body)).toEqual(['Partner portal']);
      const firstParty = await api.get('/api/applications?isThirdParty=false&types=SPA&types=MachineToMachine');
      expect(names(firstParty.body)).toEqual(['Nightly billing', 'Storefront']);
      const unknown = await api.get('/api/applications?types=SPA&types=Robot');
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('guard.invalid_input');
      expect(unknown.body.data.issues).toEqual([expect.objectContaining({ path: '/types/1', keyword: 'enum' })]);
    });

    it('leaves out the applications that already hold a role (excludeRoleId)', async () => {
      const robot = await newRole(api, 'Robot');
      const all = await api.get('/api/applications');
      const billing = all.body.find((a: { name: string }) => a.name === 'Nightly billing');
      await api.create(`/api/applications/${billing.id}/roles`, { roleIds: [robot.id] });
      const candidates = await api.get(`/api/applications?types=MachineToMachine&excludeRoleId=${robot.id}&page=1`);
      expect(candidates.body).toEqual([]);
      expect(candidates.headers['total-number']).toBe('0');
      const other = await newRole(api, 'Auditor');
      const forOther = await api.get(`/api/applications?types=MachineToMachine&excludeRoleId=${other.id}`);
      expect(forOther.body.map((a: { id: string }) => a.id)).toEqual([billing.id]);
    });

    it('searches name and description, and pages', async () => {
      const shop = await api.get('/api/applications?search=%25shop%25');
      expect(shop.body.map((a: { name: string }) => a.name)).toEqual(['Storefront']);
      const page = await api.get('/api/applications?page=2&page_size=2');
      expect(page.status).toBe(200);
      expect(page.body).toHaveLength(1);
      expect(page.headers['total-number']).toBe('3');
      expect(String(page.headers.link)).toContain('rel="first"');
    });
  });

  describe('secrets', () => {
    let appId = '';
    beforeEach(async () => {
      appId = (await newApp(api, 'MachineToMachine')).id;
    });
    const secrets = () => `/api/applications/${appId}/secrets`;

    it('creates a secret (201) whose value the server generates; it never expires by default', async () => {
      const created = await api.post(secrets(), { name: 'ci' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        tenantId: 'default',
        id: expect.any(String),
        applicationId: appId,
        name: 'ci',
        value: expect.stringMatching(/^[a-z0-9]{32}$/),
        expiresAt: null,
        createdAt: expect.any(Number),
      });
      const second = await api.create(secrets(), { name: 'deploy' });
      expect(second.value).not.toBe(created.body.value);
      const list = await api.get(secrets());
      expect(list.status).toBe(200);
      expect(list.body.map((s: { name: string }) => s.name).sort()).toEqual(['ci', 'deploy']);
      expect(list.body).toContainEqual(created.body);
    });

    it('keeps an expiry in the future, refuses one in the past (400) and a value chosen by the caller', async () => {
      const expiresAt = Date.now() + 30 * DAY;
      const future = await api.post(secrets(), { name: 'rotating', expiresAt });
      expect(future.status).toBe(201);
      expect(future.body.expiresAt).toBe(expiresAt);

      for (const past of [Date.now() - 1000, 0]) {
        const expired = await api.post(secrets(), { name: 'stale', expiresAt: past });
        expect(expired.status).toBe(400);
        expect(expired.body).toMatchObject({
          code: 'request.invalid_input',
          message: expect.stringContaining('expiresAt'),
          data: { issues: [expect.objectContaining({ path: '/expiresAt' })] },
        });
      }
      const chosen = await api.post(secrets(), { name: 'mine', value: 'chosen-by-me' });
      expect(chosen.status).toBe(400);
      expect(chosen.body.data.issues).toContainEqual(expect.objectContaining({ keyword: 'additionalProperties' }));
      expect(await api.count('application_secrets')).toBe(1);
    });

    it('refuses a second secret with the same name in the app (422), allows it in another app', async () => {
      await api.create(secrets(), { name: 'ci' });
      const again = await api.post(secrets(), { name: 'ci' });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({
        code: 'application.secret_name_exists',
        message: expect.stringContaining('ci'),
      });
      const other = await newApp(api, 'Traditional');
      expect((await api.post(`/api/applications/${other.id}/secrets`, { name: 'ci' })).status).toBe(201);
    });

    it('renames a secret by name (200), not onto a taken name (422), and not its expiry (400)', async () => {
      const ci = await api.create(secrets(), { name: 'ci' });
      await api.create(secrets(), { name: 'deploy' });
      const renamed = await api.patch(`${secrets()}/ci`, { name: 'build' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ ...ci, name: 'build' });
      expect((await api.patch(`${secrets()}/ci`, { name: 'x' })).status).toBe(404);
      const taken = await api.patch(`${secrets()}/build`, { name: 'deploy' });
      expect(taken.status).toBe(422);
      expect(taken.body.code).toBe('application.secret_name_exists');
      const expiry = await api.patch(`${secrets()}/build`, { expiresAt: Date.now() + DAY });
      expect(expiry.status).toBe(400);
      expect((await api.get(secrets())).body.map((s: { name: string }) => s.name).sort()).toEqual(['build', 'deploy']);
    });

    it('names secrets in the URL even when the name needs escaping', async () => {
      const name = 'prod / eu #1';
      await api.create(secrets(), { name });
      const path = `${secrets()}/${encodeURIComponent(name)}`;
      expect((await api.patch(path, { name: 'prod-eu-1' })).status).toBe(200);
      expect((await api.delete(`${secrets()}/prod-eu-1`)).status).toBe(204);
    });

    it('deletes a secret by name (204), then answers 404', async () => {
      await api.create(secrets(), { name: 'ci' });
      await api.create(secrets(), { name: 'deploy' });
      expect((await api.delete(`${secrets()}/ci`)).status).toBe(204);
      const again = await api.delete(`${secrets()}/ci`);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('entity.not_exists_with_id');
      expect((await api.get(secrets())).body.map((s: { name: string }) => s.name)).toEqual(['deploy']);
    });

    it('keeps each app’s secrets apart: another app’s secret name is not found here', async () => {
      const other = await newApp(api, 'Traditional');
      await api.create(`/api/applications/${other.id}/secrets`, { name: 'theirs' });
      expect((await api.get(secrets())).body).toEqual([]);
      expect((await api.delete(`${secrets()}/theirs`)).status).toBe(404);
      expect((await api.patch(`${secrets()}/theirs`, { name: 'mine' })).status).toBe(404);
      expect(await api.count('application_secrets')).toBe(1);
    });
  });

  describe('roles', () => {
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

  describe('tenant isolation', () => {
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
});
