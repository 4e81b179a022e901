/**
 * A browser as far as the sign-in flow needs one, over HTTP: the API tests drive the sign-in pages with it, and the
 * browser tests sign their administrator in with it before handing the session to Chromium.
 */
export interface Cookie {
  name: string;
  value: string;
  path: string;
}

const pathMatches = (cookiePath: string, requestPath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

/**
 * The cookie jar and the requests: a cookie jar honouring paths and deletions, redirects not
 * followed automatically (the tests look at each hop), an Accept-Language header.
 */
export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  constructor(readonly language = 'en') {}

  /** The cookies held now (to hand a session over to a real browser). */
  get jar(): readonly Cookie[] {
    return [...this.cookies.values()];
  }

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

  async request(url: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}) {
    const target = new URL(url);
    const headers: Record<string, string> = { 'accept-language': this.language };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
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
  /** A JSON request (an API a page's script calls), with the cookies of its path; `json()` reads the answer. */
  send = async (method: string, url: string, json?: unknown) => {
    const response = await this.request(url, { method, ...(json === undefined ? {} : { json }) });
    return { ...response, json: () => (response.text ? JSON.parse(response.text) : undefined) };
  };
  post = (url: string, form: Record<string, string>) => this.request(url, { form });

  /** Follows redirects from `url` until a page answers or the next hop leaves for `stopAt` (e.g. the app's callback). */
  async follow(url: string, stopAt?: string) {
    let next = url;
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.get(next);
      if (!response.location || response.status < 300 || response.status >= 400) return { ...response, url: next };
      const absolute = new URL(response.location, next).href;
      if (stopAt && (response.location.startsWith(stopAt) || absolute.startsWith(stopAt))) {
        return { ...response, url: next };
      }
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
