/**
 * Organization invitations really send their email once the tenant has an email connector: the invitation's
 * `messagePayload` and the organization fill the OrganizationInvitation template (else the Generic one), the
 * `/message` action sends it again, and a server that refuses the message leaves no invitation behind.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, smtpTemplates, startSmtpServer } from './smtp-server.js';

const DAY = 24 * 60 * 60 * 1000;
const SMTP = 'simple-mail-transfer-protocol';

describe.each(databases())('organization invitation mail on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let smtp: SmtpTestServer;
  let refusing: SmtpTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    smtp = await startSmtpServer();
    refusing = await startSmtpServer({ rejectRecipients: 'No such mailbox' });
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), refusing.close()]);
  });

  const templates = [
    ...smtpTemplates(),
    {
      usageType: 'OrganizationInvitation',
      contentType: 'text/plain',
      subject: '{{inviter.name}} invites you to {{organization.name}}',
      content: 'Accept: {{link}}',
    },
  ];
  const setUp = (server: SmtpTestServer, extra: Record<string, unknown> = { templates }) =>
    client.POST('/api/connectors', { body: { connectorId: SMTP, config: smtpConfig(server, extra) } });
  const organization = async () => (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data?.id ?? '';

  it('sends the invitation with its link, organization and inviter, and again through /message', async () => {
    await setUp(smtp);
    const org = await organization();
    const inviter = await client.POST('/api/users', { body: { username: 'owner', name: 'Olga' } });
    const created = await client.POST('/api/organization-invitations', {
      body: {
        organizationId: org,
        inviterId: inviter.data?.id ?? '',
        invitee: 'ann@example.com',
        expiresAt: Date.now() + DAY,
        messagePayload: { link: 'https://app.example/accept/1' },
      },
    });
    expect(created.response.status).toBe(201);
    const mail = await smtp.nextMessageTo('ann@example.com');
    expect(mail.subject).toBe('Olga invites you to Acme');
    expect(mail.text.trim()).toBe('Accept: https://app.example/accept/1');

    const again = await client.POST('/api/organization-invitations/{id}/message', {
      params: { path: { id: created.data?.id ?? '' } },
      body: { link: 'https://app.example/accept/2' },
    });
    expect(again.response.status).toBe(204);
    const resent = await smtp.nextMessageTo('ann@example.com');
    // Sent again, the message knows the organization and the inviter as the first one did.
    expect(resent.subject).toBe('Olga invites you to Acme');
    expect(resent.text.trim()).toBe('Accept: https://app.example/accept/2');
  });

  it('falls back to the Generic template when there is no invitation template', async () => {
    await setUp(smtp, {});
    const created = await client.POST('/api/organization-invitations', {
      body: {
        organizationId: await organization(),
        invitee: 'ben@example.com',
        expiresAt: Date.now() + DAY,
        messagePayload: { code: '777' },
      },
    });
    expect(created.response.status).toBe(201);
    const mail = await smtp.nextMessageTo('ben@example.com');
    expect([mail.subject, mail.text.trim()]).toEqual(['Generic code', 'Your Generic code is 777.']);
  });

  it('stores no invitation when the SMTP server refuses the message (400 connector.general)', async () => {
    await setUp(refusing);
    const created = await client.POST('/api/organization-invitations', {
      body: {
        organizationId: await organization(),
        invitee: 'cid@example.com',
        expiresAt: Date.now() + DAY,
        messagePayload: { link: 'https://app.example/accept/3' },
      },
    });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject({ code: 'connector.general' });
    expect(await api.count('organization_invitations')).toBe(0);
  });
});
