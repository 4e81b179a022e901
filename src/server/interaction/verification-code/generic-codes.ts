import type { EntityOperations } from '../../crud/contracts.js';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { findEmailSender } from '../../messages/email-sender.js';
import { Passcodes } from './passcodes.js';
import { admitMessage } from './send-rate.js';

/**
 * Generic codes, sent outside a sign-in (Logto's `/api/verification-codes`, the console's `/me/verification-codes`):
 * a new code for the address, its earlier unconsumed one replaced, sent through the tenant's email connector (501
 * `connector.not_found` without one) under the message rate limit (429 `request.message_rate_limited`, nothing
 * created); and its check, once, for the code last sent there (400 `verification_code.*` otherwise).
 */

interface CodeDeps {
  db: Database;
  operationsOf: (entity: string) => EntityOperations;
}

export interface CodeRecipient {
  email?: string;
  phone?: string;
}

const passcodesOf = ({ db, operationsOf }: CodeDeps) => new Passcodes(db, operationsOf('passcode').repository);

export const sendGenericCode = async (deps: CodeDeps, tenantId: string, email: string, locale?: string) => {
  const { db, operationsOf } = deps;
  const sender = await db.withTenant(tenantId, (tx) => findEmailSender(tx, tenantId, operationsOf('connector').model));
  if (!(await admitMessage(db, tenantId, email))) throw new ApiError('request.message_rate_limited');
  const { code } = await passcodesOf(deps).create(tenantId, { jti: null, type: 'Generic', email });
  await sender.send({ to: email, template: 'Generic', payload: { code, ...(locale ? { locale } : {}) } });
};

export const verifyGenericCode = async (deps: CodeDeps, tenantId: string, recipient: CodeRecipient, code: string) => {
  const checked = await passcodesOf(deps).verify(tenantId, { jti: null, type: 'Generic', ...recipient }, code);
  if (checked.refusal) throw new ApiError(`verification_code.${checked.refusal}`);
};
