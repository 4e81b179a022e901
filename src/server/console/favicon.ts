import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { STABLE_FILE_CACHE } from './static.js';

/** Where every server-rendered page (sign-in, consent, documentation) finds the product's icon, whatever the tenant. */
export const FAVICON_PATH = '/favicon.svg';

/** The console's icon, also served at the origin's root so pages outside `/console` have it without a build. */
const favicon = readFileSync(new URL('../../console/public/favicon.svg', import.meta.url));

export const registerFavicon = (app: FastifyInstance) => {
  app.get(FAVICON_PATH, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', STABLE_FILE_CACHE).send(favicon),
  );
  // Browsers ask for /favicon.ico on pages that name no icon (a JSON answer opened in a tab, for instance).
  app.get('/favicon.ico', async (_request, reply) =>
    reply.header('Cache-Control', STABLE_FILE_CACHE).redirect(FAVICON_PATH, 301),
  );
};
