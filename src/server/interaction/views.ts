import { FAVICON_PATH } from '../console/favicon.js';
import type { Translator } from '../locales/index.js';
import { html, type SafeHtml } from './html.js';

/** The one stylesheet of the server-rendered pages (no inline styles or scripts anywhere). */
export const STYLESHEET_PATH = '/interaction-assets/sign-in.css';

export interface FieldErrors {
  [field: string]: string[] | undefined;
}

export const layout = (tr: Translator, title: string, body: SafeHtml): string =>
  html`<!DOCTYPE html>
<html lang="${tr.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${tr.t('interaction:document_title', { title })}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">
</head>
<body>
<main class="card">
<p class="brand">${tr.t('interaction:product')}</p>
${body}
</main>
</body>
</html>
`.value;

const alert = (message: string | undefined) => (message ? html`<p class="alert" role="alert">${message}</p>` : '');
const notice = (message: string | undefined) => (message ? html`<p class="notice">${message}</p>` : '');

const fieldErrors = (id: string, errors: string[] | undefined) =>
  errors?.length ? html`<ul class="field-errors" id="${id}-errors">${errors.map((e) => html`<li>${e}</li>`)}</ul>` : '';

const input = (options: {
  id: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  required?: boolean;
  errors?: string[] | undefined;
  hint?: string;
  autofocus?: boolean;
}) => {
  const invalid = Boolean(options.errors?.length);
  const describedBy = [options.hint ? `${options.id}-hint` : '', invalid ? `${options.id}-errors` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field${invalid ? ' invalid' : ''}">
<label for="${options.id}">${options.label}</label>
<input id="${options.id}" name="${options.id}" type="${options.type ?? 'text'}" value="${options.value ?? ''}" autocomplete="${options.autocomplete}"${options.required ? html` required` : ''}${options.autofocus ? html` autofocus` : ''}${invalid ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}>
${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ''}
${fieldErrors(options.id, options.errors)}
</div>`;
};

export interface SignInView {
  action: string;
  clientName: string;
  identifier?: string;
  error?: string;
  notice?: string;
  /** Link to the registration form, when registration is open. */
  registerHref?: string;
}

export const signInPage = (tr: Translator, view: SignInView): string =>
  layout(
    tr,
    tr.t('interaction:sign_in.title'),
    html`<h1>${tr.t('interaction:sign_in.title')}</h1>
<p class="subtitle">${tr.t('interaction:sign_in.subtitle', { client: view.clientName })}</p>
${notice(view.notice)}${alert(view.error)}
<form method="post" action="${view.action}" novalidate>
${input({ id: 'identifier', label: tr.t('interaction:sign_in.identifier'), value: view.identifier ?? '', autocomplete: 'username', required: true, autofocus: !view.identifier })}
${input({ id: 'password', label: tr.t('interaction:sign_in.password'), type: 'password', autocomplete: 'current-password', required: true, autofocus: Boolean(view.identifier) })}
<button type="submit" class="primary">${tr.t('interaction:sign_in.submit')}</button>
</form>
${view.registerHref ? html`<p class="switch">${tr.t('interaction:sign_in.no_account')} <a href="${view.registerHref}">${tr.t('interaction:sign_in.create_account')}</a></p>` : ''}`,
  );

export interface RegisterView {
  action: string;
  signInHref: string;
  clientName: string;
  firstAdmin: boolean;
  values: { username?: string; email?: string };
  errors: FieldErrors;
  error?: string;
  passwordPolicy: { minLength: number; maxLength: number };
}

export const registerPage = (tr: Translator, view: RegisterView): string =>
  layout(
    tr,
    tr.t('interaction:register.title'),
    html`<h1>${tr.t('interaction:register.title')}</h1>
<p class="subtitle">${tr.t('interaction:register.subtitle', { client: view.clientName })}</p>
${view.firstAdmin ? notice(tr.t('interaction:register.first_admin')) : ''}${alert(view.error)}
<form method="post" action="${view.action}" novalidate>
${input({ id: 'username', label: tr.t('interaction:register.username'), value: view.values.username ?? '', autocomplete: 'username', required: true, errors: view.errors.username, autofocus: true })}
${input({ id: 'email', label: tr.t('interaction:register.email'), type: 'email', value: view.values.email ?? '', autocomplete: 'email', errors: view.errors.email })}
${input({ id: 'password', label: tr.t('interaction:register.password'), type: 'password', autocomplete: 'new-password', required: true, errors: view.errors.password, hint: tr.t('interaction:register.password_hint', { min: view.passwordPolicy.minLength, max: view.passwordPolicy.maxLength }) })}
${input({ id: 'passwordConfirm', label: tr.t('interaction:register.password_confirm'), type: 'password', autocomplete: 'new-password', required: true, errors: view.errors.passwordConfirm })}
<button type="submit" class="primary">${tr.t('interaction:register.submit')}</button>
</form>
<p class="switch">${tr.t('interaction:register.have_account')} <a href="${view.signInHref}">${tr.t('interaction:register.sign_in')}</a></p>`,
  );

export interface ConsentView {
  action: string;
  abortAction: string;
  clientName: string;
  user: string;
  oidcScopes: string[];
  resources: { indicator: string; name: string; scopes: { name: string; description: string | null }[] }[];
}

export const consentPage = (tr: Translator, view: ConsentView): string =>
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
<form method="post" action="${view.action}"><button type="submit" class="primary">${tr.t('interaction:consent.allow')}</button></form>
</div>`,
  );

export const lockedPage = (tr: Translator, view: { retryAfter: number; until: Date; backHref: string }): string => {
  const time = new Intl.DateTimeFormat(tr.language, { timeStyle: 'short', timeZone: 'UTC' }).format(view.until);
  return layout(
    tr,
    tr.t('interaction:locked.title'),
    html`<h1>${tr.t('interaction:locked.title')}</h1>
<p class="alert" role="alert">${tr.t('interaction:locked.message', { count: Math.ceil(view.retryAfter / 60), time })}</p>
<p class="switch"><a href="${view.backHref}">${tr.t('interaction:locked.back')}</a></p>`,
  );
};

export const errorPage = (tr: Translator, view: { message: string; code?: string; details?: string }): string =>
  layout(
    tr,
    tr.t('interaction:error.title'),
    html`<h1>${tr.t('interaction:error.title')}</h1>
<p class="alert" role="alert">${view.message}</p>
${
  view.code
    ? html`<dl class="error-details"><dt>${tr.t('interaction:error.code')}</dt><dd><code>${view.code}</code></dd>${
        view.details ? html`<dt>${tr.t('interaction:error.details')}</dt><dd>${view.details}</dd>` : ''
      }</dl>`
    : ''
}`,
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
