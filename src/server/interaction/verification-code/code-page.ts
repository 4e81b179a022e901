import type { Translator } from '../../locales/index.js';
import type { Chrome } from '../chrome.js';
import type { CodeKind } from '../experience.js';
import { captchaField, form, input, notice } from '../forms.js';
import { html } from '../html.js';
import { layout } from '../layout.js';

/** What a code page shows: where the code goes, a way to ask for another (after the countdown) or another address. */
export interface CodeEntryView {
  action: string;
  resendAction: string;
  restartHref: string;
  backHref: string;
  kind: CodeKind;
  /** The subtitle: where the code went and how long it lives, in the flow's words. */
  subtitle: string;
  /** Seconds before a new code may be asked for (0: now). */
  resendIn: number;
  notice?: string | undefined;
  error?: string | undefined;
}

/**
 * The page where the code sent to an address is typed, for every flow that sends one (signing in or up by code,
 * forgot password); `texts` is the flow's key prefix (`interaction:code`, `interaction:forgot_password`), whose
 * `code_title`, `code`, `code_submit`, `resend`, `resend_after`, `other_email`, `other_phone` and `back` it shows.
 */
export const codeEntryPage = (tr: Translator, texts: string, view: CodeEntryView, chrome?: Chrome): string =>
  layout(
    tr,
    tr.t(`${texts}.code_title`),
    html`<h1>${tr.t(`${texts}.code_title`)}</h1>
<p class="subtitle">${view.subtitle}</p>
${notice(view.notice)}
${form(
  view.action,
  html`
${input({ id: 'code', label: tr.t(`${texts}.code`), autocomplete: 'one-time-code', inputmode: 'numeric', required: true, autofocus: true, errors: view.error ? [view.error] : undefined })}
<button type="submit" class="primary">${tr.t(`${texts}.code_submit`)}</button>
`,
)}
${
  view.resendIn > 0
    ? html`<p class="hint">${tr.t(`${texts}.resend_after`, { count: view.resendIn })}</p>`
    : form(
        view.resendAction,
        html`${captchaField(chrome)}<button type="submit" class="secondary">${tr.t(`${texts}.resend`)}</button>`,
      )
}
<p class="switch"><a href="${view.restartHref}">${tr.t(`${texts}.other_${view.kind}`)}</a></p>
<p class="switch"><a href="${view.backHref}">${tr.t(`${texts}.back`)}</a></p>`,
    chrome,
  );
