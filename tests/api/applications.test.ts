import { beforeEach, describe, expect, it } from 'vitest';
import { newApp, newRole } from './application-helpers.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('applications on $name', (target) => {
  const api = useApi(target);

  describe('CRUD', () => {
    it('creates an application with 200 (as Logto does), a generated secret and the documented defaults', async () => {
      const created = await api.post('/api/applications', { name: 'Storefront', type: 'Traditional' });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        tenantId: 'default',
        id: expect.stringMatching(/^[a-z0-9]{21}$/),
        name: 'Storefront',
        secret: expect.stringMatching(/^[a-z0-9]{32}$/),
        description: null,
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
        customClientMetadata: { idTokenTtl: 3600, refreshTokenTtlInDays: 14, rotateRefreshToken: true },
        protectedAppMetadata: null,
        customData: {},
        isThirdParty: false,
        appLevelAccessControlEnabled: false,
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
      const unknown = await api.post('/api/applications', { name: 'Legacy', type: 'Hosted' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.data.issues).toContainEqual(expect.objectContaining({ path: '/type', keyword: 'enum' }));
      // A SAML application is made through its own API (Logto's 400).
      const saml = await api.post('/api/applications', { name: 'Legacy', type: 'SAML' });
      expect(saml.status).toBe(400);
      expect(saml.body.code).toBe('application.saml.use_saml_app_api');
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
});
