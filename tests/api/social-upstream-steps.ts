import { beforeAll, beforeEach, expect } from 'vitest';
import type { AppOptions } from '../../src/server/app.js';
import { type DatabaseTarget, unique } from './harness.js';
import type { Browser } from './http-browser.js';
import { CALLBACK, PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

export const CONNECTOR = 'acme-oidc';
export const OAUTH = 'acme-oauth';
/** A page of the customer's own where users link their accounts (the authorization-uri's redirect URI). */
export const LINK_PAGE = 'https://app.example.com/link';

/**
 * The sign-in pages with a second tenant of the same server (`acme`) as the upstream OpenID provider, reached
 * through the default tenant's generic OIDC connector (`acme-oidc`, target `acme`); sign-up asks for nothing the
 * provider does not give unless a test says otherwise.
 */
export const useSocialUpstream = (target: DatabaseTarget, options: () => Partial<AppOptions> = () => ({})) => {
  const pages = useSignInPages(target, options);
  const upstream = { clientId: '', clientSecret: '' };
  const issuer = () => `${pages.origin()}/t/acme/oidc`;

  const oidcConfig = (extra: Record<string, unknown> = {}) => ({
    ...upstream,
    authorizationEndpoint: `${issuer()}/auth`,
    tokenEndpoint: `${issuer()}/token`,
    scope: 'profile email',
    tokenEndpointAuthMethod: 'client_secret_basic',
    idTokenVerificationConfig: { jwksUri: `${issuer()}/jwks`, issuer: issuer() },
    ...extra,
  });

  beforeAll(async () => {
    const redirectUris = [...[CONNECTOR, OAUTH].map((id) => `${pages.origin()}/callback/social/${id}`), LINK_PAGE];
    const app = await pages.api('/t/acme', 'POST', '/applications', {
      name: 'Gatehouse default tenant',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris, postLogoutRedirectUris: [] },
    });
    expect(app.status, app.text).toBe(200);
    upstream.clientId = app.json().id;
    upstream.clientSecret = app.json().secret;
  });

  beforeEach(async () => {
    await pages.reset();
    await pages.db().exec(`DELETE FROM connectors WHERE tenant_id = 'default'`);
    const connector = await pages.api('', 'POST', '/connectors', {
      id: CONNECTOR,
      connectorId: 'oidc',
      metadata: { target: 'acme', name: { en: 'Acme' } },
      config: oidcConfig(),
    });
    expect(connector.status, connector.text).toBe(200);
    const signUp = { identifiers: [], password: false, verify: false };
    await pages.patch('', { socialSignInConnectorTargets: ['acme'], signUp });
  });

  /** A user of the upstream tenant, with an email address (which it vouches for) unless `null`. */
  const upstreamUser = async (email: string | null = `${unique('up_')}@upstream.test`) => {
    const username = unique('up_');
    const user = await createUser(pages.db(), 'acme', { username, primaryEmail: email, password: PASSWORD });
    return { id: user.id, username, email };
  };

  /**
   * From the sign-in page: the button, the upstream's sign-in, and back; answers the answer the way back ends in
   * (or the redirect to `stopAt`).
   */
  const signInUpstream = async (
    browser: Browser,
    pageUrl: string,
    username: string,
    connectorId = CONNECTOR,
    stopAt = CALLBACK,
  ) => {
    const go = await browser.post(`${pageUrl}/social/${connectorId}`, {});
    expect(go.status, go.text).toBe(303);
    expect(go.location?.startsWith(`${issuer()}/auth?`)).toBe(true);
    const login = await browser.follow(go.location as string);
    expect(login.url).toMatch(/\/t\/acme\/interaction\/[\w-]+$/);
    const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: username, password: PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(303);
    return browser.follow(signedIn.location as string, stopAt);
  };

  const reachedApp = (answer: { location?: string | undefined; text: string }) =>
    expect(answer.location?.startsWith(CALLBACK), answer.text.slice(0, 2000)).toBe(true);

  /** The default tenant's accounts that hold the upstream user (by the connector's target). */
  const holderOf = async (platformUserId: string, target = 'acme') => {
    const { rows } = await pages.db().query<{ id: string; email: string | null; username: string | null }>(
      `SELECT id, primary_email AS email, username FROM users
        WHERE tenant_id = 'default' AND identities -> $1 ->> 'userId' = $2`,
      [target, platformUserId],
    );
    return rows;
  };

  return { pages, upstream, issuer, oidcConfig, upstreamUser, signInUpstream, reachedApp, holderOf };
};
