import type { ServerOverride } from '../../../server/crud/overrides.js';
import { checkField } from './rules.js';
import { createBatch, deleteField, orderFields, replaceField } from './writes.js';

export const customProfileFieldOverrides = {
  /** A new field is checked by its type's rules and goes last on the sign-up page. */
  'customProfileField.prepare': {
    kind: 'beforeWrite',
    run: async (values, { db, tenantId }) => {
      checkField(values, false);
      const { rows } = await db.query<{ last: number | null }>(
        'SELECT max(sie_order) AS last FROM custom_profile_fields WHERE tenant_id = $1',
        [tenantId],
      );
      return { ...values, sieOrder: (rows[0]?.last ?? 0) + 1 };
    },
  },
  'customProfileField.replace': { kind: 'action', run: replaceField },
  'customProfileField.delete': { kind: 'action', run: deleteField },
  'customProfileField.create-batch': { kind: 'action', run: createBatch },
  'customProfileField.order': { kind: 'action', run: orderFields },
} satisfies Record<string, ServerOverride>;
