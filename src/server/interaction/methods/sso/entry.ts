import { html } from '../../html.js';
import type { SignInMethodEntry } from '../entry.js';

/**
 * Single sign-on with an enterprise SSO connector, where the sign-in experience enables it: a link to the page that
 * asks for the work email, whose domain names the connector. An email of such a domain typed into the password form
 * goes there too.
 */
export const ssoEntry: SignInMethodEntry = {
  key: 'sso',
  offered: (experience) => experience.singleSignOn,
  link: ({ tr, base }) =>
    html`<p class="method"><a href="${base ? `${base}/sso` : '#'}">${tr.t('interaction:sso.link')}</a></p>`,
};
