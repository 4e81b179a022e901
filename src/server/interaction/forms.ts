import type { Translator } from '../locales/index.js';
import { captchaMarkup } from './captcha/widget.js';
import type { Chrome } from './chrome.js';
import type { CodeKind, IdentifierKind, PageExperience } from './experience.js';
import { hasTerms, termsMustBeTicked } from './experience.js';
import { html, type SafeHtml } from './html.js';
import { layout } from './layout.js';
import { profileFieldInputs } from './profile-field-inputs.js';

export interface FieldErrors {
  [field: string]: string[] | undefined;
}

export const alert = (message: string | undefined) =>
  message ? html`<p class="alert" role="alert">${message}</p>` : '';
export const notice = (message: string | undefined) => (message ? html`<p class="notice">${message}</p>` : '');

const fieldErrors = (id: string, errors: string[] | undefined) =>
  errors?.length ? html`<ul class="field-errors" id="${id}-errors">${errors.map((e) => html`<li>${e}</li>`)}</ul>` : '';

export const input = (options: {
  id: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  /** The virtual keyboard a touch device shows (`email`, `numeric`). */
  inputmode?: string;
  required?: boolean;
  errors?: string[] | undefined;
  hint?: string;
  autofocus?: boolean;
  /** Shown but not changeable (an address a code verified). */
  readonly?: boolean;
}) => {
  const invalid = Boolean(options.errors?.length);
  const describedBy = [options.hint ? `${options.id}-hint` : '', invalid ? `${options.id}-errors` : '']
    .filter(Boolean)
    .join(' ');
  return html`<div class="field${invalid ? ' invalid' : ''}">
<label for="${options.id}">${options.label}</label>
<input id="${options.id}" name="${options.id}" type="${options.type ?? 'text'}" value="${options.value ?? ''}" autocomplete="${options.autocomplete}"${options.inputmode ? html` inputmode="${options.inputmode}"` : ''}${options.required ? html` required` : ''}${options.readonly ? html` readonly` : ''}${options.autofocus ? html` autofocus` : ''}${invalid ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}>
${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ''}
${fieldErrors(options.id, options.errors)}
</div>`;
};

/** The CAPTCHA widget of the page's form, when the tenant asks for one (never in a preview). */
export const captchaField = (chrome: Chrome | undefined) =>
  chrome?.captcha && !chrome.inert ? captchaMarkup(chrome.captcha, chrome.nonce) : '';

/**
 * Whether a page may focus one of its fields on load: never in a preview, which is not for typing into and is shown in
 * a sandboxed frame, where the browser refuses (and reports) every autofocus.
 */
const focuses = (chrome: Chrome | undefined) => !chrome?.inert;

/** A form posting to `action`; in a preview (no action) it goes nowhere. */
export const form = (action: string, body: SafeHtml) =>
  action
    ? html`<form method="post" action="${action}" novalidate>${body}</form>`
    : html`<form novalidate>${body}</form>`;

const termsLinks = (tr: Translator, experience: PageExperience) => {
  const { termsOfUseUrl, privacyPolicyUrl } = experience.terms;
  const links = [
    termsOfUseUrl
      ? html`<a href="${termsOfUseUrl}" rel="noopener noreferrer">${tr.t('interaction:terms.terms_of_use')}</a>`
      : '',
    privacyPolicyUrl
      ? html`<a href="${privacyPolicyUrl}" rel="noopener noreferrer">${tr.t('interaction:terms.privacy_policy')}</a>`
      : '',
  ].filter(Boolean);
  return links.length === 2 ? html`${links[0]} ${tr.t('interaction:terms.and')} ${links[1]}` : html`${links[0]}`;
};

/** The terms of a page: a checkbox to tick where the policy asks, else the links as a notice. */
export const terms = (tr: Translator, experience: PageExperience, page: 'sign-in' | 'register', error?: string) => {
  if (!hasTerms(experience)) return '';
  if (!termsMustBeTicked(experience, page)) {
    return html`<p class="terms">${tr.t(`interaction:terms.${page === 'register' ? 'by_registering' : 'by_signing_in'}`)} ${termsLinks(tr, experience)}</p>`;
  }
  return html`<div class="field terms${error ? ' invalid' : ''}"><label class="checkbox"><input type="checkbox" name="agreeToTerms" value="true" required${error ? html` aria-invalid="true" aria-describedby="agreeToTerms-errors"` : ''}> <span>${tr.t('interaction:terms.agree')} ${termsLinks(tr, experience)}</span></label>${fieldErrors('agreeToTerms', error ? [error] : undefined)}</div>`;
};

/**
 * The identifier input's type, keyboard and autofill, as Logto's identifier field sets them: an email or a phone
 * number alone gets its own type and keyboard (digits for a phone number); several kinds a text field. Logto lists
 * every kind in `autocomplete` (`username email tel`), which is not a valid token list (browsers and checkers
 * ignore it): these pages name the first kind, `username` where it is one (what password managers fill).
 */
