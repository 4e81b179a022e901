import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_TENANT_ID } from '../tenants/urls.js';
import type { CustomUiStorage } from '../user-assets/custom-ui.js';
import type { Interaction } from './context.js';
import type { PageCustomUi } from './custom-ui-settings.js';

/** Where an upload's files are served: `{base}/custom-ui/{assetId}/`. */
const filesPath = (basePath: string, assetId: string) => `${basePath}/custom-ui/${assetId}/`;

/**
 * The custom UI's policy: its own files and the Experience API of its origin, plus the sources the tenant added;
 * images from anywhere over HTTPS (logos), inline styles (its framework's), never framed.
 */
const policyOf = (ui: PageCustomUi) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...ui.scriptSrc].join(' '),
    ["connect-src 'self'", ...ui.connectSrc].join(' '),
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * Sends the custom UI's `index.html` as the interaction's page, its relative links resolved below its files' folder
 * (a `base` element first in its head); undefined when the upload or its page is gone (the built-in page shows).
 */
export const sendCustomUi = async (
  interaction: Interaction,
  reply: FastifyReply,
  storage: CustomUiStorage | undefined,
  ui: PageCustomUi,
) => {
  const index = await storage?.read(interaction.tenantId, ui.assetId, 'index.html');
  if (!index) return undefined;
  const base = `<base href="${filesPath(interaction.oidc.basePath, ui.assetId)}">`;
  const html = index.data.toString('utf8');
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const page = head
    ? `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`
    : `${base}${html}`;
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', policyOf(ui))
    .send(page);
};

/** The custom UIs' files, each upload's for good in caches (an upload is never changed; a new one has a new id). */
export const registerCustomUiFiles = (app: FastifyInstance) => {
  for (const prefix of ['', '/t/:tenantId']) {
    app.get(`${prefix}/custom-ui/:assetId/*`, async (request, reply) => {
      const params = request.params as { tenantId?: string; assetId: string; '*': string };
      const found = await app.customUi?.read(params.tenantId ?? DEFAULT_TENANT_ID, params.assetId, params['*']);
      if (!found) return reply.status(404).send({ message: 'Not found.', code: 'entity.not_found' });
      return reply
        .type(found.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(found.data);
    });
  }
};
