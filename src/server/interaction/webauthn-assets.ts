import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WEBAUTHN_LIBRARY_PATH, WEBAUTHN_SCRIPT_PATH } from './webauthn-views.js';

/** SimpleWebAuthn's self-contained browser bundle (UMD, a `SimpleWebAuthnBrowser` global), from the installed package. */
const libraryFile = () => {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  return join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js');
};

const library = readFileSync(libraryFile(), 'utf8');
const script = readFileSync(new URL('./static/webauthn.js', import.meta.url), 'utf8');

/** Serves the passkey pages' two scripts on this origin, which the pages' policy (`script-src 'self'`) allows. */
export const registerWebAuthnAssets = (app: FastifyInstance) => {
  for (const [path, body] of [
    [WEBAUTHN_LIBRARY_PATH, library],
    [WEBAUTHN_SCRIPT_PATH, script],
  ] as const) {
    app.get(path, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body),
    );
  }
};