export const identifierInput = (kinds: IdentifierKind[]) => {
  if (kinds.length === 1 && kinds[0] === 'email') return { type: 'email', inputmode: 'email', autocomplete: 'email' };
  if (kinds.length === 1 && kinds[0] === 'phone') return { type: 'tel', inputmode: 'numeric', autocomplete: 'tel' };
  return { type: 'text', autocomplete: kinds[0] === 'phone' ? 'tel' : (kinds[0] ?? 'username') };
};

/** The label key of an identifier field: `identifier_username_email`... (every kind when none is given). */
export const identifierLabel = (tr: Translator, kinds: IdentifierKind[]) =>
  tr.t(`interaction:identifier.${(kinds.length ? kinds : ['username', 'email', 'phone']).join('_')}`);

export interface RegisterView {
  action: string;
  /** Link back to the sign-in form, when signing in is open. */
  signInHref?: string;
  clientName: string;
  experience: PageExperience;
  firstAdmin: boolean;
  values: Record<string, string | undefined>;
  /** The kind of address a code verified: its field shows the address, unchangeable. */
  verified?: CodeKind | undefined;
  errors: FieldErrors;
  error?: string;
  /** Said above the form: that it completes an account for an identity a provider verified. */
  notice?: string | undefined;
  passwordPolicy: { minLength: number; maxLength: number };
}

/** The identifier fields of the registration form, per the sign-up identifiers. */
export const registrationFields = (experience: PageExperience) => {
  const kinds = experience.signUpIdentifiers;
  const username = kinds.includes('username') || kinds.length === 0;
  const either = kinds.includes('email') && kinds.includes('phone') && !username;
  return {
    username,
    /** One field for an email or a phone number (Logto's sign-up by either). */
    emailOrPhone: either,
    email: either ? 'none' : kinds.includes('email') ? 'required' : kinds.includes('phone') ? 'none' : 'optional',
    phone: either ? 'none' : kinds.includes('phone') ? 'required' : 'none',
  } as const;
};

export const registerPage = (tr: Translator, view: RegisterView, chrome?: Chrome): string => {
  const fields = registrationFields(view.experience);
  const ticked = termsMustBeTicked(view.experience, 'register');
  const first = fields.username
    ? 'username'
    : fields.emailOrPhone
      ? 'emailOrPhone'
      : fields.email !== 'none'
        ? 'email'
        : 'phone';
  const verifiedField = view.verified && (fields.emailOrPhone ? 'emailOrPhone' : view.verified);
  const field = (id: string, label: string, type: string, autocomplete: string, required: boolean) =>
    input({
      readonly: id === verifiedField,
      id,
      label,
      type,
      value: view.values[id] ?? '',
      autocomplete,
      required,
      errors: view.errors[id],
      autofocus: focuses(chrome) && id === first,
    });
  return layout(
    tr,
    tr.t('interaction:register.title'),
    html`<h1>${tr.t('interaction:register.title')}</h1>
<p class="subtitle">${tr.t('interaction:register.subtitle', { client: view.clientName })}</p>
${view.firstAdmin ? notice(tr.t('interaction:register.first_admin')) : ''}${view.notice ? notice(view.notice) : ''}${alert(view.error)}
${form(
  view.action,
  html`
${fields.username ? field('username', tr.t('interaction:register.username'), 'text', 'username', true) : ''}
${fields.emailOrPhone ? field('emailOrPhone', tr.t('interaction:identifier.email_phone'), 'text', 'email', true) : ''}
${fields.email !== 'none' ? field('email', tr.t(`interaction:register.${fields.email === 'required' ? 'email_required' : 'email'}`), 'email', 'email', fields.email === 'required') : ''}
${fields.phone !== 'none' ? field('phone', tr.t('interaction:register.phone'), 'tel', 'tel', true) : ''}
${
  view.experience.signUpPassword
    ? html`${input({ id: 'password', label: tr.t('interaction:register.password'), type: 'password', autocomplete: 'new-password', required: true, errors: view.errors.password, hint: tr.t('interaction:register.password_hint', { min: view.passwordPolicy.minLength, max: view.passwordPolicy.maxLength }) })}
${input({ id: 'passwordConfirm', label: tr.t('interaction:register.password_confirm'), type: 'password', autocomplete: 'new-password', required: true, errors: view.errors.passwordConfirm })}`
    : ''
}
${profileFieldInputs(tr, view.experience.profileFields, view.values, view.errors)}
${ticked ? terms(tr, view.experience, 'register', view.errors.agreeToTerms?.[0]) : ''}
${captchaField(chrome)}
<button type="submit" class="primary">${tr.t('interaction:register.submit')}</button>
`,
)}
${ticked ? '' : terms(tr, view.experience, 'register')}
${view.signInHref ? html`<p class="switch">${tr.t('interaction:register.have_account')} <a href="${view.signInHref}">${tr.t('interaction:register.sign_in')}</a></p>` : ''}`,
    chrome,
  );
};
