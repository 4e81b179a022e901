import { describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';

const tokenDefaults = { idTokenTtl: 3600, refreshTokenTtlInDays: 14, rotateRefreshToken: true };
const uris = (redirectUris: string[], postLogoutRedirectUris: string[] = []) => ({
  oidcClientMetadata: { redirectUris, postLogoutRedirectUris },
});

describe.each(databases())('application settings on $name', (target) => {
  const api = useApi(target);

  describe('redirect URIs', () => {
    it.each([
      'javascript:alert(document.cookie)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'myapp:callback',
      'https://',
    ])('refuses %s on creation and update with a field error, storing nothing', async (uri) => {
      const created = await api.post('/api/applications', { name: 'Web', type: 'SPA', ...uris([uri]) });
      expect(created.status).toBe(400);
      expect(created.body.code).toBe('guard.invalid_input');
      expect(created.body.data.issues).toEqual([
        expect.objectContaining({ path: '/oidcClientMetadata/redirectUris/0', keyword: 'format' }),
      ]);
      const app = await api.create('/api/applications', { name: 'Native', type: 'Native' });
      const signOut = await api.patch(`/api/applications/${app.id}`, uris(['https://app.example.com/cb'], [uri]));
      expect(signOut.status).toBe(400);
      expect(signOut.body.data.issues).toEqual([
        expect.objectContaining({ path: '/oidcClientMetadata/postLogoutRedirectUris/0', keyword: 'format' }),
      ]);
      expect(await api.count('applications')).toBe(1);
      expect((await api.get(`/api/applications/${app.id}`)).body.oidcClientMetadata).toEqual({
        redirectUris: [],
        postLogoutRedirectUris: [],
      });
    });

    it('takes http(s) URLs and a native app’s reversed-domain custom scheme', async () => {
      const accepted = [
        'https://shop.example.com/callback',
        'http://localhost:3000/callback',
        'com.example.app://callback',
        'io.example.billing:/oauth2redirect',
      ];
      const app = await api.post('/api/applications', { name: 'Native', type: 'Native', ...uris(accepted, accepted) });
      expect(app.status).toBe(200);
      expect(app.body.oidcClientMetadata).toEqual({ redirectUris: accepted, postLogoutRedirectUris: accepted });
    });
  });

  describe('redirect URIs by application type', () => {
    const webOnly = (path: string) => ({
      path,
      keyword: 'format',
      message: 'must match format "web-redirect-uri"',
      params: { format: 'web-redirect-uri' },
    });
    const web = 'https://shop.example.com/callback';
    const custom = 'com.example.shop://callback';

    it.each(['SPA', 'Traditional', 'MachineToMachine'])(
      'refuses a custom scheme for a %s app on creation, naming the URI',
      async (type) => {
        const redirect = await api.post('/api/applications', { name: 'Web', type, ...uris([web, custom]) });
        expect(redirect.status).toBe(400);
        expect(redirect.body.code).toBe('guard.invalid_input');
        expect(redirect.body.data.issues).toEqual([webOnly('/oidcClientMetadata/redirectUris/1')]);
        const signOut = await api.post('/api/applications', { name: 'Web', type, ...uris([web], [custom]) });
        expect(signOut.status).toBe(400);
        expect(signOut.body.data.issues).toEqual([webOnly('/oidcClientMetadata/postLogoutRedirectUris/0')]);
        expect(await api.count('applications')).toBe(0);
      },
    );

    it('refuses a custom scheme in a PATCH of a web app, whose body does not carry the type', async () => {
      for (const type of ['SPA', 'Traditional']) {
        const app = await api.create('/api/applications', { name: type, type, ...uris([web]) });
        const patched = await api.patch(`/api/applications/${app.id}`, { name: 'Renamed', ...uris([web, custom]) });
        expect(patched.status, type).toBe(400);
        expect(patched.body.code).toBe('guard.invalid_input');
        expect(patched.body.data.issues).toEqual([webOnly('/oidcClientMetadata/redirectUris/1')]);
        // Nothing of a refused request is stored, the name included.
        expect((await api.get(`/api/applications/${app.id}`)).body).toMatchObject({ name: type, ...uris([web]) });
      }
    });

    it('takes a custom scheme for a native app, on creation and in a PATCH', async () => {
      const app = await api.create('/api/applications', { name: 'Phone', type: 'Native', ...uris([custom]) });
      const patched = await api.patch(`/api/applications/${app.id}`, uris([custom, web], [custom]));
      expect(patched.status).toBe(200);
      expect(patched.body.oidcClientMetadata).toEqual({
        redirectUris: [custom, web],
        postLogoutRedirectUris: [custom],
      });
    });

    it('lets a change elsewhere through on an app stored before the rule, and checks the URIs once they are sent', async () => {
      const app = await api.create('/api/applications', { name: 'Legacy', type: 'Native', ...uris([custom]) });
      // As if the row predated the rule: a single page app with a custom scheme.
      await api.db.query(`UPDATE applications SET type = 'SPA' WHERE id = $1`, [app.id]);
      const renamed = await api.patch(`/api/applications/${app.id}`, { name: 'Legacy shop' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Legacy shop', ...uris([custom]) });
      const resent = await api.patch(`/api/applications/${app.id}`, uris([custom], [web]));
      expect(resent.status).toBe(400);
      expect(resent.body.data.issues).toEqual([webOnly('/oidcClientMetadata/redirectUris/0')]);
      const fixed = await api.patch(`/api/applications/${app.id}`, uris([web]));
      expect(fixed.status).toBe(200);
      expect(fixed.body.oidcClientMetadata).toEqual({ redirectUris: [web], postLogoutRedirectUris: [] });
    });
  });

  describe('token defaults', () => {
    it('stores rotating refresh tokens, 14-day refresh tokens and 1-hour ID tokens on creation', async () => {
      for (const type of ['SPA', 'Native', 'Traditional', 'MachineToMachine']) {
        const app = await api.create('/api/applications', { name: type, type });
        expect(app.customClientMetadata, type).toEqual(tokenDefaults);
        expect((await api.get(`/api/applications/${app.id}`)).body.customClientMetadata).toEqual(tokenDefaults);
      }
    });

    it('fills the defaults a creation leaves out and keeps the values it gives', async () => {
      const app = await api.create('/api/applications', {
        name: 'Web',
        type: 'Traditional',
        customClientMetadata: { corsAllowedOrigins: ['https://web.example.com'], rotateRefreshToken: false },
      });
      expect(app.customClientMetadata).toEqual({
        corsAllowedOrigins: ['https://web.example.com'],
        idTokenTtl: 3600,
        refreshTokenTtlInDays: 14,
        rotateRefreshToken: false,
      });
    });

    it('are what the OpenAPI document shows', async () => {
      const openapi = (await api.get('/api/swagger.json')).body;
      const custom = openapi.components.schemas.ApplicationCreate.properties.customClientMetadata;
      expect(custom.default).toEqual(tokenDefaults);
      expect(custom.properties.rotateRefreshToken.default).toBe(true);
    });
  });
});
