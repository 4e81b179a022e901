import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { SIGN_IN_PAGE_POLICY } from '../http/security-headers.js';
import { type Translator, translatorFor } from '../locales/index.js';
import type { TenantOidc } from '../oidc/provider.js';
import type { TenantProviders } from '../oidc/providers.js';
import { DEFAULT_TENANT_ID } from '../tenants/urls.js';
import { errorPage } from './views.js';

type Params = { tenantId?: string; uid: string };
export type Form = Record<string, string | undefined>;
export type Request = FastifyRequest<{ Params: Params; Body: Form | undefined }>;

/** Everything a page handler needs about the interaction it serves. */
export interface Interaction {
  tenantId: string;
  tr: Translator;
  oidc: TenantOidc;
  details: InteractionDetails;
  /** `{tenant base}/interaction/{uid}`: the page, and the prefix of its form actions. */
  base: string;
}

export type InteractionHandler = (interaction: Interaction, request: Request, reply: FastifyReply) => Promise<unknown>;

/** Sends a server-rendered page under the sign-in pages' policy, never cached. */
export const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', SIGN_IN_PAGE_POLICY)
    .send(page);

/** Loads the interaction named by the URL, or answers with an error page and returns nothing. */
const loadInteraction = async (
  providers: TenantProviders,
  request: Request,
  reply: FastifyReply,
): Promise<Interaction | undefined> => {
  const tr = translatorFor(request.headers['accept-language']);
  const expired = () => {
    sendPage(reply, 400, errorPage(tr, { message: tr.t('interaction:error.session_expired') }));
    return undefined;
  };
  if (request.params.tenantId === DEFAULT_TENANT_ID) return expired();
  const tenantId = request.params.tenantId ?? DEFAULT_TENANT_ID;
  const oidc = await providers.get(tenantId);
  if (!oidc) return expired();
  let details: InteractionDetails;
  try {
    details = await oidc.provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return expired();
  }
  if (details.uid !== request.params.uid) return expired();
  return { tenantId, tr, oidc, details, base: `${oidc.basePath}/interaction/${details.uid}` };
};

/** Wraps a handler: loads the interaction, and turns an unexpected failure into an error page. */
export const interactionPage =
  (providers: TenantProviders) => (handler: InteractionHandler) => async (request: Request, reply: FastifyReply) => {
    const interaction = await loadInteraction(providers, request, reply);
    if (!interaction) return reply;
    try {
      return await handler(interaction, request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'sign-in page failed');
      const { tr } = interaction;
      return sendPage(reply, 500, errorPage(tr, { message: tr.t('interaction:error.request_failed') }));
    }
  };

/** Finishes the interaction and sends the browser back to the provider. */
export const finishInteraction = async (
  interaction: Interaction,
  request: Request,
  reply: FastifyReply,
  result: Record<string, unknown>,
  merge: boolean,
) => {
  const to = await interaction.oidc.provider.interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: merge,
  });
  return reply.header('Cache-Control', 'no-store').redirect(to, 303);
};
