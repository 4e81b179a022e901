import type { Translator } from '../../../locales/index.js';
import type { Chrome } from '../../chrome.js';
import type { CodeKind, PageExperience } from '../../experience.js';
import { form } from '../../forms.js';
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
