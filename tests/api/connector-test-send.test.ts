/**
 * Sending over SMTP as a user notices it: Logto's config testing (`POST /api/connectors/{factoryId}/test`) delivers
 * a test message to a local SMTP server before anything is saved, signs in when the server asks for it, and a
 * server that refuses, or is not there, is a clear `connector.general` (400) that never shows the password.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';

const SMTP = 'simple-mail-transfer-protocol';
const PASSWORD = 'mailer-secret-7f3a';

describe.each(databases())('connector config testing on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let smtp: SmtpTestServer;
  let guarded: SmtpTestServer;
  let refusing: SmtpTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    smtp = await startSmtpServer();
    guarded = await startSmtpServer({ credentials: { user: 'mailer', pass: PASSWORD } });
    refusing = await startSmtpServer({ rejectRecipients: 'Mailbox unavailable' });
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), guarded.close(), refusing.close()]);
  });

  const test = (body: Record<string, unknown>, factoryId = SMTP) => api.post(`/api/connectors/${factoryId}/test`, body);

  it('sends the Generic template with code 000000 to the given address (204) and saves nothing', async () => {
    const sent = await client.POST('/api/connectors/{factoryId}/test', {
      params: { path: { factoryId: SMTP } },
      body: { email: 'ada@example.com', config: smtpConfig(smtp) },
    });
    expect(sent.response.status).toBe(204);
    const mail = await smtp.nextMessageTo('ada@example.com');
    expect(mail).toMatchObject({ from: 'noreply@gatehouse.test', subject: 'Generic code' });
    expect(mail.text.trim()).toBe('Your Generic code is 000000.');
    expect(await api.count('connectors')).toBe(0);
  });

  it('signs in to a server that asks for it', async () => {
    const config = smtpConfig(guarded, { auth: { type: 'login', user: 'mailer', pass: PASSWORD } });
    expect((await test({ email: 'bo@example.com', config })).status).toBe(204);
    expect((await guarded.nextMessageTo('bo@example.com')).user).toBe('mailer');
  });

  it('answers connector.general (400) when the server refuses or is not there, never showing the password', async () => {
    const wrongPassword = smtpConfig(guarded, { auth: { user: 'mailer', pass: `${PASSWORD}-wrong` } });
    const closed = await startSmtpServer();
    await closed.close();
    for (const config of [
      wrongPassword,
      smtpConfig(refusing, { auth: { user: 'mailer', pass: PASSWORD } }),
      smtpConfig(closed, { auth: { user: 'mailer', pass: PASSWORD }, connectionTimeout: 5000 }),
    ]) {
      const reply = await test({ email: 'cy@example.com', config });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('connector.general');
      expect(reply.body.message).toMatch(/^Error occurred in connector: ./);
      expect(JSON.stringify(reply.body)).not.toContain(PASSWORD);
    }
    expect(guarded.messagesTo('cy@example.com')).toEqual([]);
  });

  it('refuses what Logto refuses, each with its code', async () => {
    const config = smtpConfig(smtp);
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ config }, SMTP, 400, 'guard.invalid_input'],
      [{ email: 'not an address', config }, SMTP, 400, 'guard.invalid_input'],
      [{ email: 'dee@example.com' }, SMTP, 400, 'guard.invalid_input'],
      [{ email: 'dee@example.com', config }, 'missing-factory', 400, 'connector.not_found'],
      [{ phone: '+4912345678', config }, SMTP, 400, 'connector.unexpected_type'],
      [{ email: 'dee@example.com', config: { ...config, port: 0 } }, SMTP, 400, 'connector.invalid_config'],
      [{ email: 'dee@example.com', config: { host: smtp.host } }, SMTP, 400, 'connector.invalid_config'],
    ];
    for (const [body, factoryId, status, code] of cases) {
      const reply = await test(body, factoryId);
      expect({ body, factoryId, status: reply.status, code: reply.body.code }).toEqual({
        body,
        factoryId,
        status,
        code,
      });
    }
    expect(smtp.messagesTo('dee@example.com')).toEqual([]);
  });
});
