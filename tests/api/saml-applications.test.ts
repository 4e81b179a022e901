/**
 * SAML applications through a client typed by Logto's Management API: the application with its settings, its
 * signing certificates (one active, the active one never deleted, the key never answered), its metadata, and the
 * applications routes leaving SAML applications to their own API.
 */
import { X509Certificate } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import * as saml from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { makeSigningCertificate } from '../../src/entities/samlApplicationSecret/server/certificate.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ACS = { binding: POST, url: 'https://sp.example.com/saml/acs' };

describe.each(databases())('SAML applications on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let client: Client<paths>;

  const path = (id: string) => ({ params: { path: { id } } });
  const secretPath = (id: string, secretId: string) => ({ params: { path: { id, secretId } } });
  const newSamlApp = async (body: Record<string, unknown> = {}) => {
    const made = await client.POST('/api/saml-applications', { body: { name: unique('Wiki '), ...body } as never });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    return made.data as NonNullable<typeof made.data>;
  };
  const secretsOf = async (id: string) =>
    (await client.GET('/api/saml-applications/{id}/secrets', path(id))).data ?? [];
  const metadataOf = async (id: string) => {
    const response = await fetch(`${server.origin}/api/saml-applications/${id}/metadata`);
    return { status: response.status, type: response.headers.get('content-type'), xml: await response.text() };
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    client = createClient<paths>({ baseUrl: server.origin });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('CreateSamlApplication and GetSamlApplication: Logto’s defaults, and an application of type SAML', async () => {
    const made = await newSamlApp({ description: 'The team wiki' });
    expect(made).toMatchObject({
      type: 'SAML',
      description: 'The team wiki',
      customData: {},
      isThirdParty: false,
      appLevelAccessControlEnabled: false,
      attributeMapping: {},
      entityId: null,
      acsUrl: null,
      encryption: null,
      nameIdFormat: PERSISTENT,
    });
    const read = await client.GET('/api/saml-applications/{id}', path(made.id));
    expect(read.data).toEqual(made);

    // The applications routes list it, without its OpenID client's URIs or secret.
    const application = await client.GET('/api/applications/{id}', path(made.id));
    expect(application.data).toMatchObject({ type: 'SAML', oidcClientMetadata: { redirectUris: [] } });
    expect(application.data).not.toHaveProperty('secret');
    const listed = await client.GET('/api/applications', { params: { query: { types: ['SAML'] } } });
    expect(listed.data?.map(({ id }) => id)).toContain(made.id);
    expect(listed.data?.every(({ type }) => type === 'SAML')).toBe(true);
  });

  it('keeps the settings it is given, and refuses an assertion consumer service without HTTP-POST (422)', async () => {
    const { certificate } = await makeSigningCertificate(1);
    const encryption = { encryptAssertion: true, encryptThenSign: false, certificate };
    const settings = { entityId: 'https://sp.example.com', acsUrl: ACS, nameIdFormat: EMAIL, encryption };
    const made = await newSamlApp({ ...settings, attributeMapping: { email: 'mail', name: 'displayName' } });
    expect(made).toMatchObject({ ...settings, attributeMapping: { email: 'mail', name: 'displayName' } });

    const redirect = await client.POST('/api/saml-applications', {
      body: { name: 'Redirect only', acsUrl: { binding: REDIRECT, url: 'https://sp.example.com/acs' } } as never,
    });
    expect(redirect.response.status).toBe(422);
    expect(redirect.error).toMatchObject({ code: 'application.saml.acs_url_binding_not_supported' });
    const withoutCertificate = await client.POST('/api/saml-applications', {
      body: { name: 'Sealed', encryption: { encryptAssertion: true } } as never,
    });
    expect(withoutCertificate.response.status).toBe(400);
    expect(withoutCertificate.error).toMatchObject({ code: 'guard.invalid_input' });
    const notACertificate = await client.PATCH('/api/saml-applications/{id}', {
      ...path(made.id),
      body: {
        encryption: { encryptAssertion: true, encryptThenSign: true, certificate: 'not a certificate' },
      } as never,
    });
    expect(notACertificate.response.status).toBe(400);
    expect(notACertificate.error).toMatchObject({ code: 'application.saml.invalid_certificate_pem_format' });
    expect((await client.GET('/api/saml-applications/{id}', path(made.id))).data).toMatchObject({ encryption });
    const invalid = await client.POST('/api/saml-applications', { body: { name: '', nameIdFormat: 'nope' } as never });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: 'guard.invalid_input' });
  });

  it('UpdateSamlApplication: the fields given, an object replaced whole, null clearing, the answer as read', async () => {
    const made = await newSamlApp({ entityId: 'https://sp.example.com/foo', attributeMapping: { sub: 'uid' } });
    const patched = await client.PATCH('/api/saml-applications/{id}', {
      ...path(made.id),
      body: { name: 'Renamed wiki', acsUrl: ACS, attributeMapping: { email: 'mail' }, entityId: null } as never,
    });
    expect(patched.response.status, JSON.stringify(patched.error)).toBe(200);
    expect(patched.data).toMatchObject({
      name: 'Renamed wiki',
      acsUrl: ACS,
      attributeMapping: { email: 'mail' },
      entityId: null,
      nameIdFormat: PERSISTENT,
    });
    expect((await client.GET('/api/saml-applications/{id}', path(made.id))).data).toEqual(patched.data);
    const kept = await client.PATCH('/api/saml-applications/{id}', { ...path(made.id), body: {} as never });
    expect(kept.data).toEqual(patched.data);

    const unguarded = await client.PATCH('/api/saml-applications/{id}', {
      ...path(made.id),
      body: { appLevelAccessControlEnabled: true } as never,
    });
    expect(unguarded.response.status).toBe(422);
    expect(unguarded.error).toMatchObject({ code: 'request.invalid_input' });
  });

  it('answers 404 for an unknown application and 422 for one of another kind; /applications leaves SAML alone', async () => {
    const other = await client.POST('/api/applications', {
      body: {
        name: 'Portal',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
      },
    });
    const otherId = other.data?.id ?? '';
    const only = { code: 'application.saml.saml_application_only' };
    expect((await client.GET('/api/saml-applications/{id}', path(otherId))).error).toMatchObject(only);
    expect(
      (await client.PATCH('/api/saml-applications/{id}', { ...path(otherId), body: { name: 'x' } as never })).error,
    ).toMatchObject(only);
    const refusedDelete = await client.DELETE('/api/saml-applications/{id}', path(otherId));
    expect(refusedDelete.response.status).toBe(422);
    expect((await client.GET('/api/saml-applications/{id}', path('missing'))).response.status).toBe(404);

    const samlApp = await newSamlApp();
    const useSamlApi = { code: 'application.saml.use_saml_app_api' };
    const created = await client.POST('/api/applications', { body: { name: 'Sneaky', type: 'SAML' } as never });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject(useSamlApi);
    const patched = await client.PATCH('/api/applications/{id}', { ...path(samlApp.id), body: { name: 'x' } });
    expect(patched.response.status).toBe(400);
    expect(patched.error).toMatchObject(useSamlApi);
    const deleted = await client.DELETE('/api/applications/{id}', path(samlApp.id));
    expect(deleted.response.status).toBe(400);
    expect((await client.GET('/api/saml-applications/{id}', path(samlApp.id))).data).toEqual(samlApp);
  });

  it('signing certificates: one active, the private key never answered, the active one never deleted', async () => {
    const { id } = await newSamlApp();
    const [first] = await secretsOf(id);
    expect(first).toMatchObject({ active: true });
    const made = await client.POST('/api/saml-applications/{id}/secrets', {
      ...path(id),
      body: { lifeSpanInYears: 30 },
    });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const secret = made.data as NonNullable<typeof made.data>;
    expect(secret).not.toHaveProperty('privateKey');
    expect(secret.active).toBe(false);
    const certificate = new X509Certificate(secret.certificate);
    expect(secret.fingerprints.sha256.formatted).toBe(certificate.fingerprint256);
    expect(secret.fingerprints.sha256.unformatted).toBe(certificate.fingerprint256.replaceAll(':', ''));
    expect(new Date(certificate.validTo).getUTCFullYear() - new Date().getUTCFullYear()).toBe(30);
    expect(Math.abs(Number(secret.expiresAt) - Date.parse(certificate.validTo))).toBeLessThan(1000);

    const activated = await client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
      ...secretPath(id, secret.id),
      body: { active: true },
    });
    expect(activated.data).toMatchObject({ id: secret.id, active: true });
    const listed = await secretsOf(id);
    expect(listed).toHaveLength(2);
    expect(listed.filter(({ active }) => active).map(({ id: secretId }) => secretId)).toEqual([secret.id]);
    expect(listed.every((item) => !('privateKey' in item) && Number(item.createdAt) < Number(item.expiresAt))).toBe(
      true,
    );

    const refused = await client.DELETE('/api/saml-applications/{id}/secrets/{secretId}', secretPath(id, secret.id));
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'application.saml.can_not_delete_active_secret' });
    await client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
      ...secretPath(id, secret.id),
      body: { active: false },
    });
    const removed = await client.DELETE('/api/saml-applications/{id}/secrets/{secretId}', secretPath(id, secret.id));
    expect(removed.response.status).toBe(204);
    expect((await secretsOf(id)).map(({ id: secretId }) => secretId)).toEqual([first?.id]);
    const missing = await client.DELETE('/api/saml-applications/{id}/secrets/{secretId}', secretPath(id, secret.id));
    expect(missing.response.status).toBe(404);
    const invalid = await client.POST('/api/saml-applications/{id}/secrets', {
      ...path(id),
      body: { lifeSpanInYears: 0 },
    });
    expect(invalid.response.status).toBe(400);
  });

  it('leaves exactly one certificate active when two are activated at once', async () => {
    const { id } = await newSamlApp();
    const more = await Promise.all(
      [1, 2, 3].map((years) =>
        client.POST('/api/saml-applications/{id}/secrets', { ...path(id), body: { lifeSpanInYears: years } }),
      ),
    );
    const ids = more.map((made) => made.data?.id ?? '');
    const answers = await Promise.all(
      ids.map((secretId) =>
        client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
          ...secretPath(id, secretId),
          body: { active: true },
        }),
      ),
    );
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200, 200]);
    const active = (await secretsOf(id)).filter((secret) => secret.active);
    expect(active).toHaveLength(1);

    // The active one deactivated while another is activated: neither waits for the other forever.
    const [other] = ids.filter((secretId) => secretId !== active[0]?.id);
    const crossed = await Promise.all([
      client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
        ...secretPath(id, active[0]?.id ?? ''),
        body: { active: false },
      }),
      client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
        ...secretPath(id, other ?? ''),
        body: { active: true },
      }),
    ]);
    expect(crossed.map((answer) => answer.response.status)).toEqual([200, 200]);
    expect((await secretsOf(id)).filter((secret) => secret.active).map((secret) => secret.id)).toEqual([other]);
  });

  it("answers anyone the identity provider's metadata with the active certificate; none without one (404)", async () => {
    const { id } = await newSamlApp({ nameIdFormat: EMAIL });
    const [first] = await secretsOf(id);
    const metadata = await metadataOf(id);
    expect(metadata.status).toBe(200);
    expect(metadata.type).toMatch(/^text\/xml/);
    const idp = saml.IdentityProvider({ metadata: metadata.xml });
    expect(idp.entityMeta.getEntityID()).toBe(`${server.origin}/saml/${id}`);
    const pemBody = (pem = '') => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    expect(idp.entityMeta.getX509Certificate('signing')).toBe(pemBody(first?.certificate));
    expect(idp.entityMeta.getSingleSignOnService('post')).toBe(`${server.origin}/api/saml/${id}/authn`);
    expect(idp.entityMeta.getSingleSignOnService('redirect')).toBe(`${server.origin}/api/saml/${id}/authn`);
    expect(metadata.xml).toContain(EMAIL);
    const typed = await client.GET('/api/saml-applications/{id}/metadata', { ...path(id), parseAs: 'text' });
    expect(typed.data).toBe(metadata.xml);

    await client.PATCH('/api/saml-applications/{id}/secrets/{secretId}', {
      ...secretPath(id, first?.id ?? ''),
      body: { active: false },
    });
    expect((await metadataOf(id)).status).toBe(404);
    expect((await metadataOf('missing')).status).toBe(404);
  });

  it('DeleteSamlApplication: the application goes, with its settings and certificates', async () => {
    const { id } = await newSamlApp();
    const deleted = await client.DELETE('/api/saml-applications/{id}', path(id));
    expect(deleted.response.status).toBe(204);
    expect((await client.GET('/api/applications/{id}', path(id))).response.status).toBe(404);
    const { rows } = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM saml_application_configs WHERE application_id = $1)
            + (SELECT count(*) FROM saml_application_secrets WHERE application_id = $1) AS n`,
      [id],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect((await client.DELETE('/api/saml-applications/{id}', path(id))).response.status).toBe(404);
  });
});
