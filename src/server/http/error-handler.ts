import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import { BODY_LIMIT } from './json-body.js';

/** Every failure leaves as `{message, code, data?}`; unexpected ones are logged without request bodies. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.toBody());
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(new ApiError('request.unsupported_media_type').toBody());
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = new ApiError('request.payload_too_large', { limit: BODY_LIMIT }, { limit: BODY_LIMIT });
      return reply.status(tooLarge.status).send(tooLarge.toBody());
    }
    if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const invalid = new ApiError(
        'guard.invalid_input',
        { type: 'body' },
        { issues: [{ path: '', keyword: 'syntax', message: error.message, params: {} }] },
      );
      return reply.status(400).send(invalid.toBody());
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(new ApiError('unexpected.general').toBody());
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found.`, code: 'entity.not_found' }),
  );
};
