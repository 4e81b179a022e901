import { withoutPrivate } from '../../../server/crud/fields.js';
import { anyone, type ServerOverride } from '../../../server/crud/overrides.js';
import { SingletonOperations } from '../../../server/crud/singleton-routes.js';
import { ApiError } from '../../../server/http/api-error.js';
import { TenantRegistry } from '../../../server/tenants/registry.js';
import { ADMIN_TENANT_ID, tenantBaseUrl } from '../../../server/tenants/urls.js';
import { fullSignInExperience } from './experience.js';

// Anyone may ask: the answers reveal where a tenant lives and one bit about the server, nothing of a tenant's data.

export const discoveryOverrides = {
  // Spec §7: the console asks where a tenant lives before signing in against it. Unknown tenants are 404.
  'discovery.endpoints': {
    kind: 'action',
    authenticate: anyone,
    run: async ({ params, db, context, request, reply }) => {
      // The parameter is not called `tenantId`: this route is about a tenant, it is not inside one.
      const tenantId = params.id ?? '';
      if (!(await new TenantRegistry(db).exists(tenantId))) {
        throw new ApiError('entity.not_exists_with_id', { name: 'tenant', id: tenantId });
      }
      reply.header('Cache-Control', 'no-store');
      return { user: tenantBaseUrl(context.origin ?? `${request.protocol}://${request.host}`, tenantId) };
    },
  },
  // The self-hosted console's version badge: the release running, and a newer one if the feed announces it.
  'discovery.release': {
    kind: 'action',
    authenticate: anyone,
    run: async ({ request }) => request.server.releases.status(),
  },
  // The console shows its welcome page, and opens registration for the first administrator, while this is true.
  'discovery.first-run': {
    kind: 'action',
    authenticate: anyone,
    run: async ({ db }) => {
      const { rows } = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
        tx.query('SELECT 1 FROM users WHERE tenant_id = $1 LIMIT 1', [ADMIN_TENANT_ID]),
      );
      return { firstRun: rows.length === 0 };
    },
  },
  // The account pages a tenant's users open read which of their account's parts they may see and change.
  'discovery.account-center': {
    kind: 'action',
    authenticate: anyone,
    run: async ({ context, db, operationsOf }) =>
      withoutPrivate(
        operationsOf('accountCenter').model,
        await new SingletonOperations(operationsOf('accountCenter'), db).get(context),
      ),
  },
  'discovery.full-sign-in-experience': { kind: 'action', authenticate: anyone, run: fullSignInExperience },
  // Loaded when first asked: the sign-in pages' texts are read from files, which the console's tests cannot do.
  'discovery.phrases': {
    kind: 'action',
    authenticate: anyone,
    run: async (input) => (await import('./phrases.js')).signInPhrases(input),
  },
} satisfies Record<string, ServerOverride>;
