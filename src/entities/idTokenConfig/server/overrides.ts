import type { ServerOverride } from '../../../server/crud/overrides.js';
import { SingletonOperations } from '../../../server/crud/singleton-routes.js';
import { withoutNulls } from '../../../server/crud/without-nulls.js';

export const idTokenConfigOverrides = {
  /** `PUT /api/configs/id-token`: the body is the whole configuration; a claim list left out means none. */
  'idTokenConfig.replace': {
    kind: 'action',
    run: async ({ context, body, db, operations }) =>
      new SingletonOperations(operations, db).update(context, {
        enabledExtendedClaims: body.enabledExtendedClaims ?? null,
      }),
  },
  'idTokenConfig.present': { kind: 'afterRead', run: (items) => items.map(withoutNulls) },
} satisfies Record<string, ServerOverride>;
