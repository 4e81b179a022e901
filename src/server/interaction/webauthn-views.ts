import type { Translator } from '../locales/index.js';
import type { Chrome } from './chrome.js';
import { alert } from './forms.js';
import { html, raw, type SafeHtml } from './html.js';
import { layout } from './layout.js';

/** SimpleWebAuthn's browser bundle, served from the installed package. */
export const WEBAUTHN_LIBRARY_PATH = '/interaction-assets/simplewebauthn-browser.js';
/** The passkey pages' own script (`static/webauthn.js`). */
export const WEBAUTHN_SCRIPT_PATH = '/interaction-assets/webauthn.js';
/** The scripts of a passkey page, in the order they run. */
export const WEBAUTHN_SCRIPTS = [WEBAUTHN_LIBRARY_PATH, WEBAUTHN_SCRIPT_PATH] as const;

export interface WebAuthnView {
  /** Where the form posts the browser's answer (field `response`, its JSON). */
  action: string;
  /**
   * What `registrationOptions` or `authenticationOptions` answered: the page hands it to the browser as it is. The
   * flow keeps its `challenge` for the verification.
   */
  options: object;
  /** A refusal of the last attempt (`errors:webauthn_failed`). */
  error?: string;
  /** Further links below the form (another factor, back): already built markup. */
  footer?: SafeHtml;
}

/** The options as a JSON data block: `<` is escaped so no text in it can close the element. */
const optionsElement = (options: object) =>
  raw(
    `<script type="application/json" id="webauthn-options">${JSON.stringify(options)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029')}</script>`,
  );

const ceremonyPage = (tr: Translator, view: WebAuthnView, chrome: Chrome | undefined, step: 'bind' | 'verify') => {
  const title = tr.t(`interaction:webauthn.${step}.title`);
  return layout(
    tr,
    title,
    html`<h1>${title}</h1>
<p class="subtitle">${tr.t(`interaction:webauthn.${step}.subtitle`)}</p>
${alert(view.error)}
<p class="alert" role="alert" id="webauthn-message" hidden></p>
<noscript><p class="alert">${tr.t('interaction:webauthn.needs_script')}</p></noscript>
${optionsElement(view.options)}
<form method="post" action="${view.action}" novalidate data-webauthn="${step === 'bind' ? 'register' : 'authenticate'}" data-retry="${tr.t('interaction:webauthn.retry')}" data-cancelled="${tr.t('interaction:webauthn.cancelled')}" data-failed="${tr.t('interaction:webauthn.failed')}" data-unsupported="${tr.t('interaction:webauthn.unsupported')}">
<input type="hidden" name="response" value="">
<button type="submit" class="primary">${tr.t(`interaction:webauthn.${step}.submit`)}</button>
</form>
${view.footer ?? ''}`,
    chrome,
    WEBAUTHN_SCRIPTS,
  );
};

/** The page that adds a passkey: `registrationOptions` in, the browser's registration response posted back. */
export const webauthnBindPage = (tr: Translator, view: WebAuthnView, chrome?: Chrome): string =>
  ceremonyPage(tr, view, chrome, 'bind');

/** The page that verifies with a passkey: `authenticationOptions` in, the browser's assertion posted back. */
export const webauthnVerifyPage = (tr: Translator, view: WebAuthnView, chrome?: Chrome): string =>
  ceremonyPage(tr, view, chrome, 'verify');
