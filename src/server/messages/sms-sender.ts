import type { EntityModel } from '../../shared/descriptor.js';
import { factoriesOf } from '../connectors/factories.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { SmsSender } from './sms-message.js';
import { smsTransports } from './transports.js';

/** A sender for one SMS factory's configuration (also used to test a configuration before it is saved). */
export const smsSenderFor = (sender: string | undefined, config: Record<string, unknown>): SmsSender => {
  const transport = sender ? smsTransports[sender] : undefined;
  if (!transport) throw new ApiError('connector.not_found', { type: 'Sms' });
  return { send: (message) => transport(config, message) };
};

/**
 * The tenant's SMS sender: its SMS connector (at most one). No SMS connector is Logto's `connector.not_found` (501)
 * for the SMS type. `connector` is the connector entity's model (the catalog's), whose branches are the factories.
 */
export const findSmsSender = async (db: Queryable, tenantId: string, connector: EntityModel): Promise<SmsSender> => {
  const factories = factoriesOf(connector).filter((factory) => factory.type === 'Sms');
  const { rows } = await db.query<{ connector_id: string; config: Record<string, unknown> }>(
    'SELECT connector_id, config FROM connectors WHERE tenant_id = $1 AND connector_id = ANY($2) ORDER BY created_at DESC LIMIT 1',
    [tenantId, factories.map((factory) => factory.id)],
  );
  const row = rows[0];
  const factory = row && factories.find((candidate) => candidate.id === row.connector_id);
  if (!row || !factory) throw new ApiError('connector.not_found', { type: 'Sms' });
  return smsSenderFor(factory.sender, row.config);
};
