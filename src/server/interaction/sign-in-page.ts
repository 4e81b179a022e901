import type { Translator } from '../locales/index.js';
import type { Chrome } from './chrome.js';
import type { PageExperience } from './experience.js';
import { termsMustBeTicked } from './experience.js';
import { alert, notice, terms } from './forms.js';
import { html } from './html.js';
import { layout } from './layout.js';
import type { MethodEntryView, SignInMethodEntry } from './methods/entry.js';

export interface SignInView {
  /** `{tenant base}/interaction/{uid}`; empty in a preview, whose forms go nowhere. */
  base: string;
  clientName: string;
  experience: PageExperience;
  /** The sign-in methods of the pages (the registry's), in page order. */
  methods: readonly SignInMethodEntry[];
  identifier?: string;
  error?: string;
  notice?: string;
  termsError?: string;
  /** Link to the registration form, when registration is open. */
  registerHref?: string;
  /** Link to resetting a forgotten password, when the tenant offers it. */
  forgotPasswordHref?: string;
}

/**
 * The sign-in page: the form of the first method the tenant offers that has one (the password form where none is
 * offered, whose submission then says so), the links of the other offered methods, the terms and the way to
 * registration.
 */
export const signInPage = (tr: Translator, view: SignInView, chrome?: Chrome): string => {
  const entry: MethodEntryView = {
    tr,
    base: view.base,
    experience: view.experience,
    identifier: view.identifier,
    termsError: view.termsError,
    forgotPasswordHref: view.forgotPasswordHref,
    chrome,
  };
  const offered = view.methods.filter((method) => method.offered(view.experience));
  // With no method offered at all, the password form still shows (its submission says the method is not enabled).
  const primary =
    offered.find((method) => method.form) ?? (offered.length ? undefined : view.methods.find((m) => m.form));
  const links = offered.filter((method) => method !== primary && method.link).map((method) => method.link?.(entry));
  const ticked = termsMustBeTicked(view.experience, 'sign-in');
  return layout(
    tr,
    tr.t('interaction:sign_in.title'),
    html`<h1>${tr.t('interaction:sign_in.title')}</h1>
<p class="subtitle">${tr.t('interaction:sign_in.subtitle', { client: view.clientName })}</p>
${notice(view.notice)}${alert(view.error)}
${primary?.form?.(entry) ?? ''}
${links.length ? html`<div class="methods">${links}</div>` : ''}
${ticked ? '' : terms(tr, view.experience, 'sign-in')}
${view.registerHref ? html`<p class="switch">${tr.t('interaction:sign_in.no_account')} <a href="${view.registerHref}">${tr.t('interaction:sign_in.create_account')}</a></p>` : ''}`,
    chrome,
  );
};
