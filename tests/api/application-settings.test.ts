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
