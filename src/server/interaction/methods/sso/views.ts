import type { Translator } from '../../../locales/index.js';
import type { Chrome } from '../../chrome.js';
import { alert, form, input } from '../../forms.js';
import { html } from '../../html.js';
import { layout } from '../../layout.js';

const back = (tr: Translator, href: string) =>
  html`<p class="switch"><a href="${href}">${tr.t('interaction:sso.back')}</a></p>`;

/** The work email, whose domain names the connector to sign in with. */
export const ssoEmailPage = (
  tr: Translator,
  view: { action: string; backHref: string; email?: string | undefined; error?: string | undefined },
  chrome?: Chrome,
) =>
  layout(
    tr,
    tr.t('interaction:sso.title'),
    html`<h1>${tr.t('interaction:sso.title')}</h1>
<p class="subtitle">${tr.t('interaction:sso.subtitle')}</p>
${alert(view.error)}
${form(
  view.action,
  html`${input({ id: 'email', label: tr.t('interaction:sso.email'), type: 'email', value: view.email ?? '', autocomplete: 'email', inputmode: 'email', required: true, autofocus: true, errors: view.error ? [view.error] : undefined })}
<button type="submit">${tr.t('interaction:sso.continue')}</button>`,
)}
${back(tr, view.backHref)}`,
    chrome,
  );

/** More than one connector serves the domain: one button each. */
export const ssoChoicePage = (
  tr: Translator,
  view: {
    base: string;
    backHref: string;
    email: string;
    connectors: { id: string; displayName: string; logo?: string | undefined }[];
  },
  chrome?: Chrome,
) =>
  layout(
    tr,
    tr.t('interaction:sso.choose_title'),
    html`<h1>${tr.t('interaction:sso.choose_title')}</h1>
<p class="subtitle">${tr.t('interaction:sso.choose_subtitle', { domain: view.email.split('@').pop() ?? '' })}</p>
<div class="social">${view.connectors.map((connector) =>
      form(
        `${view.base}/sso/${encodeURIComponent(connector.id)}`,
        html`<input type="hidden" name="email" value="${view.email}"><button type="submit" class="secondary social-button">${connector.logo ? html`<img src="${connector.logo}" alt="" width="20" height="20"> ` : ''}${tr.t('interaction:sso.continue_with', { name: connector.displayName })}</button>`,
      ),
    )}</div>
${back(tr, view.backHref)}`,
    chrome,
  );
