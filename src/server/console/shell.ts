import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce.js';
import type { ServerEdition } from '../crud/context.js';
import { newCspNonce, sendStyleNoncePolicy } from '../http/security-headers.js';
import { languageChunks, preloadedLanguage, withLanguagePreload } from './language-preload.js';
import { registerConsoleAssets } from './static.js';

/**
 * Serves the built console under `/console/`: its files as they are, and the HTML shell for every client-side
 * route. Each shell response carries its own CSP nonce, in the policy and in the page, so the style elements the
 * console creates at run time are allowed and nothing else inline is. Browsers revalidate the shell on every visit
 * (it names the current build's assets) and shared caches never keep it (its nonce belongs to one response). It
 * preloads the texts of the language the console will show.
 */
export const registerConsole = async (
  app: FastifyInstance,
  consoleDir: string | undefined,
  edition: ServerEdition = 'oss',
) => {
  if (!consoleDir || !existsSync(join(consoleDir, 'index.html'))) return;
  // The page names the server's edition, which decides the console's routes and sign-in (`data-edition`).
  const indexHtml = readFileSync(join(consoleDir, 'index.html'), 'utf8').replace(
    /<html(?=[\s>])/,
    `<html data-edition="${edition}"`,
  );
  await registerConsoleAssets(app, consoleDir);
  const chunks = languageChunks(consoleDir);
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    // A bundle file that is not there (an old tab after a new release) is missing, not a page of the console.
    if (request.url.startsWith('/console/assets/')) return reply.callNotFound();
    const nonce = newCspNonce();
    // The auth-status page answers the pages of its own site from a frame; no other console page may be framed.
    sendStyleNoncePolicy(reply, nonce, /^\/console\/auth-status(?:[?#]|$)/.test(request.url));
    return reply
      .type('text/html')
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .send(
        withLanguagePreload(indexHtml, preloadedLanguage(request, chunks)).replaceAll(CSP_NONCE_PLACEHOLDER, nonce),
      );
  };
  app.get('/console', shell);
  app.get('/console/*', shell);
  app.get('/', async (_request, reply) => reply.redirect('/console'));
};
