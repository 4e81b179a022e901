import { type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import type { Database } from '../db/database.js';
import type { SmtpConfig } from '../messages/smtp.js';
import { ADMIN_TENANT_ID } from './urls.js';

const SMTP_CONNECTOR = 'simple-mail-transfer-protocol';

const code = (usageType: string, subject: string, what: string) => ({
  usageType,
  contentType: 'text/plain' as const,
  subject,
  content: `Your ${what} code is {{code}}. It is valid for 10 minutes.`,
});

/** The admin tenant's messages to console users: codes (its sign-in pages, their profile) and tenant invitations. */
const templates: SmtpConfig['templates'] = [
  code('SignIn', 'Your sign-in code', 'sign-in'),
  code('Register', 'Your sign-up code', 'sign-up'),
  code('ForgotPassword', 'Your password reset code', 'password reset'),
  code('Generic', 'Your verification code', 'verification'),
  {
    usageType: 'OrganizationInvitation',
    contentType: 'text/plain',
    subject: 'You are invited to a tenant',
    content: 'You have been invited to join a tenant. Accept the invitation: {{link}}',
  },
];

/**
 * ADMIN_SMTP_URL (`smtp://user:password@host:port?from=address`, or `smtps://`): the mail server console users' own
 * messages go through. Unset: none. Anything else refuses the start with the reason.
 */
export const readAdminSmtpUrl = (value: string | undefined): SmtpConfig | undefined | string => {
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    return 'ADMIN_SMTP_URL must be an smtp(s) URL such as smtp://user:password@mail.example.com:587?from=noreply@example.com';
  }
  const fromEmail = url.searchParams.get('from');
  if (!fromEmail?.includes('@')) return 'ADMIN_SMTP_URL must name the sender as ?from=noreply@example.com';
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : {},
    fromEmail,
    templates,
  };
};

/**
 * Gives the admin tenant the SMTP connector of ADMIN_SMTP_URL at start (its earlier one updated), through the
 * connector's operations, so console users receive their codes and invitations.
 */
export const configureAdminMail = async (
  deps: { db: Database; operationsOf: (entity: string) => EntityOperations; edition: ServerEdition },
  config: SmtpConfig,
) => {
  const connectors = deps.operationsOf('connector');
  const context = systemContext(ADMIN_TENANT_ID, 'admin-mail', { edition: deps.edition });
  const existing = await deps.db.read(ADMIN_TENANT_ID, (tx) =>
    connectors.repository.findBy(tx, { tenantId: ADMIN_TENANT_ID }, { connectorId: SMTP_CONNECTOR }),
  );
  if (existing) await connectors.update(context, String(existing.id), { config });
  else await connectors.create(context, { connectorId: SMTP_CONNECTOR, config });
};
