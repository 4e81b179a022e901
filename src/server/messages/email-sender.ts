import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

/** One email to send through the tenant's email connector, with the template it uses and what the template shows. */
export interface EmailMessage {
  to: string;
  template: 'OrganizationInvitation' | 'ForgotPassword';
  payload: Record<string, unknown>;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * The tenant's email sender. No email connector can be set up yet, so there is none: the answer is Logto's
 * `connector.not_found` (501) for the email type. A connector replaces this lookup, and every sender asks here.
 */
export const findEmailSender = async (_db: Queryable, _tenantId: string): Promise<EmailSender> => {
  throw new ApiError('connector.not_found', { type: 'Email' });
};
