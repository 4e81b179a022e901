import type { FastifyInstance } from 'fastify';
import { openApiDocument, serveDocument } from '../http/documented-routes.js';
import { registerIdentifierRoutes } from './identifier-routes.js';
import { registerMyAccountRoutes } from './my-account-routes.js';
import { accountOperations } from './operations.js';
import type { AccountTools } from './tools.js';
import { registerVerificationRoutes } from './verification-routes.js';

/**
 * Logto's Account API (`{base}/api/my-account`, `{base}/api/verifications`): a signed-in user's own account, with
 * an opaque access token of the tenant's provider, where the tenant's account center is on and as far as each of its
 * fields allows.
 */
export const registerAccountApi = async (app: FastifyInstance, tools: AccountTools) => {
  await app.register(async (scope) => {
    for (const prefix of ['', '/t/:tenantId']) {
      registerMyAccountRoutes(scope, prefix, tools);
      registerIdentifierRoutes(scope, prefix, tools);
      registerVerificationRoutes(scope, prefix, tools);
      serveDocument(scope, prefix, 'user.openapi.json', (server) =>
        openApiDocument({
          title: 'Gatehouse Account API',
          description: "A signed-in user's own account, as the tenant's account center allows (Logto's Account API).",
          server,
          base: '/api',
          operations: Object.values(accountOperations),
        }),
      );
    }
  });
};
