import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/database.js';
import { requestHost } from '../../../server/http/host.js';

/** The paths a verification file may have (the schema's rule): a file at the root, or below /.well-known/. */
const filePath = /^(\/[\w-][\w.-]*\.[\w-][\w.-]*|\/\.well-known(\/[\w-][\w.-]*)+)$/;

interface StoredFile {
  path: string;
  content: string;
  contentType: string;
}

/**
 * Serves custom domains' verification files: a `GET` or `HEAD` that no route answers, for a host other than the
 * server's own, gets the file of that path if the domain of that host has one. Routes of the server keep their
 * paths on every host. The files are served as inert text: no caching, no scripts, no sniffing.
 */
export const registerVerificationFiles = (app: FastifyInstance, db: Database, ownHost: string | undefined) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const host = requestHost(request.headers.host);
    const path = request.url.split('?')[0] ?? '';
    if (!host || host === ownHost || !filePath.test(path)) return;
    const { rows } = await db.query<{ verification_files: StoredFile[] }>(
      'SELECT verification_files FROM domains WHERE domain = $1',
      [host],
    );
    const file = rows.flatMap((row) => row.verification_files).find((candidate) => candidate.path === path);
    if (!file) return;
    return reply
      .status(200)
      .header('Content-Type', `${file.contentType}; charset=utf-8`)
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.content);
  });
};
