/**
 * The admin tenant's emails to console users in their language: with a mail server set (ADMIN_SMTP_URL), a console
 * user's verification code arrives in the language the console asks in (its Accept-Language), English by default;
 * each language's texts are the admin tenant's email templates, written at start where none is stored, so a template
 * an operator changed stays as they wrote it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { readAdminSmtpUrl } from '../../src/server/tenants/admin-connectors.js';
import { cloudSignIn } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import { type SmtpTestServer, startSmtpServer } from './smtp-server.js';

const texts = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../src/server/locales/${language}/emails.json`), 'utf8')) as {
    code: { Generic: { subject: string } };
  };

describe.each(databases())('console users’ emails on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let smtp: SmtpTestServer;
  const settings = () => ({
    edition: 'cloud' as const,
    adminMail: readAdminSmtpUrl(`smtp://${smtp.host}:${smtp.port}?from=console@gatehouse.test`) as never,
  });

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    smtp = await startSmtpServer();
    server = await startServer(db, settings());
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await dispose();
  });

  const sendCode = async (token: string, email: string, language?: string) => {
    const response = await fetch(`${server.origin}/t/admin/me/verification-codes`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(language ? { 'accept-language': language } : {}),
      },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(204);
    return smtp.nextMessageTo(email);
  };

  it('sends a console user’s code in the console’s language, English by default', async () => {
    const me = await cloudSignIn(server.origin, unique('mail_'), { register: true });
    const french = await sendCode(me.access_token, 'amelie@example.com', 'fr-FR,fr;q=0.9');
    expect(french.subject).toBe(texts('fr').code.Generic.subject);
    expect(french.text).toMatch(/\d{6}/);
    const japanese = await sendCode(me.access_token, 'haruto@example.com', 'ja');
    expect(japanese.subject).toBe(texts('ja').code.Generic.subject);
    const english = await sendCode(me.access_token, 'riley@example.com');
    expect(english.subject).toBe(texts('en').code.Generic.subject);
  });

  it('keeps a template an operator changed at the next start', async () => {
    await db.withTenant('admin', (tx) =>
      tx.query(
        `UPDATE email_templates SET details = jsonb_set(details, '{subject}', '"Code (Gatehouse)"')
          WHERE tenant_id = 'admin' AND language_tag = 'de' AND template_type = 'Generic'`,
      ),
    );
    await (await startServer(db, settings())).close();
    const { rows } = await db.query<{ subject: string; n: number }>(
      `SELECT details ->> 'subject' AS subject, count(*) OVER ()::int AS n FROM email_templates
        WHERE tenant_id = 'admin' AND language_tag = 'de' AND template_type = 'Generic'`,
    );
    expect(rows).toEqual([{ subject: 'Code (Gatehouse)', n: 1 }]);
  });
});
