import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storedBranding } from '../../entities/signInExperience/server/default-logos.js';
import { readSignInExperience } from '../../entities/signInExperience/server/load.js';
import { passwordPolicyOf } from '../../entities/user/server/account/password-policy.js';
import type { Catalog } from '../crud/catalog.js';
import type { RequestContext } from '../crud/context.js';
import type { Validation } from '../crud/validate.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { translatorFor } from '../locales/index.js';
import { chromePolicy, pageChrome } from './chrome.js';
import { pageExperience } from './experience.js';
import { registerPage, signInPage } from './forms.js';
import { readPhrases } from './phrases.js';

interface PreviewBody {
  signInExperience?: Record<string, unknown>;
  page?: unknown;
  mode?: unknown;
  language?: unknown;
  nonce?: unknown;
}

const invalid = (path: string, keyword: string) =>
  new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path, keyword }] });

const languageTag = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
const nonceText = /^[A-Za-z0-9+/_-]{16,64}={0,2}$/;

/**
 * `POST /api/sign-in-exp/preview`: the tenant's sign-in or registration page rendered with unsaved settings, for
 * the console's live preview. The body's `signInExperience` is a PATCH body (validated as one) laid over the stored
 * experience; `page`, `mode` (light or dark) and `language` pick what to show; `nonce`, when given, is the one the
 * page's style element carries (the console's own, so the page applies inside a `srcdoc` frame, which keeps the
 * console's policy). The answer is the page's HTML; its forms post nowhere, and nothing is stored.
 */
export const registerSignInPreview = (
  app: FastifyInstance,
  deps: {
    db: Database;
    catalog: Catalog;
    validation: Validation;
    context: (request: FastifyRequest) => RequestContext;
  },
) => {
  const model = deps.catalog.models.find((entity) => entity.name === 'signInExperience');
  if (!model?.hasApi) return;
  const path = `/api${model.apiPath}/preview`;
  app.post(path, { config: { scopes: model.requiredScopes.read } }, async (request, reply) => {
    const body = (request.body ?? {}) as PreviewBody;
    if (typeof body !== 'object' || Array.isArray(body)) throw invalid('', 'type');
    const sent = body.signInExperience ?? {};
    deps.validation.assertValid(model.requestBodies.update?.validatorKey, sent);
    const page = body.page ?? 'sign-in';
    if (page !== 'sign-in' && page !== 'register') throw invalid('/page', 'enum');
    const mode = body.mode ?? 'light';
    if (mode !== 'light' && mode !== 'dark') throw invalid('/mode', 'enum');
    if (body.language !== undefined && (typeof body.language !== 'string' || !languageTag.test(body.language))) {
      throw invalid('/language', 'pattern');
    }
    if (body.nonce !== undefined && (typeof body.nonce !== 'string' || !nonceText.test(body.nonce))) {
      throw invalid('/nonce', 'pattern');
    }

    const { tenantId, origin } = deps.context(request);
    // The server's own logos, as the console read them, preview as the default does on the page.
    const changes = 'branding' in sent ? { ...sent, branding: storedBranding(model, sent.branding, origin) } : sent;
    const language = typeof body.language === 'string' ? body.language : undefined;
    const { experience, settings, phrases, policy } = await deps.db.withTenant(tenantId, async (tx) => {
      const record = { ...(await readSignInExperience(tx, tenantId, model)), ...changes };
      const merged = pageExperience(record, model);
      const languages = { autoDetect: Boolean(language), fallbackLanguage: merged.languageInfo.fallbackLanguage };
      return {
        experience: merged,
        settings: languages,
        phrases: await readPhrases(tx, tenantId, language, languages),
        policy: passwordPolicyOf((record as { passwordPolicy?: unknown }).passwordPolicy),
      };
    });
    const tr = translatorFor(language, { ...settings, customLanguages: phrases.languages }, phrases.texts);
    const chrome = {
      ...pageChrome(experience, { page: page === 'sign-in' ? '/sign-in' : '/register', mode, inert: true }),
      ...(typeof body.nonce === 'string' ? { nonce: body.nonce } : {}),
    };
    const clientName = tr.t('interaction:preview.client');
    const html =
      page === 'sign-in'
        ? signInPage(
            tr,
            {
              action: '',
              clientName,
              experience,
              ...(experience.signInMode === 'SignInAndRegister' ? { registerHref: '#' } : {}),
              ...(experience.forgotPasswordByEmail ? { forgotPasswordHref: '#' } : {}),
            },
            chrome,
          )
        : registerPage(
            tr,
            {
              action: '',
              ...(experience.signInMode === 'SignInAndRegister' ? { signInHref: '#' } : {}),
              clientName,
              experience,
              firstAdmin: false,
              values: {},
              errors: {},
              passwordPolicy: { minLength: policy.length.min, maxLength: policy.length.max },
            },
            chrome,
          );
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', chromePolicy(chrome))
      .send(html);
  });
};
