import type { FastifyRequest } from 'fastify';
import type { AccessTokenClaims } from '../auth/token-verifier.js';
import {
  type Actor,
  ALL_SCOPES,
  type RequestContext,
  type ServerEdition,
  type ServerFeatures,
} from '../crud/context.js';
import { negotiateLanguage } from '../locales/index.js';

export interface RequestContextOptions {
  tenantOf: (request: FastifyRequest) => string;
  edition: ServerEdition;
  /** Whether a bearer guard checks tokens; without one, management routes are open and callers hold every scope. */
  guarded: boolean;
  /** The configured public origin; unset, each request's own (its protocol and host). */
  publicOrigin?: string | undefined;
  /** What the server is set up with (a secret vault), for the rules that depend on it. */
  features?: ServerFeatures | undefined;
}

/** The actor a verified token speaks for: the application of a client-credentials token, else the user. */
export const actorOf = (claims: AccessTokenClaims): Actor =>
  claims.clientId && (!claims.subject || claims.subject === claims.clientId)
    ? { kind: 'application', id: claims.clientId }
    : { kind: 'user', id: claims.subject };

/**
 * Builds each request's context once, on first use (after the bearer guard has verified its token): tenant, actor,
 * scopes, edition, locale, origin and client.
 */
export const requestContexts = ({ tenantOf, edition, guarded, publicOrigin, features }: RequestContextOptions) => {
  const built = new WeakMap<FastifyRequest, RequestContext>();
  return (request: FastifyRequest): RequestContext => {
    let context = built.get(request);
    if (!context) {
      const claims = request.auth;
      context = {
        tenantId: tenantOf(request),
        actor: claims ? actorOf(claims) : { kind: 'anonymous' },
        scopes: claims ? claims.scopes : guarded ? [] : ALL_SCOPES,
        edition,
        ...(features ? { features } : {}),
        locale: negotiateLanguage(request.headers['accept-language']),
        origin: publicOrigin ?? `${request.protocol}://${request.host}`,
        client: {
          ip: request.ip,
          ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
          ...(claims?.clientId ? { clientId: claims.clientId } : {}),
        },
      };
      built.set(request, context);
    }
    return context;
  };
};
