import type { Translator } from '../../../locales/index.js';
import type { Chrome } from '../../chrome.js';
import type { CodeKind, PageExperience } from '../../experience.js';
import { captchaField, form, input, notice } from '../../forms.js';
import { html } from '../../html.js';
import { layout } from '../../layout.js';
import { codeRequestFields } from './entry.js';

const back = (tr: Translator, href: string) =>
  html`<p class="switch"><a href="${href}">${tr.t('interaction:code.back')}</a></p>`;

/** The first step: the address to send a code to, for signing in or for a new account. */
export const codeRequestPage = (
  tr: Translator,
  view: {
    action: string;
    backHref: string;
    purpose: 'SignIn' | 'Register';
    kinds: CodeKind[];
    experience: PageExperience;
    identifier?: string | undefined;
    error?: string | undefined;
    termsError?: string | undefined;
  },
  chrome?: Chrome,
): string => {
  const key = view.purpose === 'Register' ? 'register' : 'sign_in';
  return layout(
    tr,
    tr.t(`interaction:code.${key}_title`),
    html`<h1>${tr.t(`interaction:code.${key}_title`)}</h1>
<p class="subtitle">${tr.t(`interaction:code.${key}_subtitle_${view.kinds.join('_')}`)}</p>
${form(view.action, codeRequestFields(tr, { ...view, chrome }))}
${back(tr, view.backHref)}`,
    chrome,
  );
};

/** The second step: the code sent to the address, and a way to ask for another. */
export const codeEntryPage = (
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
    notice?: string | undefined;
    error?: string | undefined;
  },
  chrome?: Chrome,
): string =>
  layout(
    tr,
    tr.t('interaction:code.code_title'),
    html`<h1>${tr.t('interaction:code.code_title')}</h1>
<p class="subtitle">${tr.t(`interaction:code.code_subtitle_${view.kind}`, { to: view.to, count: view.minutes })}</p>
${notice(view.notice)}
${form(
  view.action,
  html`
${input({ id: 'code', label: tr.t('interaction:code.code'), autocomplete: 'one-time-code', inputmode: 'numeric', required: true, autofocus: true, errors: view.error ? [view.error] : undefined })}
<button type="submit" class="primary">${tr.t('interaction:code.code_submit')}</button>
`,
)}
${
  view.resendIn > 0
    ? html`<p class="hint">${tr.t('interaction:code.resend_after', { count: view.resendIn })}</p>`
    : form(
        view.resendAction,
        html`${captchaField(chrome)}<button type="submit" class="secondary">${tr.t('interaction:code.resend')}</button>`,
      )
}
<p class="switch"><a href="${view.restartHref}">${tr.t(`interaction:code.other_${view.kind}`)}</a></p>
${back(tr, view.backHref)}`,
    chrome,
  );
