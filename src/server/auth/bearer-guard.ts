import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lackedScopes } from '../../shared/management-scopes.js';
import { ApiError } from '../http/api-error.js';
import { type AccessTokenClaims, TokenRejected, type TokenVerifier } from './token-verifier.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scopes a management route requires (from its descriptor); routes without it are public. */
    scopes?: string[];
    /** The route also takes an HTML form's fields as its body (an action's `formBody`). */
    formBody?: boolean;
  }
  interface FastifyRequest {
    auth?: AccessTokenClaims;
  }
}

/**
 * Every management route requires a bearer JWT for its tenant's management API with the route's scopes:
 * 401 without a valid token (missing, malformed, wrong issuer or audience, expired), 403 `auth.forbidden` when a
 * scope is missing. Data of other tenants stays invisible: the route's tenant comes from its URL, not the token.
 */
export const registerBearerGuard = (
  app: FastifyInstance,
  verifier: TokenVerifier,
  tenantOf: (request: FastifyRequest) => string,
) => {
  app.addHook('onRequest', async (request) => {
    const required = request.routeOptions.config.scopes;
    if (!required) return;
    const header = request.headers.authorization;
    if (!header) throw new ApiError('auth.authorization_header_missing');
    const [type, token] = header.split(' ');
    if (type?.toLowerCase() !== 'bearer' || !token) throw new ApiError('auth.authorization_token_type_not_supported');
    try {
      request.auth = await verifier.verify(token, tenantOf(request));
    } catch (error) {
      if (error instanceof TokenRejected) throw new ApiError('auth.unauthorized', {}, { reason: error.message });
      throw error;
    }
    const missing = lackedScopes(request.auth.scopes, required);
    if (missing.length > 0) throw new ApiError('auth.forbidden', {}, { missingScopes: missing });
  });
};
