import type { TemplateType } from './templates.js';

/** One email to send through the tenant's email connector, with the template it uses and what the template shows. */
export interface EmailMessage {
  to: string;
  /** The usage type of the connector's template (Logto's template types); a missing one falls back to Generic. */
  template: TemplateType;
  /** The template's values: `code`, `link`, `locale`, `organization`, `inviter`, ... */
  payload: Record<string, unknown>;
  /**
   * The tenant's email template for this message (`/api/email-templates`), which the connector sends instead of the
   * template of its own configuration.
   */
  custom?: EmailTemplateDetails | undefined;
}

/** An email template's content (Logto's `EmailTemplateDetails`): subject and body, and optionally its senders. */
export interface EmailTemplateDetails {
  subject: string;
  content: string;
  contentType?: string;
  replyTo?: string;
  sendFrom?: string;
}

/** Sends emails; the tenant's email connector, or a configuration being tested. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}
