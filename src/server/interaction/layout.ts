import { FAVICON_PATH } from '../console/favicon.js';
import { type Translator, textDirection } from '../locales/index.js';
import type { Chrome } from './chrome.js';
import { html, raw, type SafeHtml } from './html.js';

/** The one stylesheet of the server-rendered pages (no inline scripts anywhere; styles only under a nonce). */
export const STYLESHEET_PATH = '/interaction-assets/sign-in.css';

const logo = (tr: Translator, chrome: Chrome | undefined) => {
  if (!chrome?.logo) return html`<p class="brand">${tr.t('interaction:product')}</p>`;
  const { url, darkUrl } = chrome.logo;
  const alt = tr.t('interaction:logo_alt');
  if (darkUrl && chrome.theme === 'dark')
    return html`<p class="brand"><img class="logo" src="${darkUrl}" alt="${alt}"></p>`;
  if (darkUrl && chrome.theme === 'auto') {
    return html`<p class="brand"><picture><source srcset="${darkUrl}" media="(prefers-color-scheme: dark)"><img class="logo" src="${url}" alt="${alt}"></picture></p>`;
  }
  return html`<p class="brand"><img class="logo" src="${url}" alt="${alt}"></p>`;
};

const favicon = (chrome: Chrome | undefined) => {
  if (!chrome?.favicon) return html`<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">`;
  const { url, darkUrl } = chrome.favicon;
  if (darkUrl && chrome.theme === 'dark') return html`<link rel="icon" href="${darkUrl}">`;
  return html`<link rel="icon" href="${url}">${
    darkUrl && chrome.theme === 'auto'
      ? html`<link rel="icon" href="${darkUrl}" media="(prefers-color-scheme: dark)">`
      : ''
  }`;
};

const support = (tr: Translator, chrome: Chrome | undefined) => {
  const { email, websiteUrl } = chrome?.support ?? {};
  if (!email && !websiteUrl) return '';
  return html`<footer class="support"><span>${tr.t('interaction:support.title')}</span>${
    email ? html` <a href="mailto:${email}">${tr.t('interaction:support.email')}</a>` : ''
  }${websiteUrl ? html` <a href="${websiteUrl}" rel="noopener noreferrer">${tr.t('interaction:support.website')}</a>` : ''}</footer>`;
};

/**
 * A page's document: the tenant's chrome (when it has one) around the page's body. `scripts` are paths on this
 * origin (the policy allows `'self'` scripts only); only the passkey pages have them.
 */
export const layout = (
  tr: Translator,
  title: string,
  body: SafeHtml,
  chrome?: Chrome,
  scripts: readonly string[] = [],
): string =>
  html`<!DOCTYPE html>
<html lang="${tr.language}" dir="${textDirection(tr.language)}" data-theme="${chrome?.theme ?? 'auto'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${tr.t('interaction:document_title', { title })}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${chrome ? html`<style nonce="${chrome.nonce}">${raw(chrome.styles)}</style>` : ''}
${favicon(chrome)}${scripts.map((src) => html`\n<script src="${src}" defer></script>`)}
</head>
<body>
<main class="card">
${logo(tr, chrome)}
${body}
${chrome?.customContent ? html`<div class="custom-content">${chrome.customContent}</div>` : ''}
${support(tr, chrome)}
</main>
</body>
</html>
`.value;
