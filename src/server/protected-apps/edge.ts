import { createHash, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { request as upstreamRequest } from 'undici';
import type { Database } from '../db/database.js';
import { requestHost } from '../http/host.js';
import { tenantBasePath } from '../tenants/urls.js';
import { type ProtectedApp, protectedAppHosts } from './hosts.js';
import { cookieSeal, cookiesOf } from './seal.js';

const SESSION = 'gh_protected_session';
const STATE = 'gh_protected_state';
const CALLBACK = '/sign-in-callback';
const STATE_MS = 10 * 60 * 1000;
/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), and those the edge sets itself. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const cookie = (name: string, value: string, maxAgeSeconds: number) =>
  `${name}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;

/** Whether a path needs a sign-in: every path without page rules, else those a rule matches (a broken rule does). */
const needsSignIn = (app: ProtectedApp, path: string) =>
  app.pageRules.length === 0 ||
  app.pageRules.some((rule) => {
    try {
      return new RegExp(rule.path).test(path);
    } catch {
      return true;
    }
  });

/** The subject of an ID token the tenant's own token endpoint just answered (read, not verified: it is ours). */
const subjectOf = (idToken: string) => {
  try {
    return decodeJwt(idToken).sub;
  } catch {
    return undefined;
  }
};

/**
 * The protected apps' edge: a request whose host is a protected app's (its own under PROTECTED_APP_DOMAIN, or its
 * Active custom domain) is the app's, whatever its path. A visitor without a session, on a path that needs one, is
 * sent to sign in at the tenant (the authorization code flow with PKCE, as the app's confidential client, the state
 * in a short cookie); the callback exchanges the code and keeps the session in a cookie sealed with the app's key
 * for the app's session duration. Then every request goes on to the app's origin with the visitor's ID token
 * (`Logto-ID-Token`), and the origin's answer streams back as it is. No other route of the server answers there.
 */
export const registerProtectedAppEdge = (
  app: FastifyInstance,
  db: Database,
  { issuerOf, ownHost }: { issuerOf: (tenantId: string) => string; ownHost?: string | undefined },
) => {
  const hosts = protectedAppHosts(db);

  const signIn = (protectedApp: ProtectedApp, request: FastifyRequest, reply: FastifyReply) => {
    const seal = cookieSeal(protectedApp.secret, protectedApp.requestHost);
    const verifier = random(32);
    const state = random(24);
    const returnTo = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/';
    const query = new URLSearchParams({
      client_id: protectedApp.id,
      redirect_uri: `https://${protectedApp.requestHost}${CALLBACK}`,
      response_type: 'code',
      scope: ['openid', 'profile', ...protectedApp.additionalScopes].join(' '),
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const sealed = seal.seal({ state, verifier, returnTo }, Date.now() + STATE_MS);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Set-Cookie', cookie(STATE, sealed, STATE_MS / 1000))
      .redirect(`${issuerOf(protectedApp.tenantId)}/auth?${query}`, 302);
  };

  const callback = async (protectedApp: ProtectedApp, request: FastifyRequest, reply: FastifyReply) => {
    const seal = cookieSeal(protectedApp.secret, protectedApp.requestHost);
    const query = request.query as Record<string, unknown>;
    const saved = seal.open<{ state: string; verifier: string; returnTo: string }>(
      cookiesOf(request.headers.cookie).get(STATE),
    );
    if (!saved || typeof query.code !== 'string' || query.state !== saved.state) {
      return reply.status(400).header('Cache-Control', 'no-store').type('text/plain').send('Sign-in failed.');
    }
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: `https://${protectedApp.requestHost}${CALLBACK}`,
      code_verifier: saved.verifier,
    });
    const basic = Buffer.from(`${encodeURIComponent(protectedApp.id)}:${encodeURIComponent(protectedApp.secret)}`);
    // The tenant's token endpoint answers in-process (the request never leaves the server).
    const answer = await app.inject({
      method: 'POST',
      url: `${tenantBasePath(protectedApp.tenantId)}/oidc/token`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic.toString('base64')}`,
      },
      payload: form.toString(),
    });
    const tokens = answer.json() as { id_token?: string };
    const subject = tokens.id_token ? subjectOf(tokens.id_token) : undefined;
    if (answer.statusCode !== 200 || !tokens.id_token || !subject) {
      return reply.status(400).header('Cache-Control', 'no-store').type('text/plain').send('Sign-in failed.');
    }
    const expiresAt = Date.now() + protectedApp.sessionDuration * 1000;
    const session = seal.seal({ sub: subject, idToken: tokens.id_token }, expiresAt);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Set-Cookie', [cookie(SESSION, session, protectedApp.sessionDuration), cookie(STATE, '', 0)])
      .redirect(saved.returnTo, 302);
  };

  const forward = async (
    protectedApp: ProtectedApp,
    request: FastifyRequest,
    reply: FastifyReply,
    idToken?: string,
  ) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP.has(name) || name === 'host' || name === 'logto-id-token') continue;
      headers[name] = value;
    }
    // The edge's own cookies stay at the edge.
    const others = [...cookiesOf(request.headers.cookie)].filter(([name]) => name !== SESSION && name !== STATE);
    if (others.length > 0) headers.cookie = others.map(([name, value]) => `${name}=${value}`).join('; ');
    else delete headers.cookie;
    headers['x-forwarded-host'] = protectedApp.requestHost;
    headers['x-forwarded-proto'] = 'https';
    if (idToken) headers['logto-id-token'] = idToken;
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const target = new URL(request.url, protectedApp.origin);
    const upstream = await upstreamRequest(target, {
      method: request.method as 'GET',
      headers,
      body: hasBody ? request.raw : null,
    }).catch((error: unknown) => {
      request.log.warn({ err: error, origin: protectedApp.origin }, 'protected app origin unreachable');
      return undefined;
    });
    if (!upstream) return reply.status(502).type('text/plain').send('The website could not be reached.');
    reply.hijack();
    const answerHeaders = Object.fromEntries(
      Object.entries(upstream.headers).filter(([name, value]) => value !== undefined && !HOP.has(name)),
    ) as Record<string, string | string[]>;
    reply.raw.writeHead(upstream.statusCode, answerHeaders);
    await pipeline(upstream.body, reply.raw).catch(() => reply.raw.destroy());
  };

  app.addHook('onRequest', async (request, reply) => {
    const host = requestHost(request.headers.host);
    if (!host || host === ownHost) return;
    const protectedApp = await hosts(host);
    if (!protectedApp) return;
    const path = request.url.split('?')[0] ?? '/';
    if (path === CALLBACK) {
      await callback(protectedApp, request, reply);
      return reply;
    }
    const seal = cookieSeal(protectedApp.secret, protectedApp.requestHost);
    const session = seal.open<{ sub: string; idToken: string }>(cookiesOf(request.headers.cookie).get(SESSION));
    if (!session && needsSignIn(protectedApp, path)) signIn(protectedApp, request, reply);
    else await forward(protectedApp, request, reply, session?.idToken);
    return reply;
  });
};
