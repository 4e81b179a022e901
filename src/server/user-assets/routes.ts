import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CustomUiStorage } from './custom-ui.js';
import { DirectoryStorage, MAX_UPLOAD_BYTES } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept; undefined when the environment sets no place (uploads are then off). */
    userAssets: DirectoryStorage | undefined;
    /** Where the tenants' own sign-in pages are kept (beside the uploads); undefined when uploads are off. */
    customUi: CustomUiStorage | undefined;
  }
}

/** Served files never run as pages of this origin: an SVG's scripts stay off (sandboxed, nothing loads). */
const ASSET_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * Uploads (`POST /api/user-assets`, multipart) and the files they made, public at `/user-assets/{key}` as Logto's
 * storage providers make them, with their media type and for good in caches (a key is never reused).
 */
export const registerUserAssets = async (app: FastifyInstance, directory: string | undefined) => {
  app.decorate('userAssets', directory ? new DirectoryStorage(directory) : undefined);
  app.decorate('customUi', directory ? new CustomUiStorage(directory) : undefined);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
  app.get('/user-assets/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const found = await app.userAssets?.read(key);
    if (!found) return reply.status(404).send({ message: 'Not found.', code: 'entity.not_found' });
    return reply
      .type(found.mimeType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', ASSET_POLICY)
      .header('X-Content-Type-Options', 'nosniff')
      .send(found.data);
  });
};
