import type { FastifyInstance } from 'fastify';
import { findNul, nulIssue } from '../crud/validate.js';
import { ApiError } from './api-error.js';

/**
 * PostgreSQL text cannot hold U+0000. An id with it names nothing (404, as any unknown id); a query parameter with
 * it is bad input (400). Bodies are checked with their schema (see `assertValid`).
 */
export const registerNulGuard = (app: FastifyInstance) => {
  // A callback hook: nothing here waits, so no promise per request.
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
      if (value.includes('\u0000')) {
        const id = { name: name === 'id' ? 'entity' : name.replace(/Id$/, ''), id: value };
        return done(new ApiError('entity.not_exists_with_id', id));
      }
    }
    const nul = findNul(request.query, '');
    if (nul !== undefined)
      return done(new ApiError('guard.invalid_input', { type: 'query' }, { issues: [nulIssue(nul)] }));
    done();
  });
};
