/**
 * The SMS connector, Twilio's: set up through Logto's connector routes like the email one, tested before it is saved
 * (`POST /api/connectors/{factoryId}/test` with a phone), speaking Twilio's Messages API to a local server; a wrong
 * token is a clear `connector.general` that never shows the token.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type SmsTestServer, startSmsServer } from './sms-server.js';

const TWILIO = 'twilio-short-message-service';
const credentials = { accountSid: 'AC0123456789', authToken: 'twilio-token-5e1d' };

describe.each(databases())('SMS connector on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let twilio: SmsTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    twilio = await startSmsServer(credentials);
  });
  afterAll(async () => {
    await twilio.close();
  });

  const config = (extra: Record<string, unknown> = {}) => ({
    accountSID: credentials.accountSid,
    authToken: credentials.authToken,
    fromMessagingServiceSID: 'MG42',
    baseUrl: twilio.url,
    templates: ['SignIn', 'Register', 'ForgotPassword', 'Generic'].map((usageType) => ({
      usageType,
      content: `Your ${usageType} code is {{code}}.`,
    })),
    ...extra,
  });

  it('is offered as an SMS factory and set up as the tenant’s one SMS connector', async () => {
    const factories = await client.GET('/api/connector-factories');
    expect(factories.data?.find((factory) => factory.id === TWILIO)).toMatchObject({
      type: 'Sms',
      target: 'twilio-sms',
    });
    const created = await client.POST('/api/connectors', { body: { connectorId: TWILIO, config: config() } });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({ connectorId: TWILIO, type: 'Sms' });
    const listed = await client.GET('/api/connectors');
    expect(listed.data?.map((connector) => connector.connectorId)).toEqual([TWILIO]);
    // A configuration missing the Generic template is refused, and nothing changes.
    const partial = await client.POST('/api/connectors', {
      body: { connectorId: TWILIO, config: config({ templates: [{ usageType: 'SignIn', content: '{{code}}' }] }) },
    });
    expect(partial.response.status).toBe(400);
    expect(await api.count('connectors')).toBe(1);
  });

  it('sends the Generic template with code 000000 to the phone of a test (204), in E.164, saving nothing', async () => {
    const sent = await client.POST('/api/connectors/{factoryId}/test', {
      params: { path: { factoryId: TWILIO } },
      body: { phone: '4915112345678', config: config() },
    });
    expect(sent.response.status).toBe(204);
    expect(twilio.messages.at(-1)).toEqual({
      accountSid: credentials.accountSid,
      from: 'MG42',
      to: '+4915112345678',
      body: 'Your Generic code is 000000.',
    });
    expect(await api.count('connectors')).toBe(0);
  });

  it('answers connector.general (400) with Twilio’s message for a wrong token, never showing the token', async () => {
    const refused = await api.post(`/api/connectors/${TWILIO}/test`, {
      phone: '4915112345678',
      config: config({ authToken: 'not-the-token' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('connector.general');
    expect(JSON.stringify(refused.body)).toContain('Authenticate');
    expect(JSON.stringify(refused.body)).not.toContain('not-the-token');
    // An email test of an SMS factory is Logto's unexpected type.
    const wrongType = await api.post(`/api/connectors/${TWILIO}/test`, { email: 'a@example.com', config: config() });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('connector.unexpected_type');
  });
});
