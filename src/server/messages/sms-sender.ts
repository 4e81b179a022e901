import { ApiError } from '../http/api-error.js';
import type { SmsSender } from './sms-message.js';
import { smsTransports } from './transports.js';

/** A sender for one SMS factory's configuration (also used to test a configuration before it is saved). */
export const smsSenderFor = (sender: string | undefined, config: Record<string, unknown>): SmsSender => {
  const transport = sender ? smsTransports[sender] : undefined;
  if (!transport) throw new ApiError('connector.not_found', { type: 'Sms' });
  return { send: (message) => transport(config, message) };
};
