import { connectorTarget, findFactory } from '../../../server/connectors/factories.js';
import type { Queryable } from '../../../server/db/database.js';
import { tenantConnectorOf } from '../../../server/messages/email-sender.js';
import type { EntityModel } from '../../../shared/descriptor.js';
import type { Senders } from './rules.js';

/**
 * The senders a tenant has: an email sender when it has an email connector, an SMS sender when it has an SMS one.
 * Sign-up and sign-in settings that need a verification code are refused without their sender.
 */
export const tenantSenders = async (db: Queryable, tenantId: string, connector: EntityModel): Promise<Senders> => {
  const has = (type: 'Email' | 'Sms') =>
    tenantConnectorOf(db, tenantId, connector, type).then(
      () => true,
      () => false,
    );
  return { email: await has('Email'), sms: await has('Sms') };
};

/** The targets of the tenant's social connectors (a standard connector's own target, else its factory's). */
export const socialConnectorTargets = async (
  db: Queryable,
  tenantId: string,
  connector: EntityModel,
): Promise<Set<string>> => {
  const { rows } = await db.query<{ connector_id: string; metadata: { target?: string } | null }>(
    'SELECT connector_id, metadata FROM connectors WHERE tenant_id = $1',
    [tenantId],
  );
  return new Set(
    rows.flatMap((row) => {
      const factory = findFactory(row.connector_id, connector);
      return factory?.type === 'Social' ? [connectorTarget(factory, row.metadata)] : [];
    }),
  );
};
