import type { Translator } from '../../locales/index.js';
import type { Chrome } from '../chrome.js';
import type { CodeKind } from '../experience.js';
import {
  alert,
  captchaField,
  type FieldErrors,
  form,
  identifierInput,
  identifierLabel,
  input,
  notice,
} from '../forms.js';
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

/** The second step: the code sent to the address, and a way to ask for another. */
export const verificationCodePage = (
  tr: Translator,
  view: {
    action: string;
    resendAction: string;
    restartHref: string;
    backHref: string;
    kind: CodeKind;
    to: string;
    minutes: number;
    /** Seconds before a new code may be asked for (0: now). */
    resendIn: number;
    notice?: string;
    error?: string;
  },
  chrome?: Chrome,
): string =>
  layout(
    tr,
    tr.t('interaction:forgot_password.code_title'),
    html`<h1>${tr.t('interaction:forgot_password.code_title')}</h1>
<p class="subtitle">${view.kind === 'email' ? tr.t('interaction:forgot_password.code_subtitle', { email: view.to, count: view.minutes }) : tr.t('interaction:forgot_password.code_subtitle_phone', { phone: view.to, count: view.minutes })}</p>
${notice(view.notice)}
${form(
  view.action,
  html`
${input({ id: 'code', label: tr.t('interaction:forgot_password.code'), autocomplete: 'one-time-code', required: true, autofocus: true, errors: view.error ? [view.error] : undefined })}
<button type="submit" class="primary">${tr.t('interaction:forgot_password.code_submit')}</button>
`,
)}
${
  view.resendIn > 0
    ? html`<p class="hint">${tr.t('interaction:forgot_password.resend_after', { count: view.resendIn })}</p>`
    : form(
        view.resendAction,
        html`${captchaField(chrome)}<button type="submit" class="secondary">${tr.t('interaction:forgot_password.resend')}</button>`,
      )
}
<p class="switch"><a href="${view.restartHref}">${tr.t(view.kind === 'email' ? 'interaction:forgot_password.other_email' : 'interaction:forgot_password.other_phone')}</a></p>
${back(tr, view.backHref)}`,
    chrome,
  );

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
