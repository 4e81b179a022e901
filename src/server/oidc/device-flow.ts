import type { KoaContextWithOIDC } from 'oidc-provider';
import { html, type SafeHtml } from '../interaction/html.js';
import { layout } from '../interaction/layout.js';
import { type Translator, translatorFor } from '../locales/index.js';

/** What the provider's own form carries that the pages keep: where it posts, and its xsrf token. */
const formParts = (form: string) => ({
  action: /action="([^"]*)"/.exec(form)?.[1] ?? '',
  xsrf: /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? '',
});

/** The message above the code box: what to do, or why the last code was not taken. */
const inputMessage = (tr: Translator, error: { name?: string; userCode?: string } | undefined) => {
  if (!error) return html`<p class="subtitle">${tr.t('interaction:device.enter_code')}</p>`;
  const key =
    error.userCode || error.name === 'NoCodeError'
      ? 'interaction:device.wrong_code'
      : error.name === 'AbortedError'
        ? 'interaction:device.aborted'
        : 'interaction:device.failed';
  return html`<p class="error" role="alert">${tr.t(key)}</p>`;
};

const render = (ctx: KoaContextWithOIDC, title: (tr: Translator) => string, body: (tr: Translator) => SafeHtml) => {
  const tr = translatorFor(ctx.get('accept-language'));
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = layout(tr, title(tr), body(tr));
};

/**
 * The provider's device flow with the sign-in pages' look and languages: the page where the user enters the code
 * their device shows (`{issuer}/device`), the page that asks them to confirm it is their device (then the sign-in),
 * and the page saying the device is signed in. The codes are eight letters (`XXXX-XXXX`), from a set that avoids
 * look-alikes.
 */
export const deviceFlow = () => ({
  enabled: true,
  charset: 'base-20' as const,
  mask: '****-****',
  userCodeInputSource: async (
    ctx: KoaContextWithOIDC,
    form: string,
    _out: unknown,
    error?: { name?: string; userCode?: string },
  ) => {
    const { action, xsrf } = formParts(form);
    render(
      ctx,
      (tr) => tr.t('interaction:device.title'),
      (tr) => html`<h1>${tr.t('interaction:device.title')}</h1>
${inputMessage(tr, error)}
<form method="post" action="${action}" novalidate>
<input type="hidden" name="xsrf" value="${xsrf}">
<label for="user_code">${tr.t('interaction:device.code_label')}</label>
<input id="user_code" type="text" name="user_code" value="${error?.userCode ?? ''}" autocomplete="off" autocapitalize="characters" spellcheck="false" autofocus required>
<div class="actions"><button type="submit" class="primary">${tr.t('interaction:device.continue')}</button></div>
</form>`,
    );
  },
  userCodeConfirmSource: async (
    ctx: KoaContextWithOIDC,
    form: string,
    client: { clientName?: string; clientId: string },
    _deviceInfo: unknown,
    userCode: string,
  ) => {
    const { action, xsrf } = formParts(form);
    render(
      ctx,
      (tr) => tr.t('interaction:device.confirm_title'),
      (tr) => html`<h1>${tr.t('interaction:device.confirm_title')}</h1>
<p class="subtitle">${tr.t('interaction:device.confirm_question', { app: client.clientName || client.clientId })}</p>
<p class="device-code"><code>${userCode}</code></p>
<p class="hint">${tr.t('interaction:device.confirm_hint')}</p>
<form method="post" action="${action}">
<input type="hidden" name="xsrf" value="${xsrf}">
<input type="hidden" name="user_code" value="${userCode}">
<div class="actions">
<button type="submit" name="abort" value="yes" class="secondary">${tr.t('interaction:device.abort')}</button>
<button type="submit" name="confirm" value="yes" class="primary" autofocus>${tr.t('interaction:device.confirm')}</button>
</div>
</form>`,
    );
  },
  successSource: async (ctx: KoaContextWithOIDC) => {
    const app = ctx.oidc.client?.clientName || ctx.oidc.client?.clientId || '';
    render(
      ctx,
      (tr) => tr.t('interaction:device.done_title'),
      (tr) => html`<h1>${tr.t('interaction:device.done_title')}</h1>
<p class="subtitle">${tr.t('interaction:device.done', { app })}</p>`,
    );
  },
});
