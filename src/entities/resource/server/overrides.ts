import type { ServerOverride } from '../../../server/crud/overrides.js';

export const resourceOverrides = {
  /** At most one default resource per tenant: making one the default clears the flag on the others. */
  'resource.set-default': {
    kind: 'action',
    run: async ({ context, id, body, db, operations }) => {
      await operations.get(context, id);
      const isDefault = body.isDefault === true;
      return db.withTenant(context.tenantId, async (tx) => {
        if (isDefault) {
          await tx.query('UPDATE resources SET is_default = false WHERE tenant_id = $1 AND is_default AND id <> $2', [
            context.tenantId,
            id,
          ]);
        }
        return operations.repository.update(tx, { tenantId: context.tenantId }, id, { isDefault });
      });
    },
  },
} satisfies Record<string, ServerOverride>;
