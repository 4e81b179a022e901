import { ApiError } from '../http/api-error.js';
import { renderTemplate } from './render.js';
import type { SmsMessage } from './sms-message.js';

/** The configuration of Logto's Twilio SMS connector, and where its API is reached (`baseUrl`). */
export interface TwilioConfig {
  accountSID: string;
  authToken: string;
  fromMessagingServiceSID: string;
  baseUrl?: string;
  templates: { usageType: string; content: string }[];
}

const TWILIO_API = 'https://api.twilio.com';
const TIMEOUT_MS = 10_000;

/** Twilio wants E.164: the stored digits with a leading `+`. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

/**
 * Sends one message through Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth, a
 * form body naming the messaging service), with the template of its usage type, else the Generic one. No template is
 * Logto's `connector.template_not_found`; an error answer or no answer is `connector.general` (400) with Twilio's
 * message, never the credentials.
 */
export const sendTwilio = async (config: TwilioConfig, message: SmsMessage): Promise<void> => {
  const template =
    config.templates.find((candidate) => candidate.usageType === message.template) ??
    config.templates.find((candidate) => candidate.usageType === 'Generic');
  if (!template) {
    throw new ApiError(
      'connector.template_not_found',
      {},
      { message: `Template not found for type: ${message.template}` },
    );
  }
  const base = (config.baseUrl ?? TWILIO_API).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSID)}/Messages.json`;
  const credentials = Buffer.from(`${config.accountSID}:${config.authToken}`).toString('base64');
  let answer: Response;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        To: e164(message.to),
        MessagingServiceSid: config.fromMessagingServiceSID,
        Body: renderTemplate(template.content, message.payload),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const description = error instanceof Error ? error.message : 'Twilio could not be reached.';
    throw new ApiError('connector.general', { errorDescription: description });
  }
  if (answer.ok) return;
  const body = (await answer.json().catch(() => ({}))) as { message?: unknown };
  const description = typeof body.message === 'string' ? body.message : `Twilio answered ${answer.status}.`;
  throw new ApiError('connector.general', { errorDescription: description });
};
