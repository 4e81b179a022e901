import { html, raw, type SafeHtml } from '../html.js';
import type { CaptchaEndpoints } from './endpoints.js';
import type { CaptchaConfig } from './provider.js';

/** The form field a provider's widget puts its token in (Turnstile's, and reCAPTCHA's for both modes). */
export const tokenField = (config: CaptchaConfig) =>
  config.type === 'Turnstile' ? 'cf-turnstile-response' : 'g-recaptcha-response';

/** The action Logto gives every reCAPTCHA token (the interaction's event may change after the widget ran). */
export const RECAPTCHA_ACTION = 'interaction';

/** What a page with the provider's widget loads, and the origins its Content-Security-Policy must allow for it. */
export interface CaptchaWidget {
  config: Pick<CaptchaConfig, 'type' | 'siteKey'> & { mode?: 'invisible' | 'checkbox' | undefined };
  scriptUrl: string;
  /** Sources for `script-src`, `frame-src` and `connect-src`: the provider's origins (and paths) only. */
  sources: string[];
}

const hostname = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** The widget of a tenant's provider: public parts only (the secret key never reaches a page). */
export const captchaWidget = (config: CaptchaConfig, endpoints: CaptchaEndpoints): CaptchaWidget => {
  if (config.type === 'Turnstile') {
    const scriptUrl = endpoints.turnstileScriptUrl;
    return { config: { type: config.type, siteKey: config.siteKey }, scriptUrl, sources: [new URL(scriptUrl).origin] };
  }
  const mode = config.mode ?? 'invisible';
  const widgetConfig = { type: config.type, siteKey: config.siteKey, mode };
  // Checkbox: the script renders `.g-recaptcha` itself; invisible: the page asks it for a token on submit.
  const query = mode === 'checkbox' ? '' : `?render=${encodeURIComponent(config.siteKey)}`;
  if (endpoints.recaptchaScriptUrl) {
    const url = new URL(endpoints.recaptchaScriptUrl);
    return { config: widgetConfig, scriptUrl: `${url.href}${query}`, sources: [url.origin] };
  }
  const domain = config.domain && hostname.test(config.domain) ? config.domain.toLowerCase() : 'www.google.com';
  // enterprise.js loads the rest of the widget from gstatic (Logto's policy allows the same paths).
  const statics = domain === 'www.recaptcha.net' ? ['https://www.gstatic.cn/recaptcha/'] : [];
  return {
    config: widgetConfig,
    scriptUrl: `https://${domain}/recaptcha/enterprise.js${query}`,
    sources: [`https://${domain}/recaptcha/`, 'https://www.gstatic.com/recaptcha/', ...statics],
  };
};

/**
 * Asks reCAPTCHA Enterprise's invisible widget for a token when the form is submitted, puts it in the hidden
 * field and submits; without the widget the form goes as it is (and the server says a CAPTCHA is required).
 */
const invisibleRecaptcha =
  "(()=>{const s=document.currentScript,f=s.closest('form');f.addEventListener('submit',(e)=>{const g=window.grecaptcha&&window.grecaptcha.enterprise;if(!g)return;e.preventDefault();g.ready(()=>g.execute(s.dataset.sitekey,{action:s.dataset.action}).then((t)=>{f.elements['g-recaptcha-response'].value=t;f.submit();},()=>f.submit()));});})();";

/** The widget's markup inside a form: its container or hidden field, and its scripts under the page's nonce. */
export const captchaMarkup = (widget: CaptchaWidget, nonce: string): SafeHtml => {
  const { config, scriptUrl } = widget;
  const script = html`<script src="${scriptUrl}" nonce="${nonce}" async defer></script>`;
  if (config.type === 'Turnstile') {
    return html`<div class="captcha"><div class="cf-turnstile" data-sitekey="${config.siteKey}"></div></div>${script}`;
  }
  if (config.mode === 'checkbox') {
    return html`<div class="captcha"><div class="g-recaptcha" data-sitekey="${config.siteKey}" data-action="${RECAPTCHA_ACTION}"></div></div>${script}`;
  }
  return html`<input type="hidden" name="g-recaptcha-response" value="">${script}<script nonce="${nonce}" data-sitekey="${config.siteKey}" data-action="${RECAPTCHA_ACTION}">${raw(invisibleRecaptcha)}</script>`;
};
