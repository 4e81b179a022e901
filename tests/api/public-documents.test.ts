/**
 * What the server answers anyone, through a client typed by Logto's Management API: its health (`/api/status`), the
 * management API's OpenAPI document at Logto's two addresses, each describing the operations served, and what the
 * tenant's account center offers (`/api/.well-known/account-center`), as its settings say.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

describe.each(databases())('public documents on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('answers the status with 204 and no body', async () => {
    const status = await client.GET('/api/status');
    expect(status.response.status).toBe(204);
    expect(await status.response.text()).toBe('');
  });

  it('serves the management API document at both addresses, naming the operations it serves', async () => {
    const swagger = await client.GET('/api/swagger.json');
    const wellKnown = await client.GET('/api/.well-known/management.openapi.json');
    for (const answer of [swagger, wellKnown]) {
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(wellKnown.data).toEqual(swagger.data);
    const document = swagger.data as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths['/api/one-time-tokens'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.paths['/api/configs/id-token'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });

  it('tells anyone what the account center offers, as its settings say', async () => {
    const initial = await client.GET('/api/.well-known/account-center');
    expect(initial.response.status).toBe(200);
    expect(initial.data).toMatchObject({ enabled: false, webauthnRelatedOrigins: [] });
    const changed = await client.PATCH('/api/account-center', {
      body: { enabled: true, fields: { name: 'Edit', email: 'ReadOnly' } },
    });
    expect(changed.response.status).toBe(200);
    const shown = await client.GET('/api/.well-known/account-center');
    expect(shown.data).toEqual(changed.data);
    expect(shown.data).toMatchObject({ enabled: true, fields: { name: 'Edit', email: 'ReadOnly' } });
  });

  it('tells anyone the sign-in experience as the pages read it, an organization’s branding over it', async () => {
    await client.PATCH('/api/sign-in-exp', {
      body: {
        color: { primaryColor: '#112233', isDarkModeEnabled: false, darkPrimaryColor: '#445566' },
        branding: { logoUrl: 'https://example.com/logo.png' },
      },
    });
    const field = await client.POST('/api/custom-profile-fields', {
      body: { name: 'company', type: 'Text', label: 'Company', required: true } as never,
    });
    expect(field.response.status).toBe(201);
    // Logto's two addresses of the same answer.
    const [signInExp, experience] = [
      await client.GET('/api/.well-known/sign-in-exp'),
      await client.GET('/api/.well-known/experience'),
    ];
    expect(experience.data).toEqual(signInExp.data);
    for (const shown of [signInExp, experience]) {
      expect(shown.response.status).toBe(200);
      expect(shown.data).toMatchObject({
        color: { primaryColor: '#112233' },
        branding: { logoUrl: 'https://example.com/logo.png' },
        socialConnectors: [],
        ssoConnectors: [],
        forgotPassword: { email: false, phone: false },
        isDevelopmentTenant: false,
      });
      expect(shown.data?.customProfileFields.map((each) => each.name)).toEqual(['company']);
      expect(shown.data).not.toHaveProperty('emailBlocklistPolicy');
    }
    const organization = await client.POST('/api/organizations', {
      body: {
        name: 'Acme',
        branding: { logoUrl: 'https://acme.example/logo.png' },
        color: { primaryColor: '#aa0000' },
      },
    });
    const branded = await client.GET('/api/.well-known/sign-in-exp', {
      params: { query: { organizationId: organization.data?.id ?? '' } },
    });
    expect(branded.data).toMatchObject({
      color: { primaryColor: '#aa0000', darkPrimaryColor: '#445566' },
      branding: { logoUrl: 'https://acme.example/logo.png' },
    });
    const unknown = await client.GET('/api/.well-known/sign-in-exp', { params: { query: { organizationId: 'none' } } });
    expect(unknown.data?.branding).toMatchObject({ logoUrl: 'https://example.com/logo.png' });
  });

  it('tells anyone the sign-in pages’ texts in the language asked for, the tenant’s custom phrases over them', async () => {
    const english = await client.GET('/api/.well-known/phrases');
    expect(english.response.status).toBe(200);
    expect(english.response.headers.get('content-language')).toBe('en');
    expect(english.data).toMatchObject({ register: { title: 'Create account' } });
    const german = await client.GET('/api/.well-known/phrases', { params: { query: { lng: 'xx de' } } });
    expect(german.response.headers.get('content-language')).toBe('de');
    expect((german.data as { register: { title: string } }).register.title).not.toBe('Create account');

    const custom = await client.PUT('/api/custom-phrases/{languageTag}', {
      params: { path: { languageTag: 'fr-CA' } },
      body: { register: { title: 'Créer un compte' } } as never,
    });
    expect(custom.response.status, JSON.stringify(custom.error)).toBeLessThan(300);
    const french = await client.GET('/api/.well-known/phrases', { params: { query: { lng: 'fr-CA' } } });
    expect(french.response.headers.get('content-language')).toBe('fr-CA');
    // The tenant's own text, and English for what it did not translate.
    expect(french.data).toMatchObject({ register: { title: 'Créer un compte', submit: 'Create account' } });
  });
});
