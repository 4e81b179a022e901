import { form } from '../../forms.js';
import { html } from '../../html.js';
import type { SignInMethodEntry } from '../entry.js';

/**
 * Signing in with a social connector the sign-in experience lists: one button each, posting to the connector's
 * start (a form, so leaving for the provider is always the user's own click on this page).
 */
export const socialEntry: SignInMethodEntry = {
  key: 'social',
  offered: (experience) => experience.socialConnectors.length > 0,
  link: ({ tr, base, experience }) =>
    html`<div class="social">${experience.socialConnectors.map((connector) => {
      const name = connector.name[tr.language] ?? connector.name.en ?? connector.target;
      return form(
        base ? `${base}/social/${encodeURIComponent(connector.id)}` : '',
        html`<button type="submit" class="secondary social-button">${connector.logo ? html`<img src="${connector.logo}" alt="" width="20" height="20"> ` : ''}${tr.t('interaction:social.continue_with', { name })}</button>`,
      );
    })}</div>`,
};
