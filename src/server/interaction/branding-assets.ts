import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOGO_PATHS } from '../../entities/signInExperience/server/default-logos.js';
import { STABLE_FILE_CACHE } from '../console/static.js';

const logos = [
  [DEFAULT_LOGO_PATHS.logoUrl, readFileSync(new URL('./static/logo.svg', import.meta.url))],
  [DEFAULT_LOGO_PATHS.darkLogoUrl, readFileSync(new URL('./static/logo-dark.svg', import.meta.url))],
] as const;

/**
 * Serves the server's own logos, light and dark: the default branding of every tenant's sign-in experience. Their
 * names are stable, so browsers keep them for a day and then ask again.
 */
export const registerBrandingAssets = (app: FastifyInstance) => {
  for (const [path, body] of logos) {
    app.get(path, async (_request, reply) =>
      reply.type('image/svg+xml').header('Cache-Control', STABLE_FILE_CACHE).send(body),
    );
  }
};
