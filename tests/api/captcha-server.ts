import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in does with a verification: answer by its protocol, fail with 503, or never answer. */
export type CaptchaServerMode = 'answer' | 'down' | 'hang';

/** One verification call as the stand-in received it. */
export interface CaptchaCall {
  provider: 'Turnstile' | 'RecaptchaEnterprise';
  /** The key the server sent: Turnstile's `secret`, reCAPTCHA's `key` query parameter. */
  secret: string;
  token: string;
  remoteIp?: string | undefined;
  siteKey?: string | undefined;
  projectId?: string | undefined;
  expectedAction?: string | undefined;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => resolve(body));
  });

/**
 * A stand-in for the CAPTCHA providers: Cloudflare Turnstile's siteverify (`POST /turnstile/v0/siteverify`, form
 * fields `secret`, `response`, `remoteip`; `{ success, "error-codes" }`) and reCAPTCHA Enterprise's assessments
 * (`POST /recaptcha/v1/projects/{projectId}/assessments?key=…`, `{ event: { token, siteKey, expectedAction } }`;
 * `{ tokenProperties: { valid }, riskAnalysis: { score } }`). It accepts one token with one secret, records every
 * call, and serves tiny widget scripts: `/turnstile/v0/api.js` does what Turnstile's does for a form (puts the
 * token in a hidden `cf-turnstile-response` field inside each `.cf-turnstile` element), `/recaptcha/enterprise.js`
 * offers `grecaptcha.enterprise.ready` and `execute` as reCAPTCHA Enterprise's invisible mode does.
 */
export const startCaptchaServer = async (known: { secret: string; token: string }) => {
  const calls: CaptchaCall[] = [];
  const state = { mode: 'answer' as CaptchaServerMode, score: 0.9, widgetToken: known.token };
  const held: (() => void)[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/turnstile/v0/api.js') {
      const token = JSON.stringify(state.widgetToken);
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(
        `for (const box of document.querySelectorAll('.cf-turnstile')) {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'cf-turnstile-response';
  input.value = ${token};
  box.append(input);
  box.dataset.rendered = 'true';
}`,
      );
      return;
    }
    if (request.method === 'GET' && url.pathname === '/recaptcha/enterprise.js') {
      // reCAPTCHA Enterprise's invisible mode: `execute(siteKey, { action })` answers a token, for the key the
      // script was loaded with (`?render=`) and Logto's action only.
      const token = JSON.stringify(state.widgetToken);
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(
        `(() => {
  const key = new URL(document.currentScript.src).searchParams.get('render');
  window.grecaptcha = { enterprise: {
    ready: (callback) => setTimeout(callback, 0),
    execute: (siteKey, options) =>
      Promise.resolve(siteKey === key && options.action === 'interaction' ? ${token} : 'wrong-key-or-action'),
  } };
})();`,
      );
      return;
    }
    const body = await readBody(request);
    const recaptcha = /^\/recaptcha\/v1\/projects\/([^/]+)\/assessments$/.exec(url.pathname);
    let call: CaptchaCall | undefined;
    if (request.method === 'POST' && url.pathname === '/turnstile/v0/siteverify') {
      const form = new URLSearchParams(body);
      call = {
        provider: 'Turnstile',
        secret: form.get('secret') ?? '',
        token: form.get('response') ?? '',
        remoteIp: form.get('remoteip') ?? undefined,
      };
    } else if (request.method === 'POST' && recaptcha?.[1]) {
      const event = (JSON.parse(body) as { event?: Record<string, string> }).event ?? {};
      call = {
        provider: 'RecaptchaEnterprise',
        secret: url.searchParams.get('key') ?? '',
        token: event.token ?? '',
        siteKey: event.siteKey,
        projectId: decodeURIComponent(recaptcha[1]),
        expectedAction: event.expectedAction,
      };
    }
    if (!call) {
      response.writeHead(404).end();
      return;
    }
    calls.push(call);
    if (state.mode === 'hang') {
      held.push(() => response.destroy());
      return;
    }
    if (state.mode === 'down') {
      response.writeHead(503, { 'Content-Type': 'text/plain' }).end('unavailable');
      return;
    }
    const valid = call.secret === known.secret && call.token === known.token;
    const answer =
      call.provider === 'Turnstile'
        ? { success: valid, 'error-codes': valid ? [] : ['invalid-input-response'] }
        : {
            tokenProperties: { valid, action: call.expectedAction },
            riskAnalysis: { score: state.score, reasons: [] },
          };
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    /** The endpoints for `buildApp({ captcha })`, all at this stand-in. */
    endpoints: {
      turnstileVerifyUrl: `${origin}/turnstile/v0/siteverify`,
      turnstileScriptUrl: `${origin}/turnstile/v0/api.js`,
      recaptchaApiUrl: `${origin}/recaptcha/v1`,
      recaptchaScriptUrl: `${origin}/recaptcha/enterprise.js`,
    },
    calls,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of held.splice(0)) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
