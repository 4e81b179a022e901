import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { ApiError } from '../http/api-error.js';
import type { EmailMessage } from './email-message.js';
import { renderTemplate } from './render.js';
import { type MessageTemplate, templateFor } from './templates.js';

/** The configuration of Logto's SMTP connector, as its schema (`simple-mail-transfer-protocol`) accepts it. */
export interface SmtpConfig {
  host: string;
  port: number;
  auth: Record<string, unknown>;
  fromEmail: string;
  replyTo?: string;
  templates: MessageTemplate[];
  customHeaders?: Record<string, string | string[]>;
  [option: string]: unknown;
}

/** Nodemailer's SMTP options, with Logto's default timeouts. Logging stays off: it would show the credentials. */
const transportOptions = (config: SmtpConfig): SMTPTransport.Options => {
  const { fromEmail: _from, replyTo: _replyTo, templates: _templates, customHeaders: _headers, ...options } = config;
  const auth = Object.keys(config.auth ?? {}).length > 0 ? (config.auth as SMTPTransport.Options['auth']) : undefined;
  return {
    connectionTimeout: 2 * 60 * 1000,
    greetingTimeout: 30 * 1000,
    socketTimeout: 10 * 60 * 1000,
    dnsTimeout: 30 * 1000,
    secure: false,
    ...(options as SMTPTransport.Options),
    auth,
    logger: false,
    debug: false,
  };
};

/**
 * Sends one message over SMTP with the template of its usage type (else the Generic one). No template is Logto's
 * `connector.template_not_found`; a failure of the server or the connection is `connector.general` (400), with the
 * server's reply but never the credentials.
 */
export const sendSmtp = async (config: SmtpConfig, message: EmailMessage): Promise<void> => {
  const { custom } = message;
  const template = custom ?? templateFor(config.templates, message.template);
  if (!template) {
    throw new ApiError(
      'connector.template_not_found',
      {},
      { message: `Template not found for type: ${message.template}` },
    );
  }
  const render = (text: string) => renderTemplate(text, message.payload);
  const transporter = nodemailer.createTransport(transportOptions(config));
  try {
    await transporter.sendMail({
      to: message.to,
      from: custom?.sendFrom ? render(custom.sendFrom) : config.fromEmail,
      ...(custom?.replyTo ? { replyTo: render(custom.replyTo) } : config.replyTo ? { replyTo: config.replyTo } : {}),
      subject: render(template.subject),
      [template.contentType === 'text/plain' ? 'text' : 'html']: render(template.content),
      ...(config.customHeaders && Object.keys(config.customHeaders).length > 0
        ? { headers: config.customHeaders }
        : {}),
    });
  } catch (error) {
    const description = error instanceof Error ? error.message : 'The message could not be sent.';
    throw new ApiError('connector.general', { errorDescription: description });
  } finally {
    transporter.close();
  }
};
