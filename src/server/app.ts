import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { entityModels } from '../generated/entities.js';
import { EntityOperations } from './crud/operations.js';
import { registerEntityRoutes } from './crud/routes.js';
import type { Database } from './db/database.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { DEFAULT_TENANT_ID } from './tenants.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing webhook deliveries; `await app.webhooks.idle()` waits for the ones in flight. */
    webhooks: WebhookDispatcher;
  }
}

export interface AppOptions {
  db: Database;
  /** The built console (`dist/console`); when absent, only the API is served. */
  consoleDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

const openapiPath = new URL('../generated/openapi.json', import.meta.url);

export const buildApp = async ({ db, consoleDir, logger = false }: AppOptions): Promise<FastifyInstance> => {
  // Ids longer than the router's default (100) reach the handlers, which answer 404 in the API's error shape.
  const app = Fastify({ logger, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 2048 } });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerNulGuard(app);

  const operations = new Map<string, EntityOperations>();
  const operationsOf = (name: string) => {
    const found = operations.get(name);
    if (!found) throw new Error(`Unknown entity ${name}`);
    return found;
  };
  const webhooks = new WebhookDispatcher(db, () => operationsOf('hookLog'), app.log);
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => webhooks.idle());
  for (const model of entityModels) operations.set(model.name, new EntityOperations(model, db, operationsOf, webhooks));
  // One tenant exists until sign-in arrives; the context is where the caller's tenant will be resolved.
  const context = () => ({ tenantId: DEFAULT_TENANT_ID });
  for (const model of entityModels) registerEntityRoutes(app, model, { db, operationsOf, context });

  const openapi = readFileSync(openapiPath, 'utf8');
  app.get('/api/swagger.json', async (_request, reply) => reply.type('application/json').send(openapi));
  app.get('/api/status', async (_request, reply) => reply.status(204).send());

  if (consoleDir && existsSync(join(consoleDir, 'index.html'))) {
    const indexHtml = readFileSync(join(consoleDir, 'index.html'), 'utf8');
    await app.register(fastifyStatic, { root: consoleDir, prefix: '/console/', index: false, wildcard: false });
    // Client-side routes: every console path that is not a file gets the app shell.
    const shell = async (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html').send(indexHtml);
    app.get('/console', shell);
    app.get('/console/*', shell);
    app.get('/', async (_request, reply) => reply.redirect('/console'));
  }
  return app;
};
