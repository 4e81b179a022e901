import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { entityModels } from '../generated/entities.js';
import type { EntityModel } from '../shared/descriptor.js';
import { registerBearerGuard } from './auth/bearer-guard.js';
import { registerFirstRunRoute } from './auth/first-run.js';
import { consoleUserVerifier, identityVerifier } from './auth/identity-verifier.js';
import { registerMeRoutes } from './auth/me-routes.js';
import { lazyVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { applyBootstrap } from './bootstrap/apply.js';
import type { BootstrapSettings } from './bootstrap/settings.js';
import { registerFavicon } from './console/favicon.js';
import { registerConsole } from './console/shell.js';
import { EntityOperations } from './crud/operations.js';
import { registerEntityRoutes } from './crud/routes.js';
import { addValidators } from './crud/validate.js';
import type { Database } from './db/database.js';
import { registerDocs } from './docs/routes.js';
import { ApiError } from './http/api-error.js';
import { registerErrorHandler } from './http/error-handler.js';
import { BODY_LIMIT, registerJsonBody } from './http/json-body.js';
import { registerNulGuard } from './http/nul-guard.js';
import { loggingOptions } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerIdentity } from './oidc/index.js';
import { isTenantId } from './tenants/urls.js';
import { DEFAULT_TENANT_ID, tenantDirectory } from './tenants.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing webhook deliveries; `await app.webhooks.idle()` waits for the ones in flight. */
    webhooks: WebhookDispatcher;
  }
}

export interface AppOptions {
  db: Database;
  /**
   * Bearer tokens for management routes: `'identity'` verifies them against the tenants' own providers (the
   * product), a verifier of your own is for tests; unset, management routes are open (loopback development only).
   */
  verifier?: TokenVerifier | 'identity' | undefined;
  /** The built console (`dist/console`); when absent, only the API is served. */
  consoleDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The origin users and clients reach the server at (issuers, redirect URIs); unset, the listening address. */
  publicUrl?: string | undefined;
  /** A console administrator and an API client to create at start when missing (headless deployments). */
  bootstrap?: BootstrapSettings | undefined;
  /** The entities to serve and their compiled validators; unset, the generated ones (tests compile their own). */
  entities?: { models: EntityModel[]; validators: Record<string, unknown> } | undefined;
}

const openapiPath = new URL('../generated/openapi.json', import.meta.url);

export const buildApp = async ({
  db,
  consoleDir,
  verifier,
  logger = false,
  publicUrl,
  bootstrap,
  entities,
}: AppOptions): Promise<FastifyInstance> => {
  // Ids longer than the router's default (100) reach the handlers, which answer 404 in the API's error shape.
  const app = Fastify({ ...loggingOptions(logger), bodyLimit: BODY_LIMIT, routerOptions: { maxParamLength: 2048 } });
  registerErrorHandler(app);
  registerJsonBody(app);
  registerSecurityHeaders(app);
  registerNulGuard(app);

  const models = entities?.models ?? entityModels;
  if (entities) addValidators(entities.validators);
  const tenants = tenantDirectory(db);
  const operations = new Map<string, EntityOperations>();
  const operationsOf = (name: string) => {
    const found = operations.get(name);
    if (!found) throw new Error(`Unknown entity ${name}`);
    return found;
  };
  const webhooks = new WebhookDispatcher(db, () => operationsOf('hookLog'), app.log);
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => webhooks.idle());
  for (const model of models) operations.set(model.name, new EntityOperations(model, db, operationsOf, webhooks));
  // The default tenant's API lives at the origin, every other tenant's below /t/{tenantId}.
  const tenantOf = (request: FastifyRequest) =>
    (request.params as { tenantId?: string } | undefined)?.tenantId ?? DEFAULT_TENANT_ID;
  const context = (request: FastifyRequest) => ({ tenantId: tenantOf(request) });
  // An unknown tenant is not found, whoever asks; known ones then check the caller's token.
  app.addHook('onRequest', async (request) => {
    const { tenantId } = (request.params ?? {}) as { tenantId?: string };
    if (tenantId !== undefined && (!isTenantId(tenantId) || !(await tenants.exists(tenantId)))) {
      throw new ApiError('entity.not_found');
    }
  });
  if (verifier) {
    registerBearerGuard(
      app,
      verifier === 'identity' ? lazyVerifier(() => identityVerifier(app.identity)) : verifier,
      tenantOf,
    );
  }
  const openapi = readFileSync(openapiPath, 'utf8');
  const managementApi = async (scope: FastifyInstance) => {
    for (const model of models) registerEntityRoutes(scope, model, { db, operationsOf, context });
    scope.get('/api/swagger.json', async (_request, reply) => reply.type('application/json').send(openapi));
    scope.get('/api/status', async (_request, reply) => reply.status(204).send());
  };
  await app.register(managementApi);
  await app.register(managementApi, { prefix: '/t/:tenantId' });
  await registerIdentity(app, { db, publicUrl });
  if (bootstrap) await applyBootstrap({ db, operationsOf, log: app.log }, bootstrap);
  registerFirstRunRoute(app, db);
  const meVerifier = consoleUserVerifier(app.identity);
  registerMeRoutes(app, db, () => meVerifier);

  registerFavicon(app);
  registerDocs(app);
  await registerConsole(app, consoleDir);
  return app;
};
