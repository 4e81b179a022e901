import type { Database } from '../../db/database.js';
import { findEmailSender } from '../../messages/email-sender.js';
import type { Interaction } from '../context.js';

/**
 * Whether the interaction's sign-in pages offer resetting a forgotten password by email, as Logto's do: signing in
 * is open, the sign-in experience's `forgotPasswordMethods` has `EmailVerificationCode` (or is null: every method
 * with a sender), and the tenant has an email connector.
 */
export const forgotPasswordAvailable = async (db: Database, interaction: Interaction): Promise<boolean> => {
  const { experience, tenantId } = interaction;
  if (experience.signInMode === 'Register' || !experience.forgotPasswordByEmail) return false;
  return db
    .withTenant(tenantId, (tx) => findEmailSender(tx, tenantId, interaction.modelOf('connector')))
    .then(
      () => true,
      () => false,
    );
};
