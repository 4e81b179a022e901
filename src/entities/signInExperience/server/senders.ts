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

/** The targets of the tenant's social connectors; none can be set up yet, so a sign-in experience keeps none. */
export const socialConnectorTargets = async (_db: Queryable, _tenantId: string): Promise<Set<string>> => new Set();
