import { findFactory, isPasswordless } from '../../../server/connectors/factories.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { loadSignInExperience } from '../../signInExperience/server/load.js';
import { forgotPasswordAvailability } from '../../signInExperience/server/rules.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * `DELETE /api/connectors/{id}` (204; 404 `entity.not_exists_with_id`). As Logto, an email or SMS connector is kept
 * (422) while password expiration is on and forgot password would have no method left without it.
 */
export const deleteConnector = async ({ context, params, operations, operationsOf, db }: Run): Promise<undefined> => {
  const id = String(params.id);
  const { tenantId } = context;
  const stored = await db.withTenant(tenantId, (tx) => operations.repository.find(tx, { tenantId }, id));
  const factory = stored ? findFactory(String(stored.connectorId), operations.model) : undefined;
  if (stored && factory && isPasswordless(factory.type)) {
    const { passwordExpiration, forgotPasswordMethods } = await loadSignInExperience(
      db,
      tenantId,
      operationsOf('signInExperience').model,
    );
    if ((passwordExpiration as { enabled?: boolean } | undefined)?.enabled) {
      // What remains: the other passwordless type's connector (one of each type at most).
      const remaining = { email: factory.type !== 'Email', sms: factory.type !== 'Sms' };
      const { rows } = await db.withTenant(tenantId, (tx) =>
        tx.query<{ connector_id: string }>('SELECT connector_id FROM connectors WHERE tenant_id = $1 AND id <> $2', [
          tenantId,
          id,
        ]),
      );
      const types = new Set(rows.map((row) => findFactory(row.connector_id, operations.model)?.type));
      const senders = { email: remaining.email && types.has('Email'), sms: remaining.sms && types.has('Sms') };
      const available = forgotPasswordAvailability(forgotPasswordMethods, senders);
      if (!available.email && !available.phone) {
        throw new ApiError('sign_in_experiences.password_expiration_requires_forgot_password');
      }
    }
  }
  await operations.delete(context, id);
  return undefined;
};
