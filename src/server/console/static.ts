import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Bundled files carry a content hash in their name: a new build means a new URL, so browsers keep them for good. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Files with stable names (the favicon): cached for a day, then revalidated. */
export const STABLE_FILE_CACHE = 'public, max-age=86400';

const HASHED_ASSET_DIR = `assets${sep}`;

/**
 * Serves the built console's files below `/console/`, each in the encoding the browser accepts: the `.br` or `.gz`
 * the build wrote beside it (brotli preferred), else the file itself, always with `Vary: Accept-Encoding`. The
 * compressed files are not addressable on their own, and the HTML shell is left to the shell route (it is
 * rendered per response).
 */
export const registerConsoleAssets = async (app: FastifyInstance, consoleDir: string) => {
  const root = resolve(consoleDir);
  await app.register(fastifyStatic, {
    root,
    prefix: '/console/',
    index: false,
    wildcard: false,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = relative(root, resolve(path)).startsWith(HASHED_ASSET_DIR);
      reply.header('Cache-Control', hashed ? HASHED_ASSET_CACHE : STABLE_FILE_CACHE);
    },
  });
};
