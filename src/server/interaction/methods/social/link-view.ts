import type { Translator } from '../../../locales/index.js';
import type { Chrome } from '../../chrome.js';
import { alert, form } from '../../forms.js';
import { html } from '../../html.js';
import { layout } from '../../layout.js';

/** The account the provider's email names: link the identity to it, or (where sign-up is open) make a new one. */
export const socialLinkPage = (
  tr: Translator,
  view: {
    action: string;
    newAccountAction?: string | undefined;
    backHref: string;
    provider: string;
    email: string;
    error?: string | undefined;
  },
  chrome?: Chrome,
) =>
  layout(
    tr,
    tr.t('interaction:social_link.title'),
    html`<h1>${tr.t('interaction:social_link.title')}</h1>
<p class="subtitle">${tr.t('interaction:social_link.subtitle', { provider: view.provider, email: view.email })}</p>
${alert(view.error)}
${form(view.action, html`<button type="submit">${tr.t('interaction:social_link.link')}</button>`)}
${view.newAccountAction ? form(view.newAccountAction, html`<button type="submit" class="secondary">${tr.t('interaction:social_link.new_account')}</button>`) : ''}
<p class="switch"><a href="${view.backHref}">${tr.t('interaction:social_link.back')}</a></p>`,
    chrome,
  );
