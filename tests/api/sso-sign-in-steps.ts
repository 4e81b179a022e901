import { beforeAll, beforeEach, expect } from 'vitest';
import type { AppOptions } from '../../src/server/app.js';
import type { DatabaseTarget } from './harness.js';
import { unique } from './harness.js';
import type { Browser } from './http-browser.js';
import { startTestIdentityProvider } from './saml-identity-provider.js';
import { CALLBACK, PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

export const DOMAIN = 'corp.test';
export const SAML_DOMAIN = 'saml.test';

/**
 * A tenant whose sign-in experience enables single sign-on, with two connectors made fresh for each test: OIDC
 * (`corp-oidc`) for the domain corp.test, whose identity provider is a second tenant of the same server, and SAML for
 * saml.test, whose identity provider is built in the test from samlify.
 */
export const useSsoSignOn = (target: DatabaseTarget, options: () => Partial<AppOptions> = () => ({})) => {
  const pages = useSignInPages(target, options);
  const upstream = { clientId: '', clientSecret: '' };
  const issuer = () => `${pages.origin()}/t/acme/oidc`;
  const ids = { oidc: '', saml: '' };
  const provider: { idp?: Awaited<ReturnType<typeof startTestIdentityProvider>> } = {};
  const idp = () => provider.idp as Awaited<ReturnType<typeof startTestIdentityProvider>>;
  const sp = () => ({
    entityId: `${pages.origin()}/enterprise-sso/${ids.saml}`,
    acs: `${pages.origin()}/api/authn/single-sign-on/saml/${ids.saml}`,
  });

  beforeAll(async () => {
    provider.idp = await startTestIdentityProvider();
    const app = await pages.api('/t/acme', 'POST', '/applications', {
      name: 'Gatehouse workforce',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: [`${pages.origin()}/callback/sso/corp-oidc`], postLogoutRedirectUris: [] },
    });
    expect(app.status, app.text).toBe(200);
    upstream.clientId = app.json().id;
    upstream.clientSecret = app.json().secret;
  });

  beforeEach(async () => {
    await pages.reset();
    await pages.db().exec(`DELETE FROM sso_connectors WHERE tenant_id = 'default'`);
    const oidc = await pages.api('', 'POST', '/sso-connectors', {
      providerName: 'OIDC',
      connectorName: unique('Corp '),
      domains: [DOMAIN],
      config: { ...upstream, issuer: issuer() },
    });
    expect(oidc.status, oidc.text).toBe(200);
    ids.oidc = oidc.json().id;
    await pages
      .db()
      .query(`UPDATE sso_connectors SET id = 'corp-oidc' WHERE tenant_id = 'default' AND id = $1`, [ids.oidc]);
    ids.oidc = 'corp-oidc';
    const samlConnector = await pages.api('', 'POST', '/sso-connectors', {
      providerName: 'SAML',
      connectorName: unique('Saml '),
      domains: [SAML_DOMAIN],
      config: { metadata: idp().metadata },
    });
    expect(samlConnector.status, samlConnector.text).toBe(200);
    ids.saml = samlConnector.json().id;
    await pages.patch('', { singleSignOnEnabled: true });
  });

  const upstreamUser = async (email: string) => {
    const username = unique('up_');
    const user = await createUser(pages.db(), 'acme', { username, primaryEmail: email, password: PASSWORD });
    return { id: user.id, username, email };
  };
  const reachedApp = (answer: { location?: string | undefined; text: string }) =>
    expect(answer.location?.startsWith(CALLBACK), answer.text.slice(0, 1500)).toBe(true);
  const identitiesOf = async (userId: string) =>
    (
      await pages
        .db()
        .query<{ sso_connector_id: string; identity_id: string }>(
          'SELECT sso_connector_id, identity_id FROM user_sso_identities WHERE tenant_id = $1 AND user_id = $2',
          ['default', userId],
        )
    ).rows;
  const userByEmail = async (email: string) =>
    (
      await pages
        .db()
        .query<{ id: string; name: string | null }>(
          `SELECT id, name FROM users WHERE tenant_id = 'default' AND primary_email = $1`,
          [email],
        )
    ).rows;

  /** The password form with the work email: to the upstream, its sign-in, and back. */
  const signOnOidc = async (browser: Browser, pageUrl: string, person: { email: string; username: string }) => {
    const go = await browser.post(`${pageUrl}/sign-in`, { identifier: person.email, password: '' });
    expect(go.status, go.text).toBe(303);
    expect(go.location?.startsWith(`${issuer()}/auth?`)).toBe(true);
    expect(new URL(go.location as string).searchParams.get('login_hint')).toBe(person.email);
    const login = await browser.follow(go.location as string);
    const signedIn = await browser.post(`${login.url}/sign-in`, { identifier: person.username, password: PASSWORD });
    expect(signedIn.status, signedIn.text).toBe(303);
    return browser.follow(signedIn.location as string, CALLBACK);
  };

  return { pages, issuer, ids, idp, sp, upstreamUser, reachedApp, identitiesOf, userByEmail, signOnOidc };
};
