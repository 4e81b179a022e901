import { pkce } from '../../bench/pkce.js';
import { Browser, formAction } from './http-browser.js';

// The server on a loopback port and the PKCE pair are shared with the sign-in benchmark.
export { freePort, type RunningServer, startServer } from '../../bench/in-process-server.js';
export { pkce } from '../../bench/pkce.js';
export { Browser, formAction };

/** POSTs a form the way a browser does, with the client credentials in the body. */
export const postForm = async (url: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: token endpoint answers are JSON objects of many shapes
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
};

export const basicAuth = (clientId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

/**
 * Registers the first console administrator through the real pages (authorization request with PKCE, registration,
 * callback, code exchange) and returns the console's tokens. The email is optional, as on the form.
 */
export const registerFirstAdmin = async (origin: string, username: string, password: string, email?: string) => {
  const issuer = `${origin}/t/admin/oidc`;
  const callback = `${origin}/console/callback`;
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: 'admin-console',
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid offline_access profile email all',
    resource: 'https://default.gatehouse.internal/api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'first-admin',
    prompt: 'login consent',
    first_screen: 'register',
  });
  const page = await browser.follow(`${issuer}/auth?${params}`);
  const registered = await browser.post(formAction(page.text, origin, '/register'), {
    username,
    ...(email ? { email } : {}),
    password,
    passwordConfirm: password,
  });
  // The console is the tenant's own app: no consent page on the way back.
  const back = await browser.follow(registered.location ?? '', callback);
  return exchangeConsoleCode(origin, back.location ?? '', verifier);
};

/** Exchanges the code of the console's callback URL for the console's tokens (for `resource`, when it names one). */
export const exchangeConsoleCode = async (origin: string, callbackUrl: string, verifier: string, resource?: string) => {
  const code = new URL(callbackUrl).searchParams.get('code') ?? '';
  const tokens = await postForm(`${origin}/t/admin/oidc/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${origin}/console/callback`,
    client_id: 'admin-console',
    ...(resource ? { resource } : {}),
  });
  if (tokens.status !== 200) throw new Error(`Token exchange failed: ${JSON.stringify(tokens.body)}`);
  return tokens.body as { access_token: string; refresh_token: string; id_token: string };
};
