import type { Translator } from '../../../locales/index.js';
import type { CodeKind } from '../../experience.js';
import { termsMustBeTicked } from '../../experience.js';
import { captchaField, form, identifierInput, identifierLabel, input, terms } from '../../forms.js';
import { html } from '../../html.js';
import type { MethodEntryView, SignInMethodEntry } from '../entry.js';

/** The address field and the send button of a code request (sign-in, or the first step of a sign-up). */
export const codeRequestFields = (
  tr: Translator,
  view: Pick<MethodEntryView, 'experience' | 'identifier' | 'termsError' | 'chrome'> & {
    kinds: CodeKind[];
    purpose: 'SignIn' | 'Register';
    error?: string | undefined;
  },
) => {
  const page = view.purpose === 'Register' ? 'register' : 'sign-in';
  return html`<input type="hidden" name="purpose" value="${view.purpose}">
${input({ id: 'identifier', label: identifierLabel(tr, view.kinds), value: view.identifier ?? '', ...identifierInput(view.kinds), required: true, autofocus: !view.chrome?.inert, errors: view.error ? [view.error] : undefined })}
${termsMustBeTicked(view.experience, page) ? terms(tr, view.experience, page, view.termsError) : ''}
${captchaField(view.chrome)}
<button type="submit" class="primary">${tr.t('interaction:code.send')}</button>`;
};

/**
 * Signing in by a code sent to an email address or a phone number, where `signIn.methods` offers it. The page's
 * form when no identifier signs in with a password, else a link to its own page.
 */
export const verificationCodeEntry: SignInMethodEntry = {
  key: 'verificationCode',
  offered: (experience) => experience.codeSignInIdentifiers.length > 0,
  form: (view) =>
    form(
      view.base ? `${view.base}/code` : '',
      codeRequestFields(view.tr, { ...view, kinds: view.experience.codeSignInIdentifiers, purpose: 'SignIn' }),
    ),
  link: (view) =>
    html`<p class="method"><a href="${view.base ? `${view.base}/code` : '#'}">${view.tr.t(`interaction:code.sign_in_with_${view.experience.codeSignInIdentifiers.join('_')}`)}</a></p>`,
};
