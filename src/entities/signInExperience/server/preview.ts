import type { ActionOverride } from '../../../server/crud/overrides.js';
import { chromePolicy, pageChrome } from '../../../server/interaction/chrome.js';
import { pageExperience } from '../../../server/interaction/experience.js';
import { registerPage } from '../../../server/interaction/forms.js';
import { signInMethodModules } from '../../../server/interaction/methods/registry.js';
import { readPhrases } from '../../../server/interaction/phrases.js';
import { signInPage } from '../../../server/interaction/sign-in-page.js';
import { translatorFor } from '../../../server/locales/index.js';
import { passwordPolicyOf } from '../../user/server/account/password-policy.js';
import { storedBranding } from './default-logos.js';
import { readSignInExperience } from './load.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The body of a preview, as its schema (`$defs/previewBody`) has let it through. */
interface PreviewBody {
  signInExperience?: Record<string, unknown>;
  page?: 'sign-in' | 'register';
  mode?: 'light' | 'dark';
  language?: string;
  nonce?: string;
}

/**
 * `POST /api/sign-in-exp/preview`: the tenant's sign-in or registration page rendered with unsaved settings, for
 * the console's live preview. The body's `signInExperience` is a PATCH body laid over the stored experience;
 * `page`, `mode` (light or dark) and `language` pick what to show; `nonce`, when given, is the one the page's style
 * element carries (the console's own, so the page applies inside a `srcdoc` frame, which keeps the console's
 * policy). The answer is the page's HTML; its forms post nowhere, and nothing is stored.
 */
export const preview = async ({ body, context, db, reply, operations }: Run) => {
  const { signInExperience: sent = {}, page = 'sign-in', mode = 'light', language, nonce } = body as PreviewBody;
  const { model } = operations;
  const { tenantId, origin } = context;
  // The server's own logos, as the console read them, preview as the default does on the page.
  const changes = 'branding' in sent ? { ...sent, branding: storedBranding(model, sent.branding, origin) } : sent;
  const { experience, settings, phrases, policy } = await db.withTenant(tenantId, async (tx) => {
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
    ...(nonce ? { nonce } : {}),
  };
  const clientName = tr.t('interaction:preview.client');
  const html =
    page === 'sign-in'
      ? signInPage(
          tr,
          {
            base: '',
            methods: signInMethodModules,
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
  reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', chromePolicy(chrome));
  return html;
};
