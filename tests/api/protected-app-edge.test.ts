/**
 * A protected app end to end at its edge: requests to its host (sent to the server with that Host, as the wildcard
 * DNS of the protected apps' domain would) go to sign in at the tenant, come back through the callback with a
 * session, and then reach the app's origin (a local server recording what arrives) with the visitor's ID token,
 * the origin's answer coming back as it was. Refused: a forged or foreign session, a state from another sign-in.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { Browser } from './http-browser.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

const DOMAIN = 'apps.gatehouse.test';

interface Arrived {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe.each(databases())('the protected apps’ edge on $name', (target) => {
  const pages = useSignInPages(target, () => ({ protectedAppDomain: DOMAIN }));
  const arrived: Arrived[] = [];
  const origin = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      arrived.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body });
      answer.writeHead(201, { 'content-type': 'text/plain', 'x-origin': 'yes', 'set-cookie': 'site=1; Path=/' });
      answer.end(`origin saw ${incoming.method} ${incoming.url}`);
    });
  });
  let originUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

  /** A request to the server as the protected host (its own Host header), cookies as given. */
  const atHost = async (host: string, path: string, init: { method?: string; cookie?: string; body?: string } = {}) => {
    const answer = await request(`${pages.origin()}${path}`, {
      method: (init.method ?? 'GET') as 'GET',
      headers: { host, ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: init.body ?? null,
    });
    const text = await answer.body.text();
    const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
    const cookies = Object.fromEntries(setCookie.map((line) => line.split(';')[0]?.split('=') ?? []));
    return { status: answer.statusCode, headers: answer.headers, text, cookies: cookies as Record<string, string> };
  };

  const newApp = async (pageRules: { path: string }[] = []) => {
    const sub = unique('wiki-');
    const created = await pages.api('', 'POST', '/applications', {
      name: 'Wiki',
      type: 'Protected',
      protectedAppMetadata: { subDomain: sub, origin: originUrl },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json().id as string;
    if (pageRules.length > 0) {
      const patched = await pages.api('', 'PATCH', `/applications/${id}`, { protectedAppMetadata: { pageRules } });
      expect(patched.status, patched.text).toBe(200);
    }
    return { id, host: `${sub}.${DOMAIN}` };
  };

  /** Through the tenant's sign-in from the edge's redirect, up to the callback (not yet called). */
  const toCallback = async (host: string, from: string) => {
    const start = await atHost(host, from);
    expect(start.status).toBe(302);
    const username = unique('visitor_');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const browser = new Browser();
    const login = await browser.follow(String(start.headers.location));
    const posted = await browser.post(`${login.url}/sign-in`, { identifier: username, password: PASSWORD });
    const back = await browser.follow(String(posted.location), `https://${host}/sign-in-callback`);
    const callback = new URL(String(back.location));
    return {
      userId: user.id,
      path: `${callback.pathname}${callback.search}`,
      state: `gh_protected_state=${start.cookies.gh_protected_state}`,
    };
  };

  /** A visitor signed in at the app: the session cookie. */
  const signedIn = async (host: string, from = '/docs?page=2') => {
    const { userId, path, state } = await toCallback(host, from);
    const done = await atHost(host, path, { cookie: state });
    expect(done.status, done.text).toBe(302);
    expect(done.headers.location).toBe(from);
    return { userId, session: `gh_protected_session=${done.cookies.gh_protected_session}` };
  };

  it('signs the visitor in at the tenant, then forwards to the origin with their ID token', async () => {
    const { host } = await newApp();
    const first = await atHost(host, '/docs?page=2');
    expect(first.status).toBe(302);
    const to = new URL(String(first.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(`${pages.origin()}/oidc/auth`);
    expect(to.searchParams.get('redirect_uri')).toBe(`https://${host}/sign-in-callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(arrived).toHaveLength(0);

    const { userId, session } = await signedIn(host);
    const page = await atHost(host, '/docs?page=2', { cookie: `${session}; theme=dark` });
    expect(page.status).toBe(201);
    expect(page.text).toBe('origin saw GET /docs?page=2');
    expect(page.headers['x-origin']).toBe('yes');
    expect(page.cookies.site).toBe('1');
    const seen = arrived.at(-1) as Arrived;
    expect(seen.headers.cookie).toBe('theme=dark');
    expect(seen.headers['x-forwarded-host']).toBe(host);
    const idToken = String(seen.headers['logto-id-token']);
    expect(JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub).toBe(userId);

    const posted = await atHost(host, '/notes', { method: 'POST', cookie: session, body: 'a note' });
    expect(posted.text).toBe('origin saw POST /notes');
    expect(arrived.at(-1)?.body).toBe('a note');
  });

  it('refuses a forged session, another app’s session and a code from another sign-in', async () => {
    const one = await newApp();
    const other = await newApp();
    const { session } = await signedIn(one.host);
    const before = arrived.length;
    const [name, value = ''] = session.split('=');
    expect((await atHost(one.host, '/', { cookie: `${name}=${value.slice(0, -2)}xx` })).status).toBe(302);
    expect((await atHost(other.host, '/', { cookie: session })).status).toBe(302);
    expect(arrived.length).toBe(before);

    // A code meant for one browser's sign-in, brought to another browser (its own state): refused, and the code
    // still works for the browser it was meant for.
    const meant = await toCallback(one.host, '/');
    const elsewhere = (await atHost(one.host, '/')).cookies.gh_protected_state;
    const refused = await atHost(one.host, meant.path, { cookie: `gh_protected_state=${elsewhere}` });
    expect(refused.status).toBe(400);
    expect(refused.cookies.gh_protected_session).toBeUndefined();
    expect((await atHost(one.host, meant.path, { cookie: meant.state })).status).toBe(302);
  });

  it('lets through the paths no page rule protects, without a token', async () => {
    const { host } = await newApp([{ path: '^/private' }]);
    const open = await atHost(host, '/public/page');
    expect(open.status).toBe(201);
    expect(arrived.at(-1)?.headers['logto-id-token']).toBeUndefined();
    expect((await atHost(host, '/private/page')).status).toBe(302);
  });
});
