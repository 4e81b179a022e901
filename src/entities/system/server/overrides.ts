import type { ServerOverride } from '../../../server/crud/overrides.js';
import { protectedAppDomain } from '../../application/server/protected-app.js';

export const systemOverrides = {
  /** `GET /api/systems/application`: the protected apps' domain (501 where the server has none, as Logto). */
  'system.application': {
    kind: 'action',
    run: async ({ context }) => ({ protectedApps: { defaultDomain: protectedAppDomain(context) } }),
  },
} satisfies Record<string, ServerOverride>;
