import type { FastifyInstance } from 'fastify';
import { findNul, nulIssue } from '../crud/validate.js';
import { ApiError } from './api-error.js';

/**
 * PostgreSQL text cannot hold U+0000. An id with it names nothing (404, as any unknown id); a query parameter with
 * it is bad input (400). Bodies are checked with their schema (see `assertValid`).
 */
export const registerNulGuard = (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
      if (value.includes('\u0000')) {
        throw new ApiError('entity.not_exists_with_id', {
          name: name === 'id' ? 'entity' : name.replace(/Id$/, ''),
          id: value,
        });
      }
    }
    const nul = findNul(request.query, '');
    if (nul !== undefined) throw new ApiError('guard.invalid_input', { type: 'query' }, { issues: [nulIssue(nul)] });
  });
};
