import { termsMustBeTicked } from '../../experience.js';
import { captchaField, form, identifierInput, identifierLabel, input, terms } from '../../forms.js';
import { html } from '../../html.js';
import type { MethodEntryView } from '../entry.js';

/** The sign-in page's password form: the identifier, the password, the reset link, the terms where ticked. */
export const passwordForm = (view: MethodEntryView) => {
  const { tr, experience, chrome } = view;
  const kinds = experience.signInIdentifiers;
  const focus = !chrome?.inert;
  return form(
    view.base ? `${view.base}/sign-in` : '',
    html`
${input({ id: 'identifier', label: identifierLabel(tr, kinds), value: view.identifier ?? '', ...identifierInput(kinds), required: true, autofocus: focus && !view.identifier })}
${input({ id: 'password', label: tr.t('interaction:sign_in.password'), type: 'password', autocomplete: 'current-password', required: true, autofocus: focus && Boolean(view.identifier) })}
${view.forgotPasswordHref ? html`<p class="forgot-password"><a href="${view.forgotPasswordHref}">${tr.t('interaction:sign_in.forgot_password')}</a></p>` : ''}
${termsMustBeTicked(experience, 'sign-in') ? terms(tr, experience, 'sign-in', view.termsError) : ''}
${captchaField(chrome)}
<button type="submit" class="primary">${tr.t('interaction:sign_in.submit')}</button>
`,
  );
};
