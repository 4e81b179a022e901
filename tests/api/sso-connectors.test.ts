/**
 * Enterprise SSO connectors through Logto's routes and its typed client: the providers, a connector set up before
 * its connection (config `{}`), Logto's rules for names (409 when taken, even by two creates racing), domains
 * (lower case; public and repeated ones refused) and configurations (whole for their provider), and the
 * organizations' just-in-time connectors.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type PublishedDocuments, startPublishedDocuments } from './identity-provider-documents.js';

describe.each(databases())('enterprise SSO connectors on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let provider: PublishedDocuments;
  /** A local server publishes the identity provider's discovery document. */
  const oidcConfig = () => ({ clientId: 'acme', clientSecret: 'acme-secret', issuer: provider.issuer });

  beforeAll(async () => {
    provider = await startPublishedDocuments();
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  afterAll(() => provider.close());
  beforeEach(() => api.db.exec('DELETE FROM sso_connectors'));

  const create = (connectorName: string, extra: Record<string, unknown> = {}) =>
    client.POST('/api/sso-connectors', { body: { providerName: 'OIDC', connectorName, ...extra } });

  it('lists the providers with their protocols', async () => {
    const providers = await client.GET('/api/sso-connector-providers');
    expect(providers.response.status).toBe(200);
    expect(providers.data?.map((provider) => [provider.providerName, provider.providerType])).toEqual([
      ['AzureAD', 'saml'],
      ['AzureAdOidc', 'oidc'],
      ['GoogleWorkspace', 'oidc'],
      ['OIDC', 'oidc'],
      ['Okta', 'oidc'],
      ['SAML', 'saml'],
    ]);
    expect(providers.data?.[0]).toMatchObject({
      name: 'Microsoft Entra ID (SAML)',
      logo: expect.stringMatching(/^data:/),
    });
  });

  it('creates a connector before its connection, then reads, lists, updates and deletes it', async () => {
    const created = await create('Acme SSO', { domains: ['Acme.COM', 'acme.io'] });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({
      providerName: 'OIDC',
      connectorName: 'Acme SSO',
      config: {},
      domains: ['acme.com', 'acme.io'],
      branding: {},
      syncProfile: false,
      providerType: 'oidc',
      name: 'OIDC',
    });
    const id = String(created.data?.id);
    await create('Second');
    const page = await client.GET('/api/sso-connectors', { params: { query: { page: 1, page_size: 1 } } });
    expect(page.data).toHaveLength(1);
    expect(page.response.headers.get('total-number')).toBe('2');
    const got = await client.GET('/api/sso-connectors/{id}', { params: { path: { id } } });
    expect(got.data?.connectorName).toBe('Acme SSO');

    const partial = await client.PATCH('/api/sso-connectors/{id}', {
      params: { path: { id } },
      body: { config: { clientId: 'only-this' } },
    });
    expect(partial.response.status).toBe(400);
    expect(partial.error).toMatchObject({ code: 'connector.invalid_config' });
    // A connection whose provider does not answer is refused, and nothing changes.
    const unreachable = await client.PATCH('/api/sso-connectors/{id}', {
      params: { path: { id } },
      body: { config: { ...oidcConfig(), issuer: 'https://idp.acme.test' } },
    });
    expect(unreachable.response.status).toBe(400);
    expect(unreachable.error).toMatchObject({ code: 'connector.invalid_config' });
    expect((await client.GET('/api/sso-connectors/{id}', { params: { path: { id } } })).data?.config).toEqual({});
    const patched = await client.PATCH('/api/sso-connectors/{id}', {
      params: { path: { id } },
      body: { config: oidcConfig(), branding: { displayName: 'Acme' }, syncProfile: true },
    });
    expect(patched.response.status, JSON.stringify(patched.error)).toBe(200);
    expect(patched.data).toMatchObject({ config: oidcConfig(), branding: { displayName: 'Acme' }, syncProfile: true });
    // Reads carry what the provider publishes: its discovery's issuer and endpoints.
    const read = await client.GET('/api/sso-connectors/{id}', { params: { path: { id } } });
    expect(read.data?.providerConfig).toMatchObject({
      issuer: provider.issuer,
      authorizationEndpoint: `${provider.issuer}/auth`,
      tokenEndpoint: `${provider.issuer}/token`,
      jwksUri: `${provider.issuer}/jwks`,
    });

    const deleted = await client.DELETE('/api/sso-connectors/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/sso-connectors/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
  });

  it('answers Logto’s codes for a taken name, public or repeated domains, unknown providers and token storage', async () => {
    await create('Taken');
    const taken = await api.post('/api/sso-connectors', { providerName: 'SAML', connectorName: 'Taken' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('single_sign_on.duplicate_connector_name');
    const gmail = await api.post('/api/sso-connectors', {
      providerName: 'OIDC',
      connectorName: 'G',
      domains: ['GMAIL.com'],
    });
    expect([gmail.status, gmail.body.code]).toEqual([422, 'single_sign_on.forbidden_domains']);
    const twice = await api.post('/api/sso-connectors', {
      providerName: 'OIDC',
      connectorName: 'T',
      domains: ['a.io', 'A.io'],
    });
    expect([twice.status, twice.body.code]).toEqual([422, 'single_sign_on.duplicated_domains']);
    const unknown = await api.post('/api/sso-connectors', { providerName: 'Nope', connectorName: 'N' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'connector.not_found']);
    const tokens = await api.post('/api/sso-connectors', {
      providerName: 'OIDC',
      connectorName: 'K',
      enableTokenStorage: true,
    });
    expect(tokens.status).toBe(422);
    const saml = await client.POST('/api/sso-connectors', {
      body: { providerName: 'SAML', connectorName: 'Manual SAML', config: { entityId: 'https://idp.example' } },
    });
    expect(saml.response.status).toBe(400);
    expect(await api.count('sso_connectors')).toBe(1);
  });

  it('lets one of two creates racing for a name through', async () => {
    const answers = await Promise.all([
      api.post('/api/sso-connectors', { providerName: 'OIDC', connectorName: 'Race' }),
      api.post('/api/sso-connectors', { providerName: 'Okta', connectorName: 'Race' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('links and unlinks a connector for an organization’s just-in-time provisioning', async () => {
    const connector = await create('JIT');
    const organization = await client.POST('/api/organizations', { body: { name: 'Acme' } });
    const id = String(organization.data?.id);
    const ssoConnectorId = String(connector.data?.id);
    // Logto answers the assignment 201 with no JSON body (its text is "Created").
    const linked = await api.post(`/api/organizations/${id}/jit/sso-connectors`, { ssoConnectorIds: [ssoConnectorId] });
    expect(linked.status).toBe(201);
    const listed = await client.GET('/api/organizations/{id}/jit/sso-connectors', { params: { path: { id } } });
    expect(listed.data?.map((item) => item.id)).toEqual([ssoConnectorId]);
    const unlinked = await client.DELETE('/api/organizations/{id}/jit/sso-connectors/{ssoConnectorId}', {
      params: { path: { id, ssoConnectorId } },
    });
    expect(unlinked.response.status).toBe(204);
    const empty = await client.GET('/api/organizations/{id}/jit/sso-connectors', { params: { path: { id } } });
    expect(empty.data).toEqual([]);
  });
});
