import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import {
  readApplicationOverlay,
  withApplicationOverlay,
} from '../../entities/applicationSignInExperience/server/overlay.js';
import { readSignInExperience } from '../../entities/signInExperience/server/load.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { Database } from '../db/database.js';
import { type Translator, translatorFor } from '../locales/index.js';
import type { TenantOidc } from '../oidc/provider.js';
import type { TenantProviders } from '../oidc/providers.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID } from '../tenants/urls.js';
import { type CaptchaEndpoints, captchaEndpoints } from './captcha/endpoints.js';
import { readTenantCaptcha, type TenantCaptcha } from './captcha/provider.js';
import { captchaWidget } from './captcha/widget.js';
import { type Chrome, type ContentPage, chromePolicy, pageChrome } from './chrome.js';
import { type PageExperience, pageExperience } from './experience.js';
import { readSocialConnectors } from './methods/social/connectors.js';
import { readPhrases } from './phrases.js';
import { readSignUpFields } from './profile-fields.js';
import { experienceForPending, readPendingIdentity } from './registration/pending-identity.js';
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
  /** The tenant's sign-in experience, read for this request. */
  experience: PageExperience;
  /** The model of an entity the server serves (from its catalog). */
  modelOf: (entity: string) => EntityModel;
  /** Set when the tenant's `captchaPolicy` asks for a CAPTCHA: its provider, if it has one. */
  captcha?: TenantCaptcha | undefined;
  /** The chrome of one response (each has its own nonce), with the custom content and the CAPTCHA widget of `page`. */
  chrome: (page?: ContentPage) => Chrome;
}

export type InteractionHandler = (interaction: Interaction, request: Request, reply: FastifyReply) => Promise<unknown>;

/**
 * Sends a server-rendered page, never cached, under the sign-in pages' policy: with the page's chrome, its nonce
 * is the only way a style element applies, and its image origins the only remote images.
 */
export const sendPage = (reply: FastifyReply, status: number, page: string, chrome?: Chrome) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', chromePolicy(chrome))
    .send(page);

/**
 * Reads the interaction of the request's cookie, with everything its handlers need; undefined when it is gone or
 * belongs to another page (`uid`, the interaction its URL names).
 */
export const readInteraction = async (
  providers: TenantProviders,
  db: Database,
  modelOf: (entity: string) => EntityModel,
  request: Request,
  reply: FastifyReply,
  endpoints: CaptchaEndpoints,
  uid: string | undefined,
): Promise<Interaction | undefined> => {
  const expired = () => undefined;
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
  if (uid !== undefined && details.uid !== uid) return expired();
  // One indexed row per request (and the custom phrases), in one transaction: a PATCH shows on the next page, in
  // every process.
  const accept = request.headers['accept-language'];
  const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined;
  const { experience, phrases, captcha } = await db.withTenant(tenantId, async (tx) => {
    const model = modelOf('signInExperience');
    // A first-party application's own branding and colors stand over the tenant's.
    const overlay = await readApplicationOverlay(tx, tenantId, details.params.client_id);
    const stored = withApplicationOverlay(await readSignInExperience(tx, tenantId, model), overlay);
    const read = pageExperience(stored, model);
    // The console's accounts collect no custom profile fields.
    if (tenantId !== ADMIN_TENANT_ID) {
      read.profileFields = await readSignUpFields(tx, tenantId, stored.signUpProfileFields);
      read.socialConnectors = await readSocialConnectors(tx, tenantId, modelOf('connector'), read.socialTargets);
    }
    return {
      experience: read,
      phrases: await readPhrases(tx, tenantId, accept, { ...read.languageInfo, requested: uiLocales }),
      captcha: await readTenantCaptcha(tx, tenantId, stored.captchaPolicy),
    };
  });
  // The console's accounts register with a username and an optional email, and sign in with either.
  if (tenantId === ADMIN_TENANT_ID) {
    experience.signInIdentifiers = (['username', 'email', 'phone'] as const).filter(
      (kind) => kind !== 'phone' || experience.signInIdentifiers.includes(kind),
    );
  }
  // An identity a provider verified, waiting for its account, narrows what sign-up asks.
  const pending = readPendingIdentity({ details });
  const { languageInfo } = experience;
  return {
    tenantId,
    tr: translatorFor(
      request.headers['accept-language'],
      { ...languageInfo, customLanguages: phrases.languages, requested: uiLocales },
      phrases.texts,
    ),
    oidc,
    details,
    base: `${oidc.basePath}/interaction/${details.uid}`,
    experience: pending ? experienceForPending(experience, pending) : experience,
    modelOf,
    captcha,
    chrome: (page) => {
      const widget = page && captcha?.provider ? captchaWidget(captcha.provider, endpoints) : undefined;
      return pageChrome(experience, page ? { page, ...(widget ? { captcha: widget } : {}) } : {});
    },
  };
};

/** Wraps a handler: loads the interaction, and turns an unexpected failure into an error page. */
export const interactionPage =
  (
    providers: TenantProviders,
    db: Database,
    modelOf: (entity: string) => EntityModel,
    endpoints: CaptchaEndpoints = captchaEndpoints(),
  ) =>
  (handler: InteractionHandler) =>
  async (request: Request, reply: FastifyReply) => {
    const interaction = await readInteraction(providers, db, modelOf, request, reply, endpoints, request.params.uid);
    if (!interaction) {
      const tr = translatorFor(request.headers['accept-language']);
      return sendPage(reply, 400, errorPage(tr, { message: tr.t('interaction:error.session_expired') }));
    }
    try {
      return await handler(interaction, request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'sign-in page failed');
      const { tr } = interaction;
      const chrome = interaction.chrome();
      return sendPage(reply, 500, errorPage(tr, { message: tr.t('interaction:error.request_failed') }, chrome), chrome);
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
