import { randomBytes } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { Browser, exchangeConsoleCode, formAction, pkce } from './oidc-helpers.js';

export type { paths };
export type UsersClient = Client<paths>;

/** A client typed by Logto's Management API, on the tenant of `tenantPath` (`/t/admin`) or the default one. */
export const usersClient = (origin: string, tenantPath = '', headers: Record<string, string> = {}): UsersClient =>
  createClient<paths>({ baseUrl: `${origin}${tenantPath}`, headers });

/**
 * Signs in on the admin tenant's real sign-in page as the console does (authorization request with PKCE, the
 * sign-in form, callback, code exchange). Returns the form's answer, and the tokens when it let the user in.
 */
export const signInOnPage = async (origin: string, identifier: string, password: string) => {
  const browser = new Browser();
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: 'admin-console',
    redirect_uri: `${origin}/console/callback`,
    response_type: 'code',
    scope: 'openid offline_access profile',
    resource: 'https://default.gatehouse.internal/api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(4).toString('hex'),
    prompt: 'login consent',
  });
  const page = await browser.follow(`${origin}/t/admin/oidc/auth?${params}`);
  const submitted = await browser.post(formAction(page.text, origin, '/sign-in'), { identifier, password });
  if (submitted.status !== 303) return { submitted, tokens: undefined };
  const back = await browser.follow(submitted.location ?? '', `${origin}/console/callback`);
  return { submitted, tokens: await exchangeConsoleCode(origin, back.location ?? '', verifier) };
};
