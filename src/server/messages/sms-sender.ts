import type { EntityModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { tenantConnectorOf } from './email-sender.js';
import type { SmsSender } from './sms-message.js';
import { smsTransports } from './transports.js';

/** A sender for one SMS factory's configuration (also used to test a configuration before it is saved). */
export const smsSenderFor = (sender: string | undefined, config: Record<string, unknown>): SmsSender => {
  const transport = sender ? smsTransports[sender] : undefined;
  if (!transport) throw new ApiError('connector.not_found', { type: 'Sms' });
  return { send: (message) => transport(config, message) };
};

/**
 * The tenant's SMS sender: its SMS connector (at most one), sending with the connector's configuration and its
 * templates. No SMS connector is Logto's `connector.not_found` (501) for the SMS type.
 */
export const findSmsSender = async (db: Queryable, tenantId: string, connector: EntityModel): Promise<SmsSender> => {
  const { factory, config } = await tenantConnectorOf(db, tenantId, connector, 'Sms');
  return smsSenderFor(factory.sender, config);
};
