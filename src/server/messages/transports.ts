import type { EmailMessage } from './email-message.js';
import { type SmtpConfig, sendSmtp } from './smtp.js';

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
