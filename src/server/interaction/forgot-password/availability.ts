import type { Database } from '../../db/database.js';
import { tenantConnectorOf } from '../../messages/email-sender.js';
import type { Interaction } from '../context.js';
import type { CodeKind } from '../experience.js';

/**
 * The kinds of address the interaction's sign-in pages reset a forgotten password by, as Logto's do: signing in is
 * open, the sign-in experience's `forgotPasswordMethods` has the method (or is null: every method with a sender), and
 * the tenant has its connector (email, SMS).
 */
export const forgotPasswordKinds = async (db: Database, interaction: Interaction): Promise<CodeKind[]> => {
  const { experience, tenantId } = interaction;
  if (experience.signInMode === 'Register') return [];
  const connector = interaction.modelOf('connector');
  const has = (type: 'Email' | 'Sms') =>
    db
      .withTenant(tenantId, (tx) => tenantConnectorOf(tx, tenantId, connector, type))
      .then(
        () => true,
        () => false,
      );
  const email = experience.forgotPasswordByEmail && (await has('Email'));
  const phone = experience.forgotPasswordByPhone && (await has('Sms'));
  return [...(email ? ['email' as const] : []), ...(phone ? ['phone' as const] : [])];
};

/** Whether the pages offer resetting a forgotten password at all. */
export const forgotPasswordAvailable = async (db: Database, interaction: Interaction) =>
  (await forgotPasswordKinds(db, interaction)).length > 0;
