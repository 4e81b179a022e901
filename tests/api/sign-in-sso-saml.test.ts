/**
 * Enterprise single sign-on by SAML on the sign-in pages, against an identity provider built in the test from samlify:
 * the AuthnRequest by redirect, the signed response posted to the assertion consumer service, then the app. Refused:
 * responses that are unsigned, changed, expired, replayed, for another service provider or another request; a
 * wrapped, unsigned assertion is never read. Logto's clients get Logto's answers at both assertion consumer services.
 */
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, unique } from './harness.js';
import { Browser } from './http-browser.js';
import { decoded, encoded, TEST_IDP_SSO } from './saml-identity-provider.js';
import { CALLBACK } from './sign-in-pages-steps.js';
import { SAML_DOMAIN, useSsoSignOn } from './sso-sign-in-steps.js';

describe.each(databases())('enterprise single sign-on by SAML on $name', (target) => {
  const { pages, issuer, ids, idp, sp, reachedApp, identitiesOf, userByEmail } = useSsoSignOn(target);

  const startSaml = async (email: string) => {
    const { browser, page } = await pages.open('');
    const go = await browser.post(`${page.url}/sso`, { email });
    expect(go.status, go.text).toBe(303);
    expect(go.location?.startsWith(`${TEST_IDP_SSO}?`)).toBe(true);
    const requestId = await idp().requestIdOf(sp(), go.location as string);
    const relayState = new URL(go.location as string).searchParams.get('RelayState') ?? '';
    return { browser, requestId, relayState };
  };
  const post = (browser: Browser, SAMLResponse: string, RelayState: string) =>
    browser.post(sp().acs, { SAMLResponse, RelayState });

  it('signs on with SAML: the signed response posted to the assertion consumer service, then the app', async () => {
    const email = `${unique('dee_')}@${SAML_DOMAIN}`;
    const { browser, requestId, relayState } = await startSaml(email);
    const response = await idp().respond(sp(), { requestId, nameId: email, email, name: 'Dee Example' });
    const consumed = await post(browser, response, relayState);
    expect(consumed.status, consumed.text).toBe(302);
    reachedApp(await browser.follow(consumed.location as string, CALLBACK));
    const [user] = await userByEmail(email);
    expect(user?.name).toBe('Dee Example');
    expect(await identitiesOf(user?.id ?? '')).toEqual([{ sso_connector_id: ids.saml, identity_id: email }]);
    // The same response again: its request is answered already.
    const replayed = await post(new Browser(), response, relayState);
    expect([replayed.status, JSON.parse(replayed.text).code]).toEqual([
      404,
      'session.connector_validation_session_not_found',
    ]);
    // Without a RelayState (IdP-initiated, not set up for this connector).
    const unsolicited = await post(new Browser(), response, '');
    expect(unsolicited.status).toBe(404);
  });

  it.each([
    ['unsigned', (xml: string) => xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')],
    ['with a changed subject', (xml: string) => xml.replaceAll('dee-target@', 'mallory@')],
  ])('refuses a SAML response %s', async (_name, tamper) => {
    const email = `dee-target@${SAML_DOMAIN}`;
    const { browser, requestId, relayState } = await startSaml(email);
    const valid = await idp().respond(sp(), { requestId, nameId: email, email });
    const consumed = await post(browser, encoded(tamper(decoded(valid))), relayState);
    expect(consumed.status, consumed.text).toBe(302);
    const refused = await browser.follow(consumed.location as string, CALLBACK);
    expect(refused.status).toBe(400);
    expect(await userByEmail(email)).toEqual([]);
    expect(await userByEmail(`mallory@${SAML_DOMAIN}`)).toEqual([]);
  });

  it('refuses a suspended account of the email, and gives it no identity', async () => {
    const email = `${unique('sus_')}@${SAML_DOMAIN}`;
    const local = await pages.api('', 'POST', '/users', { username: unique('sus_'), primaryEmail: email });
    await pages.api('', 'PATCH', `/users/${local.json().id}/is-suspended`, { isSuspended: true });
    const { browser, requestId, relayState } = await startSaml(email);
    const consumed = await post(browser, await idp().respond(sp(), { requestId, nameId: email, email }), relayState);
    const refused = await browser.follow(consumed.location as string, CALLBACK);
    expect(refused.status).toBe(403);
    expect(await identitiesOf(local.json().id)).toEqual([]);
  });

  it('reads only the signed assertion of a response that wraps a second, unsigned one in', async () => {
    const email = `${unique('gil_')}@${SAML_DOMAIN}`;
    const { browser, requestId, relayState } = await startSaml(email);
    const xml = decoded(await idp().respond(sp(), { requestId, nameId: email, email }));
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    const evil = assertion
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replaceAll(email, `mallory@${SAML_DOMAIN}`);
    const consumed = await post(browser, encoded(xml.replace('<saml:Assertion', `${evil}<saml:Assertion`)), relayState);
    reachedApp(await browser.follow(consumed.location as string, CALLBACK));
    expect(await userByEmail(`mallory@${SAML_DOMAIN}`)).toEqual([]);
    expect(await userByEmail(email)).toHaveLength(1);
  });

  it('refuses an expired SAML assertion, one for another service provider, and one answering another request', async () => {
    const email = `${unique('fay_')}@${SAML_DOMAIN}`;
    const cases = [
      { notOnOrAfter: new Date(Date.now() - 60_000) },
      { audience: 'https://another-sp.example.com' },
      { requestId: '_another-request' },
    ];
    for (const change of cases) {
      const { browser, requestId, relayState } = await startSaml(email);
      const response = await idp().respond(sp(), { requestId, nameId: email, email, ...change });
      const consumed = await post(browser, response, relayState);
      const refused = await browser.follow(consumed.location as string, CALLBACK);
      expect(refused.status, JSON.stringify(change)).toBe(400);
    }
    expect(await userByEmail(email)).toEqual([]);
  });

  it('answers Logto’s clients at the assertion consumer services: unknown connectors, other kinds, no session', async () => {
    const client = createClient<paths>({ baseUrl: pages.origin() });
    const acs = (connectorId: string, body: { SAMLResponse: string; RelayState?: string }) =>
      client.POST('/api/authn/single-sign-on/saml/{connectorId}', { params: { path: { connectorId } }, body });
    const response = await idp().respond(sp(), { nameId: `x@${SAML_DOMAIN}`, email: `x@${SAML_DOMAIN}` });
    expect((await acs('nope', { SAMLResponse: response })).response.status).toBe(404);
    const oidc = await acs(ids.oidc, { SAMLResponse: response, RelayState: 'x' });
    expect([oidc.response.status, (oidc.error as unknown as { code?: string })?.code]).toEqual([
      400,
      'connector.unexpected_type',
    ]);
    const unsolicited = await acs(ids.saml, { SAMLResponse: response });
    expect(unsolicited.response.status).toBe(404);
    const stranger = await acs(ids.saml, { SAMLResponse: response, RelayState: 'abcdefghijkl.forged' });
    expect((stranger.error as unknown as { code?: string })?.code).toBe(
      'session.connector_validation_session_not_found',
    );

    // Logto's social SAML endpoint: no social connector here speaks SAML.
    const social = await pages.api('', 'POST', '/connectors', {
      connectorId: 'oidc',
      metadata: { target: unique('acme'), name: { en: 'Acme' } },
      config: {
        clientId: 'c',
        clientSecret: 's',
        authorizationEndpoint: `${issuer()}/auth`,
        tokenEndpoint: `${issuer()}/token`,
        idTokenVerificationConfig: { jwksUri: `${issuer()}/jwks`, issuer: issuer() },
      },
    });
    expect(social.status, social.text).toBe(200);
    const saml = (connectorId: string, body: Record<string, unknown>) =>
      client.POST('/api/authn/saml/{connectorId}', { params: { path: { connectorId } }, body });
    expect((await saml('nope', { SAMLResponse: response, RelayState: 'r' })).response.status).toBe(404);
    expect((await saml(social.json().id, {})).error).toMatchObject({ code: 'connector.invalid_response' });
    const unsupported = await saml(social.json().id, { SAMLResponse: response, RelayState: 'r' });
    expect([unsupported.response.status, (unsupported.error as unknown as { code?: string })?.code]).toEqual([
      501,
      'connector.not_implemented',
    ]);
  });
});
