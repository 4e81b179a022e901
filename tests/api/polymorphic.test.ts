import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidFixtures, validFixtures } from '../fixtures.js';
import { serveShapes } from '../shapes/serve.js';

/**
 * A polymorphic configuration through the generic routes: the test-only SSO connector of tests/shapes/polymorphic,
 * whose `config` is one of the provider files (OIDC, Okta, SAML) chosen by `config.providerName`.
 */
const entities = join(import.meta.dirname, '../shapes/polymorphic/entities');
const valid = validFixtures('ssoConnector', entities);
const invalid = invalidFixtures('ssoConnector', entities);
const targets = [
  { name: 'pglite', url: undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', url: process.env.DATABASE_URL }] : []),
];

describe.each(targets)('a polymorphic configuration on $name', ({ url }) => {
  let served: Awaited<ReturnType<typeof serveShapes>>;
  beforeAll(async () => {
    served = await serveShapes('polymorphic', url);
  });
  afterAll(() => served?.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) => {
    const response = await served.app.inject({ method, url: path, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
  };
  const count = async () =>
    Number((await served.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sso_connectors')).rows[0]?.n);

  it.each(valid.map((fixture) => [fixture.name, fixture] as const))(
    'stores the %s provider as sent and reads it back',
    async (_name, fixture) => {
      const created = await call('POST', '/api/sso-connectors', fixture.body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(fixture.body);
      expect((await call('GET', `/api/sso-connectors/${created.body.id}`)).body).toMatchObject(fixture.body);
    },
  );

  it.each(invalid.map((fixture) => [fixture.name, fixture] as const))(
    'refuses %s with 400, an issue inside the chosen branch, and stores nothing',
    async (_name, fixture) => {
      const before = await count();
      const refused = await call('POST', '/api/sso-connectors', fixture.body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
      expect(refused.body.data.issues).toContainEqual(expect.objectContaining(fixture.expect));
      expect(await count()).toBe(before);
    },
  );

  it('switches a connector to another provider only with that provider’s whole configuration', async () => {
    const oidc = valid.find((fixture) => fixture.name.includes('oidc')) ?? valid[0];
    const created = await call('POST', '/api/sso-connectors', oidc?.body);
    const path = `/api/sso-connectors/${created.body.id}`;
    const half = await call('PATCH', path, { config: { providerName: 'SAML' } });
    expect(half.status).toBe(400);
    expect(half.body.data.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['/config/metadataUrl', '/config/entityId']),
    );
    const saml = { providerName: 'SAML', metadataUrl: 'https://idp.example.test/metadata', entityId: 'urn:example' };
    const switched = await call('PATCH', path, { config: saml });
    expect(switched.status).toBe(200);
    expect((await call('GET', path)).body.config).toMatchObject(saml);
  });
});
