/**
 * Connectors as Logto has them (`/api/connectors`, `/api/connector-factories`): the SMTP email connector is set
 * up with its configuration (checked against the factory's), read back with the factory's metadata, replaced by
 * a new email connector, updated and deleted; bad input answers 4xx and writes nothing; each tenant sees its own.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { generatedCatalog } from '../../src/server/catalog.js';
import { modelOf } from '../../src/server/crud/catalog.js';
import { findEmailSender } from '../../src/server/messages/email-sender.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, smtpTemplates, startSmtpServer } from './smtp-server.js';

const connectorModel = modelOf(generatedCatalog(), 'connector');

const SMTP = 'simple-mail-transfer-protocol';

describe.each(databases())('connectors on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const createSmtp = (extra: Record<string, unknown> = {}) =>
    client.POST('/api/connectors', { body: { connectorId: SMTP, config: smtpConfig(smtp, extra) } });
  const stored = async () =>
    (await api.db.query<{ id: string; config: Record<string, unknown> }>('SELECT id, config FROM connectors')).rows;

  it('creates the SMTP connector and answers it with the factory metadata', async () => {
    const created = await createSmtp();
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({
      id: expect.any(String),
      connectorId: SMTP,
      type: 'Email',
      target: 'smtp',
      platform: null,
      isStandard: false,
      name: { en: 'SMTP' },
      logo: expect.any(String),
      readme: expect.any(String),
      syncProfile: false,
      enableTokenStorage: false,
      metadata: {},
      config: smtpConfig(smtp),
    });
    // Logto's form items, made from the factory's schema.
    expect(created.data?.formItems).toEqual(
      expect.arrayContaining([
        { key: 'host', label: 'Host', type: 'Text', required: true },
        { key: 'port', label: 'Port', type: 'Number', required: true },
        expect.objectContaining({ key: 'templates', type: 'Json', required: true }),
        { key: 'secure', label: 'Secure', type: 'Switch', required: false },
      ]),
    );
    const id = created.data?.id ?? '';
    const read = await client.GET('/api/connectors/{id}', { params: { path: { id } } });
    expect(read.data).toEqual(created.data);
    const list = await client.GET('/api/connectors');
    expect(list.data?.map((connector) => connector.id)).toEqual([id]);
  });

  it('sends real mail through the tenant email connector once one is set up', async () => {
    await expect(findEmailSender(api.db, 'default', connectorModel)).rejects.toMatchObject({
      code: 'connector.not_found',
    });
    expect((await createSmtp()).response.status).toBe(200);
    const sender = await findEmailSender(api.db, 'default', connectorModel);
    await sender.send({ to: 'ada@example.com', template: 'SignIn', payload: { code: '123456' } });
    const mail = await smtp.nextMessageTo('ada@example.com');
    expect(mail).toMatchObject({ from: 'noreply@gatehouse.test', to: ['ada@example.com'], subject: 'SignIn code' });
    expect(mail.text.trim()).toBe('Your SignIn code is 123456.');
  });

  it('renders nested values and falls back to the Generic template; no template at all is template_not_found', async () => {
    const templates = [
      ...smtpTemplates(),
      {
        usageType: 'OrganizationInvitation',
        contentType: 'text/html',
        subject: 'Join {{organization.name}}',
        content: '<p>Open <a href="{{link}}">the invitation</a> {{unknown}} {{organization.missing}}.</p>',
      },
    ];
    expect((await createSmtp({ templates, replyTo: 'help@gatehouse.test' })).response.status).toBe(200);
    const sender = await findEmailSender(api.db, 'default', connectorModel);
    await sender.send({
      to: 'grace@example.com',
      template: 'OrganizationInvitation',
      payload: { link: 'https://x.example/accept', organization: { name: 'Acme' } },
    });
    const invitation = await smtp.nextMessageTo('grace@example.com');
    expect(invitation.subject).toBe('Join Acme');
    expect(invitation.replyTo).toBe('help@gatehouse.test');
    expect(invitation.html).toContain('<a href="https://x.example/accept">the invitation</a> {{unknown}} .');

    await sender.send({ to: 'grace@example.com', template: 'MfaVerification', payload: { code: '424242' } });
    const generic = await smtp.nextMessageTo('grace@example.com');
    expect(generic.subject).toBe('Generic code');
    expect(generic.text.trim()).toBe('Your Generic code is 424242.');

    // A configuration stored before its templates were checked, without a Generic one.
    await api.db.query(`UPDATE connectors SET config = jsonb_set(config, '{templates}', '[]'::jsonb)`);
    const bare = await findEmailSender(api.db, 'default', connectorModel);
    await expect(bare.send({ to: 'grace@example.com', template: 'SignIn', payload: {} })).rejects.toMatchObject({
      code: 'connector.template_not_found',
      status: 400,
    });
  });

  it('lists the connector factories that exist here', async () => {
    const factories = await client.GET('/api/connector-factories');
    expect(factories.response.status).toBe(200);
    const passwordless = factories.data?.filter((factory) => factory.type !== 'Social');
    expect(passwordless?.map((factory) => [factory.id, factory.type])).toEqual([
      [SMTP, 'Email'],
      ['twilio-short-message-service', 'Sms'],
    ]);
    const one = await client.GET('/api/connector-factories/{id}', { params: { path: { id: SMTP } } });
    expect(one.data).toMatchObject({ id: SMTP, type: 'Email', target: 'smtp', platform: null, name: { en: 'SMTP' } });
    expect(one.data?.formItems?.map((item) => item.key)).toEqual(expect.arrayContaining(['host', 'port', 'auth']));
    const missing = await client.GET('/api/connector-factories/{id}', { params: { path: { id: 'missing' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'entity.not_found' });
  });

  it('keeps one email connector: a new one replaces the old, and mail goes out with the new configuration', async () => {
    const first = await createSmtp();
    const second = await createSmtp({ fromEmail: 'second@gatehouse.test' });
    expect(second.response.status).toBe(200);
    expect((await stored()).map((row) => row.id)).toEqual([second.data?.id]);
    const gone = await client.GET('/api/connectors/{id}', { params: { path: { id: first.data?.id ?? '' } } });
    expect(gone.response.status).toBe(404);
    await (await findEmailSender(api.db, 'default', connectorModel)).send({
      to: 'lin@example.com',
      template: 'Register',
      payload: { code: '1' },
    });
    expect((await smtp.nextMessageTo('lin@example.com')).from).toBe('second@gatehouse.test');
  });

  it('leaves one email connector when several are created at once', async () => {
    const created = await Promise.all([1, 2, 3, 4].map((n) => createSmtp({ fromEmail: `n${n}@gatehouse.test` })));
    expect(created.map((reply) => reply.response.status)).toEqual([200, 200, 200, 200]);
    expect(await stored()).toHaveLength(1);
  });

  it('takes a proposed id, as Logto does', async () => {
    const created = await client.POST('/api/connectors', {
      body: { id: 'my-smtp', connectorId: SMTP, config: smtpConfig(smtp) },
    });
    expect(created.data?.id).toBe('my-smtp');
  });

  it('refuses bad input with a code, without 5xx and without writing (the existing connector stays)', async () => {
    const existing = await createSmtp();
    const before = await stored();
    const cases: [unknown, number, string, string?][] = [
      [{ connectorId: 'missing-factory', config: smtpConfig(smtp) }, 422, 'connector.not_found_with_connector_id'],
      [
        { connectorId: SMTP, config: { ...smtpConfig(smtp), host: undefined } },
        400,
        'connector.invalid_config',
        '/config/host',
      ],
      [
        { connectorId: SMTP, config: { ...smtpConfig(smtp), port: 'smtp' } },
        400,
        'connector.invalid_config',
        '/config/port',
      ],
      [
        { connectorId: SMTP, config: smtpConfig(smtp, { templates: smtpTemplates(['SignIn', 'Register']) }) },
        400,
        'connector.invalid_config',
        '/config/templates',
      ],
      [
        { connectorId: SMTP, config: smtpConfig(smtp, { unknown: true }) },
        400,
        'connector.invalid_config',
        '/config/unknown',
      ],
      [{ connectorId: SMTP }, 400, 'connector.invalid_config', '/config'],
      [{ connectorId: 42, config: {} }, 400, 'guard.invalid_input', '/connectorId'],
      [{ config: smtpConfig(smtp) }, 400, 'guard.invalid_input', '/connectorId'],
      [{ connectorId: SMTP, config: smtpConfig(smtp), syncProfile: 'yes' }, 400, 'guard.invalid_input'],
      [
        // No secret vault on this server: token storage is not a feature it has.
        { connectorId: SMTP, config: smtpConfig(smtp), enableTokenStorage: true },
        422,
        'request.feature_not_supported',
      ],
      [{ connectorId: SMTP, config: smtpConfig(smtp), id: 'bad id!' }, 400, 'guard.invalid_input', '/id'],
    ];
    for (const [body, status, code, path] of cases) {
      const reply = await api.post('/api/connectors', body);
      expect({ body, status: reply.status, code: reply.body.code }).toEqual({ body, status, code });
      if (path) {
        const issues = (reply.body.data?.issues ?? []) as { path: string }[];
        expect(issues.map((issue) => issue.path)).toContain(path);
      }
    }
    expect(await stored()).toEqual(before);
    expect(before.map((row) => row.id)).toEqual([existing.data?.id]);
  });

  it('updates the configuration against the stored factory, and refuses what Logto refuses', async () => {
    const id = (await createSmtp()).data?.id ?? '';
    const path = { params: { path: { id } } };
    const updated = await client.PATCH('/api/connectors/{id}', {
      ...path,
      body: { config: smtpConfig(smtp, { fromEmail: 'patched@gatehouse.test' }) },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ id, type: 'Email', config: { fromEmail: 'patched@gatehouse.test' } });
    const before = await stored();

    const bad = await api.patch(`/api/connectors/${id}`, { config: { host: 'smtp.example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('connector.invalid_config');
    expect(bad.body.data.issues.map((issue: { path: string }) => issue.path)).toContain('/config/port');
    const sync = await api.patch(`/api/connectors/${id}`, { syncProfile: true });
    expect([sync.status, sync.body.code]).toEqual([422, 'connector.invalid_type_for_syncing_profile']);
    const metadata = await api.patch(`/api/connectors/${id}`, { metadata: { target: 'other' } });
    expect([metadata.status, metadata.body.code]).toEqual([
      400,
      'connector.cannot_overwrite_metadata_for_non_standard_connector',
    ]);
    const typed = await api.patch(`/api/connectors/${id}`, { config: 'smtp' });
    expect([typed.status, typed.body.code]).toEqual([400, 'guard.invalid_input']);
    const immutable = await api.patch(`/api/connectors/${id}`, { connectorId: 'other' });
    expect(immutable.status).toBe(400);
    expect(await stored()).toEqual(before);

    const missing = await api.patch('/api/connectors/missing', { config: smtpConfig(smtp) });
    expect([missing.status, missing.body.code]).toEqual([404, 'entity.not_found']);
  });

  it('deletes a connector (204), after which no email can be sent', async () => {
    const id = (await createSmtp()).data?.id ?? '';
    const deleted = await client.DELETE('/api/connectors/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    expect(await stored()).toEqual([]);
    await expect(findEmailSender(api.db, 'default', connectorModel)).rejects.toMatchObject({
      code: 'connector.not_found',
    });
    const again = await client.DELETE('/api/connectors/{id}', { params: { path: { id } } });
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'entity.not_exists_with_id' });
    const read = await client.GET('/api/connectors/{id}', { params: { path: { id } } });
    expect([read.response.status, (read.error as { code?: string } | undefined)?.code]).toEqual([
      404,
      'entity.not_found',
    ]);
  });

  it('keeps the email connector while password expiration needs it for forgot password (422)', async () => {
    const id = (await createSmtp()).data?.id ?? '';
    const expiring = await api.patch('/api/sign-in-exp', {
      forgotPasswordMethods: ['EmailVerificationCode'],
      passwordExpiration: { enabled: true, validPeriodDays: 90 },
    });
    expect(expiring.status).toBe(200);
    const refused = await api.delete(`/api/connectors/${id}`);
    expect([refused.status, refused.body.code]).toEqual([
      422,
      'sign_in_experiences.password_expiration_requires_forgot_password',
    ]);
    expect((await stored()).map((row) => row.id)).toEqual([id]);
    expect((await api.patch('/api/sign-in-exp', { passwordExpiration: { enabled: false } })).status).toBe(200);
    expect((await api.delete(`/api/connectors/${id}`)).status).toBe(204);
  });

  it("keeps each tenant's connectors to itself", async () => {
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    const id = (await createSmtp()).data?.id ?? '';
    const other = '/t/acme/api/connectors';
    expect((await api.get(other)).body).toEqual([]);
    expect((await api.get(`${other}/${id}`)).status).toBe(404);
    expect((await api.patch(`${other}/${id}`, { config: smtpConfig(smtp) })).status).toBe(404);
    expect((await api.delete(`${other}/${id}`)).status).toBe(404);
    await expect(findEmailSender(api.db, 'acme', connectorModel)).rejects.toMatchObject({
      code: 'connector.not_found',
    });
    // Another tenant's email connector replaces nothing here.
    expect((await api.post(other, { connectorId: SMTP, config: smtpConfig(smtp) })).status).toBe(200);
    expect((await client.GET('/api/connectors')).data?.map((connector) => connector.id)).toEqual([id]);
    expect(await api.count('connectors')).toBe(2);
  });
});
