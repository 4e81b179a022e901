import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce.js';
import { newCspNonce, sendStyleNoncePolicy } from '../http/security-headers.js';

/**
 * Serves the built console under `/console/`: its files as they are, and the HTML shell for every client-side
 * route. Each shell response carries its own CSP nonce, in the policy and in the page, so the style elements the
 * console creates at run time are allowed and nothing else inline is.
 */
export const registerConsole = async (app: FastifyInstance, consoleDir: string | undefined) => {
  if (!consoleDir || !existsSync(join(consoleDir, 'index.html'))) return;
  const indexHtml = readFileSync(join(consoleDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, { root: consoleDir, prefix: '/console/', index: false, wildcard: false });
  const shell = async (_request: unknown, reply: FastifyReply) => {
    const nonce = newCspNonce();
    sendStyleNoncePolicy(reply, nonce);
    return reply
      .type('text/html')
      .header('Cache-Control', 'no-store')
      .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };
  app.get('/console', shell);
  app.get('/console/*', shell);
  app.get('/', async (_request, reply) => reply.redirect('/console'));
};
