import type { HookContext, ServerOverride } from '../../../server/crud/overrides.js';
import { Repository } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { makeSigningCertificate } from './certificate.js';

/**
 * The application's row, locked until the write ends: signing certificates of one application change one write at a
 * time, so two racing activations leave one active.
 */
const lockSamlApplication = (db: Queryable, tenantId: string, applicationId: unknown) =>
  db.query('SELECT id FROM applications WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, applicationId]);

/** Makes every other certificate of the application inactive, before this one becomes the active one. */
const deactivateOthers = async ({ db, tenantId, model }: HookContext, applicationId: unknown, id: unknown) => {
  const secrets = new Repository(model);
  const all = await secrets.listByColumn(db, tenantId, 'application_id', [String(applicationId)]);
  for (const other of all.filter((secret) => secret.active === true && secret.id !== id)) {
    await secrets.update(db, { tenantId }, String(other.id), { active: false });
  }
};

export const samlApplicationSecretOverrides = {
  /** A new certificate: key and certificate made for `lifeSpanInYears`; active only when asked (then the only one). */
  'samlApplicationSecret.make-certificate': {
    kind: 'beforeWrite',
    run: async (values, hook) => {
      await lockSamlApplication(hook.db, hook.tenantId, values.applicationId);
      if (values.active === true) await deactivateOthers(hook, values.applicationId, values.id);
      return { ...values, ...(await makeSigningCertificate(Number(values.lifeSpanInYears))) };
    },
  },
  /**
   * Activating a certificate deactivates the others, under the application's lock; deactivating one (which takes no
   * lock, so it never waits while holding an active row) may leave the application without an active certificate.
   */
  'samlApplicationSecret.activate': {
    kind: 'beforeWrite',
    run: async (values, hook) => {
      const { stored } = hook;
      if (values.active !== true || stored?.active === true) return values;
      await lockSamlApplication(hook.db, hook.tenantId, stored?.applicationId);
      await deactivateOthers(hook, stored?.applicationId, stored?.id);
      return values;
    },
  },
  /** The active certificate signs the application's assertions: it is not deleted (Logto's 400). */
  'samlApplicationSecret.check-delete': {
    kind: 'beforeDelete',
    run: (stored) => {
      if (stored.active === true) throw new ApiError('application.saml.can_not_delete_active_secret');
    },
  },
} satisfies Record<string, ServerOverride>;
