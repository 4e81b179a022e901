import type { EntityModel } from '../../shared/descriptor.js';
import { factoriesOf } from '../connectors/factories.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { EmailSender } from './email-message.js';
import { readEmailTemplates } from './email-templates.js';
import { emailTransports } from './transports.js';

/** A sender for one factory's configuration (also used to test a configuration before it is saved). */
export const emailSenderFor = (sender: string | undefined, config: Record<string, unknown>): EmailSender => {
  const transport = sender ? emailTransports[sender] : undefined;
  if (!transport) throw new ApiError('connector.not_found', { type: 'Email' });
  return { send: (message) => transport(config, message) };
};

/**
 * The tenant's email sender: its email connector (at most one), sending with the connector's configuration. No
 * email connector is Logto's `connector.not_found` (501) for the email type. Every sender of the product asks here;
 * `connector` is the connector entity's model (the catalog's), whose branches are the factories.
 */
export const findEmailSender = async (
  db: Queryable,
  tenantId: string,
  connector: EntityModel,
): Promise<EmailSender> => {
  const { factory, config } = await tenantConnectorOf(db, tenantId, connector, 'Email');
  const sender = emailSenderFor(factory.sender, config);
  const custom = await readEmailTemplates(db, tenantId);
  return {
    send: (message) =>
      sender.send({ ...message, custom: custom(message.template, stringOrUndefined(message.payload.locale)) }),
  };
};

/** The tenant's connector of a passwordless type (its latest) and its factory; none is `connector.not_found`. */
export const tenantConnectorOf = async (
  db: Queryable,
  tenantId: string,
  connector: EntityModel,
  type: 'Email' | 'Sms',
) => {
  const factories = factoriesOf(connector).filter((factory) => factory.type === type);
  const { rows } = await db.query<{ connector_id: string; config: Record<string, unknown> }>(
    'SELECT connector_id, config FROM connectors WHERE tenant_id = $1 AND connector_id = ANY($2) ORDER BY created_at DESC LIMIT 1',
    [tenantId, factories.map((factory) => factory.id)],
  );
  const row = rows[0];
  const factory = row && factories.find((candidate) => candidate.id === row.connector_id);
  if (!row || !factory) throw new ApiError('connector.not_found', { type });
  return { factory, config: row.config };
};

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);
