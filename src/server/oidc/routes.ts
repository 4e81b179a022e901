import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { DEFAULT_TENANT_ID } from '../tenants/urls.js';
import { PROVIDER_HEADERS } from './provider.js';
import type { TenantProviders } from './providers.js';

type Params = { tenantId?: string };

/**
 * Mounts every tenant's OpenID provider: `/oidc/*` for the default tenant, `/t/{tenantId}/oidc/*` for the others.
 * The provider is a Koa application; it gets the raw request and response and parses bodies itself, so these routes
 * leave the body stream untouched and Fastify steps aside (`reply.hijack()`).
 */
export const registerOidcRoutes = async (app: FastifyInstance, providers: TenantProviders) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const handle = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const tenantId = request.params.tenantId ?? DEFAULT_TENANT_ID;
      // The default tenant lives at the origin only; `/t/default/oidc` is not another way in.
      if (request.params.tenantId === DEFAULT_TENANT_ID) throw new ApiError('entity.not_found');
      const prefix = `${request.params.tenantId === undefined ? '' : `/t/${tenantId}`}/oidc`;
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const url = req.url ?? '/';
      const rest = url.slice(prefix.length);
      // The mount must match the URL as sent (an encoded tenant id, or `/oidcx`, is not this mount).
      if (!url.startsWith(prefix) || (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?'))) {
        throw new ApiError('entity.not_found');
      }
      const oidc = await providers.get(tenantId);
      if (!oidc) throw new ApiError('entity.not_exists_with_id', { name: 'tenant', id: tenantId });
      reply.hijack();
      req.originalUrl = url;
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      try {
        await oidc.handle(req, reply.raw);
      } catch (error) {
        request.log.error({ err: error }, 'OpenID provider failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, PROVIDER_HEADERS).end();
        }
      }
    };

    // The provider's resume path is named too: the request log masks the interaction id (`:uid`) it carries.
    for (const mount of ['/oidc', '/t/:tenantId/oidc']) {
      for (const path of [mount, `${mount}/*`, `${mount}/auth/:uid`]) scope.all(path, handle);
    }
  });
};
