import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type OpenApiDocument, renderApiReference } from './api-reference.js';
import { renderGuideFromReadme } from './guide.js';
import { API_REFERENCE_PATH, DOCS_PATH, STYLESHEET_PATH, stylesheet } from './layout.js';

const openapiPath = new URL('../../generated/openapi.json', import.meta.url);

/**
 * The product's documentation, rendered once at start: the guide (the README) at `/docs` and the management API's
 * reference (from the OpenAPI document) at `/docs/api`. Plain pages under the strict policy: one stylesheet, no
 * scripts.
 */
export const registerDocs = (app: FastifyInstance) => {
  const guide = renderGuideFromReadme();
  const apiReference = renderApiReference(JSON.parse(readFileSync(openapiPath, 'utf8')) as OpenApiDocument);
  const page = (body: string) => async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(body);
  app.get(DOCS_PATH, page(guide));
  app.get(`${DOCS_PATH}/`, async (_request, reply) => reply.redirect(DOCS_PATH, 301));
  app.get(API_REFERENCE_PATH, page(apiReference));
  // The pages name the stylesheet with a hash of its content, so a copy can be kept for good.
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(stylesheet),
  );
};
