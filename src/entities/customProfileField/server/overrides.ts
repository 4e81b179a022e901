import type { ServerOverride } from '../../../server/crud/overrides.js';
import { checkField } from './rules.js';
import { createBatch, deleteField, lastOrder, orderFields, replaceField } from './writes.js';

export const customProfileFieldOverrides = {
  /** A new field is checked by its type's rules and goes last on the sign-up page. */
  'customProfileField.prepare': {
    kind: 'beforeWrite',
    run: async (values, { db, tenantId }) => {
      checkField(values, false);
      return { ...values, sieOrder: (await lastOrder(db, tenantId)) + 1 };
    },
  },
  'customProfileField.replace': { kind: 'action', run: replaceField },
  'customProfileField.delete': { kind: 'action', run: deleteField },
  'customProfileField.create-batch': { kind: 'action', run: createBatch },
  'customProfileField.order': { kind: 'action', run: orderFields },
} satisfies Record<string, ServerOverride>;
