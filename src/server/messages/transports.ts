import type { EmailMessage } from './email-message.js';
import type { SmsMessage } from './sms-message.js';
import { type SmtpConfig, sendSmtp } from './smtp.js';
import { sendTwilio, type TwilioConfig } from './twilio.js';

/**
 * The protocols the server speaks for connector factories, by the `sender` a factory's `x-meta` names. A new
 * factory speaking a known protocol is only a schema file; a new protocol adds its entry here.
 */
export const emailTransports: Record<
  string,
  (config: Record<string, unknown>, message: EmailMessage) => Promise<void>
> = {
  smtp: (config, message) => sendSmtp(config as SmtpConfig, message),
};

/** The SMS protocols the server speaks, by the `sender` of a factory's `x-meta`. */
export const smsTransports: Record<string, (config: Record<string, unknown>, message: SmsMessage) => Promise<void>> = {
  twilio: (config, message) => sendTwilio(config as unknown as TwilioConfig, message),
};
