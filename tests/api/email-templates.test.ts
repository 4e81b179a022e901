/**
 * Email templates through a client typed by Logto's Management API: created or replaced by language and type in one
 * call, listed with filters, their details patched, deleted one by one or by filter; and sent by the tenant's email
 * connector instead of its own template, in the recipient's language, else the fallback language, else Generic.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, smtpTemplates, startSmtpServer } from './smtp-server.js';

const DAY = 24 * 60 * 60 * 1000;
const invitation = (subject: string) => ({
  subject,
  content: '<p>Join {{organization.name}}: {{link}}</p>',
  contentType: 'text/html',
});

describe.each(databases())('email templates on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const put = (templates: { languageTag: string; templateType: string; details: Record<string, string> }[]) =>
    client.PUT('/api/email-templates', { body: { templates } as never });
  const tags = async (query: Record<string, string> = {}) =>
    ((await client.GET('/api/email-templates', { params: { query } })).data ?? [])
      .map((template) => `${template.languageTag}:${template.templateType}`)
      .sort();

  it('creates templates, replaces the details of the same language and type, and reads them', async () => {
    const created = await put([
      { languageTag: 'en', templateType: 'SignIn', details: { subject: 'Your code', content: '{{code}}' } },
      { languageTag: 'fr', templateType: 'SignIn', details: { subject: 'Votre code', content: '{{code}}' } },
    ]);
    expect(created.response.status).toBe(200);
    expect(created.data).toHaveLength(2);
    const english = created.data?.[0];
    const replaced = await put([
      { languageTag: 'en', templateType: 'SignIn', details: { subject: 'Sign-in code', content: 'Code: {{code}}' } },
    ]);
    expect(replaced.data?.[0]).toMatchObject({ id: english?.id, details: { subject: 'Sign-in code' } });
    expect(await tags()).toEqual(['en:SignIn', 'fr:SignIn']);
    expect(await tags({ languageTag: 'fr' })).toEqual(['fr:SignIn']);

    const got = await client.GET('/api/email-templates/{id}', { params: { path: { id: english?.id ?? '' } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({
      languageTag: 'en',
      templateType: 'SignIn',
      details: { content: 'Code: {{code}}' },
    });
    const patched = await client.PATCH('/api/email-templates/{id}/details', {
      params: { path: { id: english?.id ?? '' } },
      body: { replyTo: 'help@example.com' },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data?.details).toEqual({
      subject: 'Sign-in code',
      content: 'Code: {{code}}',
      replyTo: 'help@example.com',
    });

    const empty = await put([]);
    expect(empty.response.status).toBe(400);
    const missing = await client.GET('/api/email-templates/{id}', { params: { path: { id: 'missing' } } });
    expect(missing.response.status).toBe(404);
  });

  it('deletes one template by id, and several by language or type, never all at once', async () => {
    await put([
      { languageTag: 'en', templateType: 'SignIn', details: { subject: 's', content: 'c' } },
      { languageTag: 'en', templateType: 'Register', details: { subject: 's', content: 'c' } },
      { languageTag: 'de', templateType: 'SignIn', details: { subject: 's', content: 'c' } },
      { languageTag: 'de', templateType: 'Generic', details: { subject: 's', content: 'c' } },
    ]);
    const unfiltered = await client.DELETE('/api/email-templates', { params: { query: {} } });
    expect(unfiltered.response.status).toBe(422);
    expect(unfiltered.error).toMatchObject({ code: 'connector.email_connector.bulk_deletion_no_filter' });
    expect(await tags()).toHaveLength(4);

    const signIn = await client.DELETE('/api/email-templates', { params: { query: { templateType: 'SignIn' } } });
    expect(signIn.response.status).toBe(200);
    expect(signIn.data).toEqual({ rowCount: 2 });
    expect(await tags()).toEqual(['de:Generic', 'en:Register']);
    const german = (await client.GET('/api/email-templates', { params: { query: { languageTag: 'de' } } })).data;
    const one = await client.DELETE('/api/email-templates/{id}', { params: { path: { id: german?.[0]?.id ?? '' } } });
    expect(one.response.status).toBe(204);
    expect(await tags()).toEqual(['en:Register']);
  });

  it('sends the template of the recipient’s language, else the fallback language, else Generic, over the connector', async () => {
    const connector = await client.POST('/api/connectors', {
      body: { connectorId: 'simple-mail-transfer-protocol', config: smtpConfig(smtp, { templates: smtpTemplates() }) },
    });
    expect(connector.response.status).toBe(200);
    const organizationId = (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data?.id ?? '';
    const invite = async (invitee: string, locale?: string) => {
      const created = await client.POST('/api/organization-invitations', {
        body: {
          organizationId,
          invitee,
          expiresAt: Date.now() + DAY,
          messagePayload: { link: 'https://app.example/join', ...(locale ? { locale } : {}) },
        },
      });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
      return smtp.nextMessageTo(invitee);
    };

    await put([
      {
        languageTag: 'fr',
        templateType: 'OrganizationInvitation',
        details: { ...invitation('Rejoignez {{organization.name}}'), sendFrom: 'Acme <team@acme.example>' },
      },
      { languageTag: 'en', templateType: 'OrganizationInvitation', details: invitation('Join {{organization.name}}') },
    ]);
    const french = await invite('amelie@example.com', 'fr');
    expect(french.subject).toBe('Rejoignez Acme');
    expect(french.html).toContain('Join Acme: https://app.example/join');
    expect(french.from).toBe('team@acme.example');
    // No German template: the fallback language's (English).
    expect((await invite('dieter@example.com', 'de')).subject).toBe('Join Acme');

    // Without a template of the type in the fallback language, the Generic one of that language.
    await client.DELETE('/api/email-templates', { params: { query: { languageTag: 'en' } } });
    await put([
      { languageTag: 'en', templateType: 'Generic', details: { subject: 'A message from Acme', content: '{{link}}' } },
    ]);
    expect((await invite('dieter2@example.com', 'de')).subject).toBe('A message from Acme');

    // With none at all, the connector's own template.
    await client.DELETE('/api/email-templates', { params: { query: { languageTag: 'en' } } });
    await client.DELETE('/api/email-templates', { params: { query: { languageTag: 'fr' } } });
    const own = smtpTemplates().find((template) => template.usageType === 'Generic');
    expect((await invite('olga@example.com')).subject).toBe(own?.subject);
  });
});
