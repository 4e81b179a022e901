/**
 * IdP-initiated SAML sign-in: the identity provider posts a response nobody asked for to the assertion consumer
 * service. Where the connector's settings (`/api/sso-connectors/{id}/idp-initiated-auth-config`) name an application,
 * the response is kept once and the application's authorization request goes out (from Gatehouse, or from the
 * client's callback); its sign-in page signs the named user in. Refused: settings Logto refuses, a connector without
 * them, a replayed response, and one that answers a request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { Browser } from './http-browser.js';
import { CALLBACK } from './sign-in-pages-steps.js';
import { SAML_DOMAIN, useSsoSignOn } from './sso-sign-in-steps.js';

describe.each(databases())('IdP-initiated SAML sign-in on $name', (target) => {
  const { pages, ids, idp, sp, reachedApp, identitiesOf, userByEmail } = useSsoSignOn(target);
  const path = () => `/sso-connectors/${ids.saml}/idp-initiated-auth-config`;
  let appId = '';

  beforeEach(async () => {
    const app = await pages.api('', 'POST', '/applications', {
      name: unique('Intranet '),
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
    });
    expect(app.status, app.text).toBe(200);
    appId = app.json().id;
  });

  it('keeps Logto’s rules for the settings, and reads, replaces and removes them', async () => {
    const put = (body: Record<string, unknown>, at = path()) => pages.api('', 'PUT', at, body);
    const oidc = await put(
      { defaultApplicationId: appId, autoSendAuthorizationRequest: true },
      `/sso-connectors/${ids.oidc}/idp-initiated-auth-config`,
    );
    expect([oidc.status, oidc.json().code]).toEqual([400, 'single_sign_on.idp_initiated_authentication_not_supported']);
    expect((await put({ defaultApplicationId: 'nope', autoSendAuthorizationRequest: true })).status).toBe(404);
    const machine = await pages.api('', 'POST', '/applications', { name: unique('M2M '), type: 'MachineToMachine' });
    const m2m = await put({ defaultApplicationId: machine.json().id, autoSendAuthorizationRequest: true });
    expect(m2m.json().code).toBe('single_sign_on.idp_initiated_authentication_invalid_application_type');
    const elsewhere = await put({
      defaultApplicationId: appId,
      redirectUri: 'https://evil.test/cb',
      autoSendAuthorizationRequest: true,
    });
    expect(elsewhere.json().code).toBe('single_sign_on.idp_initiated_authentication_redirect_uri_not_registered');
    const noCallback = await put({ defaultApplicationId: appId });
    expect(noCallback.json().code).toBe('single_sign_on.idp_initiated_authentication_client_callback_uri_not_found');
    expect((await pages.api('', 'GET', path())).status).toBe(404);

    const saved = await put({
      defaultApplicationId: appId,
      autoSendAuthorizationRequest: true,
      authParameters: { scope: 'email' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json()).toMatchObject({ connectorId: ids.saml, defaultApplicationId: appId, redirectUri: null });
    const replaced = await put({
      defaultApplicationId: appId,
      clientIdpInitiatedAuthCallbackUri: 'https://app.example.com/sso',
    });
    expect(replaced.json()).toMatchObject({ autoSendAuthorizationRequest: false, authParameters: {} });
    expect((await pages.api('', 'GET', path())).json()).toMatchObject({
      clientIdpInitiatedAuthCallbackUri: 'https://app.example.com/sso',
    });
    expect((await pages.api('', 'DELETE', path())).status).toBe(204);
    expect((await pages.api('', 'GET', path())).status).toBe(404);
  });

  it('signs in the user of a response the identity provider sent on its own, once', async () => {
    const email = `${unique('ida_')}@${SAML_DOMAIN}`;
    const response = await idp().respond(sp(), { nameId: email, email });
    // Without settings, the connector takes no unsolicited response.
    expect((await new Browser().post(sp().acs, { SAMLResponse: response })).status).toBe(404);
    const saved = await pages.api('', 'PUT', path(), {
      defaultApplicationId: appId,
      autoSendAuthorizationRequest: true,
    });
    expect(saved.status, saved.text).toBe(200);

    const browser = new Browser();
    const posted = await browser.post(sp().acs, { SAMLResponse: response });
    expect(posted.status, posted.text).toBe(302);
    const authorize = new URL(posted.location as string);
    expect(authorize.pathname).toBe('/oidc/auth');
    expect(authorize.searchParams.get('client_id')).toBe(appId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    reachedApp(await browser.follow(posted.location as string, CALLBACK));
    const [user] = await userByEmail(email);
    expect(await identitiesOf(user?.id ?? '')).toEqual([{ sso_connector_id: ids.saml, identity_id: email }]);

    // The same response again, even from another browser: taken once already.
    const replayed = await new Browser().post(sp().acs, { SAMLResponse: response });
    expect([replayed.status, JSON.parse(replayed.text).code]).toEqual([400, 'connector.invalid_response']);
    // A response answering a request is no IdP-initiated one.
    const answering = await idp().respond(sp(), { requestId: '_some-request', nameId: email, email });
    expect((await new Browser().post(sp().acs, { SAMLResponse: answering })).status).toBe(400);
  });

  it('sends the user to the client’s callback, which sends the authorization request itself', async () => {
    await pages.api('', 'PUT', path(), {
      defaultApplicationId: appId,
      clientIdpInitiatedAuthCallbackUri: 'https://app.example.com/sso',
    });
    const email = `${unique('cal_')}@${SAML_DOMAIN}`;
    const browser = new Browser();
    const posted = await browser.post(sp().acs, { SAMLResponse: await idp().respond(sp(), { nameId: email, email }) });
    expect(posted.location).toBe(`https://app.example.com/sso?ssoConnectorId=${ids.saml}`);
    // The client's authorization request, in the same browser: the kept user signs in.
    const params = new URLSearchParams({
      client_id: appId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 's',
    });
    reachedApp(await browser.follow(`${pages.origin()}/oidc/auth?${params}`, CALLBACK));
    expect(await userByEmail(email)).toHaveLength(1);
  });
});
