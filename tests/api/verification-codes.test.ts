/**
 * Logto's `/api/verification-codes` through a client typed by Logto's Management API: a code sent to an email
 * address by the tenant's SMTP connector (Logto's Generic template), checked once; Logto's codes for a wrong, an
 * unknown or a spent code, a phone number without an SMS connector, no connector, and the message rate limit.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';

describe.each(databases())('verification codes on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const send = (email: string) => client.POST('/api/verification-codes', { body: { email } });
  const verify = (email: string, verificationCode: string) =>
    client.POST('/api/verification-codes/verify', { body: { email, verificationCode } });
  const addConnector = async () => {
    const connector = await client.POST('/api/connectors', {
      body: { connectorId: 'simple-mail-transfer-protocol', config: smtpConfig(smtp) },
    });
    expect(connector.response.status).toBe(200);
  };
  /** The code of the next message to `email`. */
  const codeSentTo = async (email: string) => {
    const mail = await smtp.nextMessageTo(email);
    expect(mail.subject).toBe('Generic code');
    return /\d{6}/.exec(mail.text)?.[0] ?? '';
  };

  it('answers 501 connector.not_found without an email connector, and for a phone number (no SMS connector)', async () => {
    const none = await send('ada@example.com');
    expect(none.response.status).toBe(501);
    expect(none.error).toMatchObject({ code: 'connector.not_found' });
    await addConnector();
    const phone = await client.POST('/api/verification-codes', { body: { phone: '+14155550100' } });
    expect(phone.response.status).toBe(501);
  });

  it('sends a code by email and verifies it once; a wrong code counts, a new code replaces the old one', async () => {
    await addConnector();
    const email = 'grace@example.com';
    const sent = await send(email);
    expect(sent.response.status).toBe(204);
    const first = await codeSentTo(email);

    const wrong = await verify(email, first === '000000' ? '111111' : '000000');
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toMatchObject({ code: 'verification_code.code_mismatch' });
    const elsewhere = await verify('someone-else@example.com', first);
    expect(elsewhere.error).toMatchObject({ code: 'verification_code.not_found' });

    // A second code replaces the first.
    expect((await send(email)).response.status).toBe(204);
    const second = await codeSentTo(email);
    if (second !== first)
      expect((await verify(email, first)).error).toMatchObject({ code: 'verification_code.code_mismatch' });
    expect((await verify(email, second)).response.status).toBe(204);
    const again = await verify(email, second);
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ code: 'verification_code.not_found' });
  });

  it('passes one of several verifications of one code sent at once', async () => {
    await addConnector();
    const email = 'race@example.com';
    await send(email);
    const code = await codeSentTo(email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify(email, code)));
    expect(answers.map(({ response }) => response.status).sort()).toEqual([204, 400, 400, 400]);
  });

  it('refuses a body with neither an email address nor a phone number, and limits the codes to one address', async () => {
    const empty = await client.POST('/api/verification-codes', { body: {} as never });
    expect(empty.response.status).toBe(400);
    await addConnector();
    const email = 'busy@example.com';
    for (let sent = 0; sent < 10; sent++) expect((await send(email)).response.status).toBe(204);
    const limited = await send(email);
    expect(limited.response.status).toBe(429);
    expect(limited.error).toMatchObject({ code: 'request.message_rate_limited' });
    expect(smtp.messagesTo(email)).toHaveLength(10);
  });
});
