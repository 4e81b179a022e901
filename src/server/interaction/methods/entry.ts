import type { Translator } from '../../locales/index.js';
import type { Chrome } from '../chrome.js';
import type { PageExperience } from '../experience.js';
import type { SafeHtml } from '../html.js';

/** What the sign-in page lends a method to draw its part: where its forms post, what was typed, the chrome. */
export interface MethodEntryView {
  tr: Translator;
  /** `{tenant base}/interaction/{uid}`; empty in a preview, whose forms go nowhere. */
  base: string;
  experience: PageExperience;
  /** The identifier typed (or hinted) so far. */
  identifier?: string | undefined;
  /** The terms checkbox's error, when the form's terms were not ticked. */
  termsError?: string | undefined;
  /** Link to resetting a forgotten password, when the tenant offers it. */
  forgotPasswordHref?: string | undefined;
  chrome?: Chrome | undefined;
}

/**
 * One way to sign in on the tenant's pages (password, verification code, social, single sign-on) as the sign-in
 * page sees it: whether the tenant offers it and what the page shows for it. The page shows the form of the first
 * offered method that has one and the links of the others. Its routes are the module's (`method.ts`); adding a
 * method is adding its module to the registry.
 */
export interface SignInMethodEntry {
  key: 'password' | 'verificationCode' | 'social' | 'sso';
  offered: (experience: PageExperience) => boolean;
  /** The method's form on the sign-in page, when it is the first offered method with one. */
  form?: (view: MethodEntryView) => SafeHtml;
  /** What the page shows for it beside another method's form: a link, a row of buttons. */
  link?: (view: MethodEntryView) => SafeHtml | '';
}
