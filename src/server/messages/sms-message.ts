import type { TemplateType } from './templates.js';

/** One text message to send through the tenant's SMS connector, with the template it uses and its values. */
export interface SmsMessage {
  /** The phone number, as stored (digits, with the country code). */
  to: string;
  /** The usage type of the connector's template; a missing one falls back to Generic. */
  template: TemplateType;
  /** The template's values: `code`, `locale`, ... */
  payload: Record<string, unknown>;
}

/** Sends text messages; the tenant's SMS connector, or a configuration being tested. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}
