import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

/** The largest JSON body the API reads (bytes); a larger one is refused with 413 `request.payload_too_large`. */
export const BODY_LIMIT = 1024 * 1024;
/** How deep arrays and objects may nest in a JSON body; deeper ones are refused with 400 `guard.invalid_input`. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing it (and without recursion), or
 * `Infinity` as soon as it passes `limit`.
 */
export const jsonDepth = (text: string, limit = MAX_JSON_DEPTH): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return Number.POSITIVE_INFINITY;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
};

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The JSON body's text as it arrived, for a request whose signature covers it (the payment provider's webhooks). */
export const rawBodyOf = (request: FastifyRequest): string | undefined => rawBodies.get(request);

/**
 * JSON bodies are parsed by Fastify's own parser (prototype-poisoning checks included) once their nesting is known
 * to be shallow enough: deeper documents overflow the database's JSON parser and recursive code on the way.
 */
export const registerJsonBody = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) {
      const issue = {
        path: '',
        keyword: 'maxDepth',
        message: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
        params: { limit: MAX_JSON_DEPTH },
      };
      done(new ApiError('guard.invalid_input', { type: 'body' }, { issues: [issue] }), undefined);
      return;
    }
    if (request.headers['stripe-signature']) rawBodies.set(request, body as string);
    parse(request, body as string, done);
  });
};
