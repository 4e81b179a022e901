import type { Translator } from '../locales/index.js';
import type { Chrome } from './chrome.js';
import { alert } from './forms.js';
import { html, type SafeHtml } from './html.js';
import { layout } from './layout.js';

export { type FieldErrors, registerPage } from './forms.js';
export { STYLESHEET_PATH } from './layout.js';
export { signInPage } from './sign-in-page.js';

export interface ConsentView {
  action: string;
  abortAction: string;
  clientName: string;
  user: string;
  oidcScopes: string[];
  resources: { indicator: string; name: string; scopes: { name: string; description: string | null }[] }[];
  /** The user's organizations, to choose those the (third-party) application may reach; none when not asked. */
  organizations?: { id: string; name: string }[];
}

export const consentPage = (tr: Translator, view: ConsentView, chrome?: Chrome): string =>
  layout(
    tr,
    tr.t('interaction:consent.title', { client: view.clientName }),
    html`<h1>${tr.t('interaction:consent.title', { client: view.clientName })}</h1>
<p class="subtitle">${tr.t('interaction:consent.subtitle', { client: view.clientName })}</p>
<p class="notice">${tr.t('interaction:consent.signed_in_as', { user: view.user })}</p>
${
  view.oidcScopes.length
    ? html`<section class="scopes"><h2>${tr.t('interaction:consent.account')}</h2><ul>${view.oidcScopes.map(
        (scope) =>
          html`<li><span class="scope-description">${tr.t(`interaction:consent.scope.${scope}`, { defaultValue: scope })}</span> <code>${scope}</code></li>`,
      )}</ul></section>`
    : ''
}
${view.resources.map(
  (resource) =>
    html`<section class="scopes"><h2>${resource.name}</h2><p class="indicator"><code>${resource.indicator}</code></p><ul>${resource.scopes.map(
      (scope) =>
        html`<li>${scope.description ? html`<span class="scope-description">${scope.description}</span> ` : ''}<code>${scope.name}</code></li>`,
    )}</ul></section>`,
)}
<div class="actions">
<form method="post" action="${view.abortAction}"><button type="submit" class="secondary">${tr.t('interaction:consent.deny')}</button></form>
<form method="post" action="${view.action}">${
      view.organizations?.length
        ? html`<fieldset class="organizations"><legend>${tr.t('interaction:consent.organizations')}</legend>${view.organizations.map(
            (organization) =>
              html`<label><input type="checkbox" name="organizationIds" value="${organization.id}" checked> ${organization.name}</label>`,
          )}</fieldset>`
        : ''
    }<button type="submit" class="primary">${tr.t('interaction:consent.allow')}</button></form>
</div>`,
    chrome,
  );

export const lockedPage = (
  tr: Translator,
  view: { retryAfter: number; until: Date; backHref: string },
  chrome?: Chrome,
): string => {
  const time = new Intl.DateTimeFormat(tr.language, { timeStyle: 'short', timeZone: 'UTC' }).format(view.until);
  return layout(
    tr,
    tr.t('interaction:locked.title'),
    html`<h1>${tr.t('interaction:locked.title')}</h1>
<p class="alert" role="alert">${tr.t('interaction:locked.message', { count: Math.ceil(view.retryAfter / 60), time })}</p>
<p class="switch"><a href="${view.backHref}">${tr.t('interaction:locked.back')}</a></p>`,
    chrome,
  );
};

export const errorPage = (
  tr: Translator,
  view: { message: string; code?: string; details?: string },
  chrome?: Chrome,
): string =>
  layout(
    tr,
    tr.t('interaction:error.title'),
    html`<h1>${tr.t('interaction:error.title')}</h1>
${alert(view.message)}
${
  view.code
    ? html`<dl class="error-details"><dt>${tr.t('interaction:error.code')}</dt><dd><code>${view.code}</code></dd>${
        view.details ? html`<dt>${tr.t('interaction:error.details')}</dt><dd>${view.details}</dd>` : ''
      }</dl>`
    : ''
}`,
    chrome,
  );

export const logoutPage = (tr: Translator, view: { form: SafeHtml; host: string }): string =>
  layout(
    tr,
    tr.t('interaction:logout.title'),
    html`<h1>${tr.t('interaction:logout.title')}</h1>
<p class="subtitle">${tr.t('interaction:logout.question', { host: view.host })}</p>
${view.form}
<div class="actions">
<button type="submit" form="op.logoutForm" class="secondary">${tr.t('interaction:logout.cancel')}</button>
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" autofocus>${tr.t('interaction:logout.confirm')}</button>
</div>`,
  );

export const logoutDonePage = (tr: Translator): string =>
  layout(
    tr,
    tr.t('interaction:logout.done_title'),
    html`<h1>${tr.t('interaction:logout.done_title')}</h1>
<p class="subtitle">${tr.t('interaction:logout.done')}</p>`,
  );
