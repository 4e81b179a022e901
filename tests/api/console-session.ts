import { randomBytes } from 'node:crypto';
import { Browser, exchangeConsoleCode, formAction, pkce } from './oidc-helpers.js';

export const consoleUrls = (origin: string) => ({
  issuer: `${origin}/t/admin/oidc`,
  callback: `${origin}/console/callback`,
  postLogout: `${origin}/console`,
});

/** The console's authorization request (code with PKCE), with `extra` parameters; answers the URL. */
export const consoleAuthorization = (origin: string, extra: Record<string, string> = {}) => {
  const { issuer, callback } = consoleUrls(origin);
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: 'admin-console',
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid offline_access profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url: `${issuer}/auth?${params}`, verifier, state };
};

/**
 * Signs in to the console through the real pages in `browser` (which then holds the provider's session) and
 * exchanges the code; answers the console's tokens.
 */
export const signInToConsole = async (
  origin: string,
  identifier: string,
  password: string,
  browser = new Browser(),
) => {
  const { callback } = consoleUrls(origin);
  const { url, verifier } = consoleAuthorization(origin, { prompt: 'login' });
  const page = await browser.follow(url);
  const submitted = await browser.post(formAction(page.text, origin, '/sign-in'), { identifier, password });
  if (submitted.status !== 303) throw new Error(`Sign-in refused (${submitted.status}): ${submitted.text}`);
  const back = await browser.follow(submitted.location ?? '', callback);
  return { browser, tokens: await exchangeConsoleCode(origin, back.location ?? '', verifier) };
};
