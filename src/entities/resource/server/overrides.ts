import type { ServerOverride } from '../../../server/crud/overrides.js';
import { refuseManagementApiChange } from './management-api.js';

export const resourceOverrides = {
  'resource.protect-update': {
    kind: 'beforeWrite',
    run: (values, { context, stored }) => {
      refuseManagementApiChange(context, stored?.indicator, 'resource.cannot_modify_management_api');
      return values;
    },
  },
  'resource.protect-delete': {
    kind: 'beforeDelete',
    run: (stored, { context }) =>
      refuseManagementApiChange(context, stored.indicator, 'resource.cannot_delete_management_api'),
  },
  /** At most one default resource per tenant: making one the default clears the flag on the others. */
  'resource.set-default': {
    kind: 'action',
    run: async ({ context, id, body, db, operations }) => {
      await operations.get(context, id);
      const isDefault = body.isDefault === true;
      const scope = { tenantId: context.tenantId };
      return db.withTenant(context.tenantId, async (tx) => {
        if (isDefault) {
          const { rows } = await tx.query<{ id: string }>(
            'SELECT id FROM resources WHERE tenant_id = $1 AND is_default AND id <> $2',
            [context.tenantId, id],
          );
          for (const other of rows) await operations.repository.update(tx, scope, other.id, { isDefault: false });
        }
        return operations.repository.update(tx, scope, id, { isDefault });
      });
    },
  },
} satisfies Record<string, ServerOverride>;
