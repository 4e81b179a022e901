import type { Queryable } from '../../../server/db/database.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import type { EntityModel } from '../../../shared/descriptor.js';
import type { Senders } from './rules.js';

/**
 * The senders a tenant has: an email sender when the tenant has an email connector (`findEmailSender`), and no SMS
 * sender yet: an SMS connector sends test messages, but the sign-in pages do not send codes by text message, so the
 * settings that need one stay refused. Sign-up and sign-in settings that need a verification code are refused
 * without their sender.
 */
export const tenantSenders = async (db: Queryable, tenantId: string, connector: EntityModel): Promise<Senders> => {
  const email = await findEmailSender(db, tenantId, connector).then(
    () => true,
    () => false,
  );
  return { email, sms: false };
};

/** The targets of the tenant's social connectors; none can be set up yet, so a sign-in experience keeps none. */
export const socialConnectorTargets = async (_db: Queryable, _tenantId: string): Promise<Set<string>> => new Set();
