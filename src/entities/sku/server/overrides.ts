import { consoleUser } from '../../../server/auth/console-user.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import { skuList } from '../../../server/tenants/skus.js';

/** The plans a tenant may be on (Logto cloud's `GET /api/skus?type=Basic`), for any signed-in console account. */
export const skuOverrides = {
  'sku.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async ({ query }) => skuList(query.type),
  },
} satisfies Record<string, ServerOverride>;
