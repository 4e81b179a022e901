import type { Translator } from '../../locales/index.js';
import type { Chrome } from '../chrome.js';
import type { CodeKind } from '../experience.js';
import { alert, captchaField, type FieldErrors, form, identifierInput, identifierLabel, input } from '../forms.js';
import { html } from '../html.js';
import { layout } from '../layout.js';

const back = (tr: Translator, href: string) =>
  html`<p class="switch"><a href="${href}">${tr.t('interaction:forgot_password.back')}</a></p>`;

/**
 * The first step: the account's email address, or where the tenant resets by text message too, its email address
 * or phone number (one field, `email` or `identifier`).
 */
export const forgotPasswordPage = (
  tr: Translator,
  view: { action: string; backHref: string; kinds: CodeKind[]; address?: string; error?: string },
  chrome?: Chrome,
): string => {
  const emailOnly = view.kinds.length === 1 && view.kinds[0] === 'email';
  const field = emailOnly
    ? { id: 'email', label: tr.t('interaction:forgot_password.email'), type: 'email', autocomplete: 'email' }
    : { id: 'identifier', label: identifierLabel(tr, view.kinds), ...identifierInput(view.kinds) };
  return layout(
    tr,
    tr.t('interaction:forgot_password.title'),
    html`<h1>${tr.t('interaction:forgot_password.title')}</h1>
<p class="subtitle">${tr.t(emailOnly ? 'interaction:forgot_password.subtitle' : `interaction:forgot_password.subtitle_${view.kinds.join('_')}`)}</p>
${form(
  view.action,
  html`
${input({ ...field, value: view.address ?? '', required: true, autofocus: true, errors: view.error ? [view.error] : undefined })}
${captchaField(chrome)}
<button type="submit" class="primary">${tr.t('interaction:forgot_password.submit')}</button>
`,
)}
${back(tr, view.backHref)}`,
    chrome,
  );
};

/** The last step: the new password, twice. */
export const newPasswordPage = (
  tr: Translator,
  view: {
    action: string;
    backHref: string;
    to: string;
    errors: FieldErrors;
    error?: string;
    passwordPolicy: { minLength: number; maxLength: number };
  },
  chrome?: Chrome,
): string =>
  layout(
    tr,
    tr.t('interaction:forgot_password.password_title'),
    html`<h1>${tr.t('interaction:forgot_password.password_title')}</h1>
<p class="subtitle">${tr.t('interaction:forgot_password.password_subtitle', { email: view.to })}</p>
${alert(view.error)}
${form(
  view.action,
  html`
<input type="text" name="username" value="${view.to}" autocomplete="username" hidden>
${input({ id: 'password', label: tr.t('interaction:forgot_password.password'), type: 'password', autocomplete: 'new-password', required: true, autofocus: true, errors: view.errors.password, hint: tr.t('interaction:register.password_hint', { min: view.passwordPolicy.minLength, max: view.passwordPolicy.maxLength }) })}
${input({ id: 'passwordConfirm', label: tr.t('interaction:forgot_password.password_confirm'), type: 'password', autocomplete: 'new-password', required: true, errors: view.errors.passwordConfirm })}
<button type="submit" class="primary">${tr.t('interaction:forgot_password.password_submit')}</button>
`,
)}
${back(tr, view.backHref)}`,
    chrome,
  );
