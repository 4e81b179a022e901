import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { TenantRegistry } from './registry.js';
import { tenantBaseUrl } from './urls.js';

export interface TenantRouteOptions {
  tenants: TenantRegistry;
  /** The public origin for a request (configured, or the one the request came to). */
  origin: (request: FastifyRequest) => string;
}

/**
 * `GET /api/.well-known/endpoints/{tenantId}` (spec §7): where a tenant lives, so the console knows which base URL
 * to sign in against and call. Public, like every `.well-known` document; unknown tenants are 404.
 */
export const registerTenantRoutes = (app: FastifyInstance, { tenants, origin }: TenantRouteOptions) => {
  // The parameter is not called `tenantId`: this route is about a tenant, it is not inside one.
  app.get<{ Params: { id: string } }>('/api/.well-known/endpoints/:id', async (request, reply) => {
    const { id: tenantId } = request.params;
    if (!(await tenants.exists(tenantId))) {
      throw new ApiError('entity.not_exists_with_id', { name: 'tenant', id: tenantId });
    }
    return reply.header('Cache-Control', 'no-store').send({ user: tenantBaseUrl(origin(request), tenantId) });
  });
};
