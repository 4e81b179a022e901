import type { Translator } from '../../locales/index.js';
import type { Chrome } from '../chrome.js';
import type { MfaFactorType } from '../experience.js';
import { alert } from '../forms.js';
import { html, type SafeHtml } from '../html.js';
import { layout } from '../layout.js';
import type { MfaPageView } from './factor.js';

/** A link to another factor's page of the same step. */
export interface FactorLink {
  type: MfaFactorType;
  href: string;
}

/** What follows every MFA page's own content: the links to the other factors, and the skip button where allowed. */
export const mfaFooter = (
  tr: Translator,
  around: { others: FactorLink[]; skipAction?: string | undefined },
): SafeHtml =>
  html`${
    around.others.length
      ? html`<nav class="mfa-others" aria-label="${tr.t('interaction:mfa.other_methods')}"><p>${tr.t('interaction:mfa.other_methods')}</p><ul>${around.others.map(
          (other) => html`<li><a href="${other.href}">${tr.t(`interaction:mfa.use.${other.type}`)}</a></li>`,
        )}</ul></nav>`
      : ''
  }
${
  around.skipAction
    ? html`<form method="post" action="${around.skipAction}" class="mfa-skip"><button type="submit" class="secondary">${tr.t('interaction:mfa.skip')}</button></form>`
    : ''
}`;

/** The frame of every MFA page: heading, form error, body, the other factors, and the skip button where allowed. */
export const mfaPage = (
  tr: Translator,
  view: MfaPageView & { others: FactorLink[]; skipAction?: string | undefined },
  chrome?: Chrome,
): string =>
  layout(
    tr,
    view.title,
    html`<h1>${view.title}</h1>
${view.subtitle ? html`<p class="subtitle">${view.subtitle}</p>` : ''}
${alert(view.error)}
${view.body}
${mfaFooter(tr, view)}`,
    chrome,
  );

/** A one-field form for a code (TOTP or backup code). */
export const codeForm = (options: {
  action: string;
  label: string;
  submit: string;
  numeric: boolean;
  invalid: boolean;
}): SafeHtml =>
  html`<form method="post" action="${options.action}" novalidate>
<div class="field${options.invalid ? ' invalid' : ''}">
<label for="code">${options.label}</label>
<input id="code" name="code" type="text" ${options.numeric ? html`inputmode="numeric" pattern="[0-9 ]*" autocomplete="one-time-code"` : html`autocomplete="off" spellcheck="false"`} required autofocus${options.invalid ? html` aria-invalid="true"` : ''}>
</div>
<button type="submit" class="primary">${options.submit}</button>
</form>`;

/** The TOTP setup: the QR code, the key for typing by hand, and the code field. */
export const totpSetup = (tr: Translator, options: { qrCode: string; secret: string; form: SafeHtml }): SafeHtml =>
  html`<figure class="mfa-qr"><img src="${options.qrCode}" alt="${tr.t('interaction:mfa.totp.qr_alt')}" width="200" height="200"></figure>
<p class="hint">${tr.t('interaction:mfa.totp.secret_label')}</p>
<p class="mfa-secret"><code id="totp-secret">${options.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code></p>
${options.form}`;

/** The backup codes, shown once, and the button confirming they are kept. */
export const backupCodeList = (tr: Translator, options: { codes: string[]; action: string }): SafeHtml =>
  html`<ul class="mfa-codes" aria-label="${tr.t('interaction:mfa.backup_code.list_label')}">${options.codes.map(
    (code) => html`<li><code>${code}</code></li>`,
  )}</ul>
<form method="post" action="${options.action}"><button type="submit" class="primary">${tr.t('interaction:mfa.backup_code.saved')}</button></form>`;

/** The choice among several factors to set up. */
export const factorChoice = (tr: Translator, links: FactorLink[]): SafeHtml =>
  html`<ul class="mfa-choice">${links.map(
    (link) =>
      html`<li><a class="button secondary" href="${link.href}">${tr.t(`interaction:mfa.factor.${link.type}`)}</a></li>`,
  )}</ul>`;
