import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type NewEmailTemplate, upsertEmailTemplates } from '../../entities/emailTemplate/server/upsert.js';
import { type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import type { SmtpConfig } from '../messages/smtp.js';
import { ADMIN_TENANT_ID } from './urls.js';

/**
 * The admin tenant's messages to console users (codes for its sign-in pages and their profile, tenant invitations),
 * worded per language in `src/server/locales/<language>/emails.json`. English is the mail connector's own templates;
 * every other language is one of the admin tenant's email templates, which the mail sender picks by the message's
 * language (the page's, or the console user's), so a console user reads their codes in the language they chose.
 */

interface Message {
  subject: string;
  content: string;
}
interface EmailTexts {
  code: Record<'SignIn' | 'Register' | 'ForgotPassword' | 'Generic', Message>;
  invitation: Message;
}

const locales = new URL('../locales/', import.meta.url);
const textsOf = (language: string) =>
  JSON.parse(readFileSync(new URL(`${language}/emails.json`, locales), 'utf8')) as EmailTexts;

/** The messages of one language by usage type. */
const messagesOf = (texts: EmailTexts): [string, Message][] => [
  ...Object.entries(texts.code),
  ['OrganizationInvitation', texts.invitation],
];

/** The mail connector's templates: the English texts. */
export const adminMailTemplates = (): SmtpConfig['templates'] =>
  messagesOf(textsOf('en')).map(([usageType, message]) => ({ usageType, contentType: 'text/plain', ...message }));

/** Every other language's texts, as email templates of the admin tenant. */
export const adminEmailTemplates = (): NewEmailTemplate[] =>
  readdirSync(locales, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'en')
    .filter((entry) => existsSync(new URL(`${entry.name}/emails.json`, locales)))
    .flatMap((entry) =>
      messagesOf(textsOf(entry.name)).map(([templateType, message]) => ({
        languageTag: entry.name,
        templateType,
        details: { ...message, contentType: 'text/plain' },
      })),
    );

/**
 * Gives the admin tenant its templates in every language at start, where it has none of that language and type yet:
 * a template an operator changed stays as they wrote it.
 */
export const configureAdminEmailTemplates = async (deps: {
  operationsOf: (entity: string) => EntityOperations;
  edition: ServerEdition;
}) => {
  const context = systemContext(ADMIN_TENANT_ID, 'admin-emails', { edition: deps.edition });
  await upsertEmailTemplates(deps.operationsOf('emailTemplate'), context, adminEmailTemplates(), { keepStored: true });
};
