import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy for the console (no inline scripts or styles from the server's side, no eval)
 * and the usual hardening headers on every response.
 */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });
};
