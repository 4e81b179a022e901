import { pkce } from '../../bench/pkce.js';

// The server on a loopback port and the PKCE pair are shared with the sign-in benchmark.
export { freePort, type RunningServer, startServer } from '../../bench/in-process-server.js';
export { pkce } from '../../bench/pkce.js';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

const pathMatches = (cookiePath: string, requestPath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

/**
 * A browser as far as the sign-in flow needs one: a cookie jar honouring paths and deletions, redirects not
 * followed automatically (the tests look at each hop), an Accept-Language header.
 */
export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  constructor(readonly language = 'en') {}

  private cookieHeader(url: URL) {
    return [...this.cookies.values()]
      .filter((cookie) => pathMatches(cookie.path, url.pathname))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path') path = val;
        if (lower === 'expires' && Date.parse(val) < Date.now()) expired = true;
        if (lower === 'max-age' && Number(val) <= 0) expired = true;
      }
      const key = `${name}@${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const headers: Record<string, string> = { 'accept-language': this.language };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    this.store(response);
    const text = await response.text();
    const location = response.headers.get('location');
    return {
      status: response.status,
      headers: response.headers,
      text,
      location: location ? new URL(location, target).toString() : undefined,
    };
  }

  get = (url: string) => this.request(url);
  post = (url: string, form: Record<string, string>) => this.request(url, { form });

  /** Follows redirects from `url` until a page answers or the next hop leaves for `stopAt` (e.g. the app's callback). */
  async follow(url: string, stopAt?: string) {
    let next = url;
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.get(next);
      if (!response.location || response.status < 300 || response.status >= 400) return { ...response, url: next };
      if (stopAt && response.location.startsWith(stopAt)) return { ...response, url: next };
      next = response.location;
    }
    throw new Error(`Too many redirects from ${url}`);
  }
}

/** The action URL of the form on a page (the first one, or the one whose action ends with `suffix`). */
export const formAction = (page: string, origin: string, suffix = '') => {
  const actions = [...page.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => match[1] ?? '');
  const action = actions.find((candidate) => candidate.endsWith(suffix));
  if (!action) throw new Error(`No form ending with ${suffix} in the page:\n${page}`);
  return new URL(action.replaceAll('&amp;', '&'), origin).toString();
};

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

/** Exchanges the code of the console's callback URL for the console's tokens. */
export const exchangeConsoleCode = async (origin: string, callbackUrl: string, verifier: string) => {
  const code = new URL(callbackUrl).searchParams.get('code') ?? '';
  const tokens = await postForm(`${origin}/t/admin/oidc/token`, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${origin}/console/callback`,
    client_id: 'admin-console',
  });
  if (tokens.status !== 200) throw new Error(`Token exchange failed: ${JSON.stringify(tokens.body)}`);
  return tokens.body as { access_token: string; refresh_token: string; id_token: string };
};
