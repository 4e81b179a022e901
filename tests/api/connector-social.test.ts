/**
 * Social connectors through Logto's connector routes: the factories (generic OpenID Connect and OAuth 2.0, and the
 * presets with their providers' endpoints), Logto's rules for creating them (a target for a standard one, one
 * instance of a preset, one connector per target and platform, even when two creates race), the `target` filter,
 * and the provider's authorization URL for a caller's own pages.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

const google = { connectorId: 'google-universal', config: { clientId: 'google-client', clientSecret: 'g-secret' } };
const oidc = (target?: string) => ({
  connectorId: 'oidc',
  config: {
    clientId: 'acme-client',
    clientSecret: 'acme-secret',
    authorizationEndpoint: 'https://idp.acme.test/auth',
    tokenEndpoint: 'https://idp.acme.test/token',
    scope: 'profile',
    idTokenVerificationConfig: { jwksUri: 'https://idp.acme.test/jwks', issuer: 'https://idp.acme.test' },
  },
  ...(target ? { metadata: { target, name: { en: 'Acme ID' } } } : {}),
});

describe.each(databases())('social connectors on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  beforeEach(() => api.db.exec('DELETE FROM connectors'));

  it('offers the social factories with their targets, and sets up a preset once', async () => {
    const factories = await client.GET('/api/connector-factories');
    const social = (factories.data ?? []).filter((factory) => factory.type === 'Social');
    expect(social.map((factory) => [factory.id, factory.target]).sort()).toEqual([
      ['apple-universal', 'apple'],
      ['azuread-universal', 'azuread'],
      ['discord-universal', 'discord'],
      ['facebook-universal', 'facebook'],
      ['github-universal', 'github'],
      ['gitlab-universal', 'gitlab'],
      ['google-universal', 'google'],
      ['oauth2', 'oauth2'],
      ['oidc', 'oidc'],
    ]);
    const created = await client.POST('/api/connectors', { body: google });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({ type: 'Social', target: 'google', platform: 'Universal', isStandard: false });
    const again = await api.post('/api/connectors', google);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('connector.multiple_instances_not_supported');
    // A preset keeps its factory's metadata.
    const renamed = await api.post('/api/connectors', { ...google, metadata: { target: 'elsewhere' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('connector.cannot_overwrite_metadata_for_non_standard_connector');
    expect(await api.count('connectors')).toBe(1);
  });

  it('asks a standard connector for its target, shows its own metadata, and keeps the target', async () => {
    const untargeted = await api.post('/api/connectors', oidc());
    expect(untargeted.status).toBe(400);
    expect(untargeted.body.code).toBe('connector.should_specify_target');
    const created = await client.POST('/api/connectors', { body: oidc('acme') });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({ target: 'acme', name: { en: 'Acme ID' }, isStandard: true });
    const sameTarget = await api.post('/api/connectors', oidc('acme'));
    expect(sameTarget.status).toBe(422);
    expect(sameTarget.body.code).toBe('connector.multiple_target_with_same_platform');
    const id = String(created.data?.id);
    const retargeted = await client.PATCH('/api/connectors/{id}', {
      params: { path: { id } },
      body: { metadata: { target: 'other' } },
    });
    expect(retargeted.response.status).toBe(400);
    const renamed = await client.PATCH('/api/connectors/{id}', {
      params: { path: { id } },
      body: { metadata: { target: 'acme', name: { en: 'Acme Login' } } },
    });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    expect(renamed.data).toMatchObject({ target: 'acme', name: { en: 'Acme Login' } });
  });

  it('lets one of two racing creates of a preset through', async () => {
    const answers = await Promise.all([api.post('/api/connectors', google), api.post('/api/connectors', google)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await api.count('connectors')).toBe(1);
  });

  it('filters the connectors by target', async () => {
    await client.POST('/api/connectors', { body: google });
    await client.POST('/api/connectors', {
      body: { connectorId: 'github-universal', config: { clientId: 'gh', clientSecret: 'gh-secret' } },
    });
    const googles = await client.GET('/api/connectors', { params: { query: { target: 'google' } } });
    expect(googles.data?.map((connector) => connector.connectorId)).toEqual(['google-universal']);
    await client.POST('/api/connectors', { body: oidc('acme') });
    const own = await client.GET('/api/connectors', { params: { query: { target: 'acme' } } });
    expect(own.data?.map((connector) => connector.connectorId)).toEqual(['oidc']);
    const generic = await client.GET('/api/connectors', { params: { query: { target: 'oidc' } } });
    expect(generic.data).toEqual([]);
    const none = await client.GET('/api/connectors', { params: { query: { target: 'myspace' } } });
    expect(none.data).toEqual([]);
    const all = await client.GET('/api/connectors');
    expect(all.data).toHaveLength(3);
  });

  it("answers the provider's authorization URL for a social connector only", async () => {
    const created = await client.POST('/api/connectors', { body: google });
    const answer = await client.POST('/api/connectors/{connectorId}/authorization-uri', {
      params: { path: { connectorId: String(created.data?.id) } },
      body: { state: 'st4te', redirectUri: 'https://app.example.com/link' },
    });
    expect(answer.response.status).toBe(200);
    const url = new URL(String(answer.data?.redirectTo));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'google-client',
      redirect_uri: 'https://app.example.com/link',
      state: 'st4te',
      scope: 'openid profile email',
    });
    const smtp = await api.post('/api/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: {
        host: 'smtp.example.com',
        port: 587,
        auth: { user: 'u', pass: 'p' },
        fromEmail: 'noreply@example.com',
        templates: ['SignIn', 'Register', 'ForgotPassword', 'Generic'].map((usageType) => ({
          usageType,
          contentType: 'text/plain',
          subject: usageType,
          content: '{{code}}',
        })),
      },
    });
    expect(smtp.status, JSON.stringify(smtp.body)).toBe(200);
    const wrongType = await api.post(`/api/connectors/${smtp.body.id}/authorization-uri`, {
      state: 's',
      redirectUri: 'https://app.example.com/link',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('connector.unexpected_type');
    const missing = await api.post('/api/connectors/nope/authorization-uri', { state: 's', redirectUri: 'https://a' });
    expect(missing.status).toBe(404);
    const empty = await api.post(`/api/connectors/${created.data?.id}/authorization-uri`, {
      state: '',
      redirectUri: 'https://a',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('session.insufficient_info');
  });
});
