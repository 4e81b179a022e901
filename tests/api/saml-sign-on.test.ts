/**
 * Signing in to a SAML service provider through a SAML application: a service provider built in the test from the
 * same SAML library sends its AuthnRequest (redirect and POST bindings), the user signs in on the tenant's page, and
 * the provider verifies the signed response it is posted: the user's NameID and attributes, its own request's ID,
 * its RelayState. Requests from another issuer, a callback in another browser and a replayed callback are refused.
 */
import * as saml from 'samlify';
import { describe, expect, it } from 'vitest';
import { makeSigningCertificate } from '../../src/entities/samlApplicationSecret/server/certificate.js';
import { databases, unique } from './harness.js';
import { Browser, formAction } from './oidc-helpers.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { usersClient } from './user-sign-in.js';
import { createUser } from './users.js';

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const SP_ENTITY = 'https://wiki.example.com/saml/metadata';
const ACS = 'https://wiki.example.com/saml/acs';

const hidden = (page: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1]?.replaceAll('&#43;', '+').replaceAll('&#61;', '=');

describe.each(databases())('SAML single sign-on on $name', (target) => {
  const pages = useSignInPages(target);
  const client = () => usersClient(pages.origin());

  /** A SAML application for the test's service provider, its identity provider read from its metadata. */
  const setUp = async (settings: Record<string, unknown> = {}) => {
    const made = await client().POST('/api/saml-applications', {
      body: { name: unique('Wiki '), entityId: SP_ENTITY, acsUrl: { binding: POST, url: ACS }, ...settings } as never,
    });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const id = made.data?.id ?? '';
    const metadata = await fetch(`${pages.origin()}/api/saml-applications/${id}/metadata`).then((r) => r.text());
    const idp = saml.IdentityProvider({ metadata });
    const sp = saml.ServiceProvider({
      entityID: SP_ENTITY,
      assertionConsumerService: [{ Binding: POST, Location: ACS }],
      relayState: 'page=/docs/start',
    });
    const username = unique('ada_');
    const user = await createUser(pages.db(), 'default', {
      username,
      password: PASSWORD,
      primaryEmail: `${username}@example.com`,
    });
    await client().PATCH('/api/users/{userId}', {
      params: { path: { userId: user.id } },
      body: { name: 'Ada Lovelace' },
    });
    return { id, idp, sp, user, username };
  };

  /** From the sign-in page the AuthnRequest led to: the user signs in, and the callback answers its posting page. */
  const signIn = async (browser: Browser, page: { text: string }, username: string) => {
    const origin = pages.origin();
    const submitted = await browser.post(formAction(page.text, origin, '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    expect(submitted.status, submitted.text).toBe(303);
    const callback = await browser.follow(submitted.location ?? '');
    return callback;
  };

  it('signs the user in to the service provider by the redirect binding: NameID, attributes, request and state', async () => {
    const { id, idp, sp, user, username } = await setUp({ attributeMapping: { email: 'mail', name: 'displayName' } });
    const request = sp.createLoginRequest(idp, 'redirect') as { id: string; context: string };
    expect(request.context.startsWith(`${pages.origin()}/api/saml/${id}/authn?`)).toBe(true);
    const browser = new Browser();
    const page = await browser.follow(request.context);
    expect(page.status).toBe(200);
    const callback = await signIn(browser, page, username);
    expect(callback.status, callback.text).toBe(200);
    expect(callback.url.startsWith(`${pages.origin()}/api/saml-applications/${id}/callback?`)).toBe(true);
    expect(callback.text).toContain(`action="${ACS}"`);
    expect(callback.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);

    const SAMLResponse = hidden(callback.text, 'SAMLResponse') ?? '';
    const RelayState = hidden(callback.text, 'RelayState');
    expect(RelayState).toBe('page=/docs/start');
    const { extract } = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse, RelayState } });
    expect(extract.nameID).toBe(user.id);
    expect(extract.attributes).toEqual({ mail: `${username}@example.com`, displayName: 'Ada Lovelace' });
    expect(extract.response?.inResponseTo).toBe(request.id);
    expect(extract.audience).toBe(SP_ENTITY);

    // The same callback again: its code is spent.
    const replayed = await browser.get(callback.url);
    expect(replayed.status).toBe(400);
    // Both steps are in the audit log, the callback's with the user; the replay's as an error.
    await pages.server().app.auditLog.flush();
    const logsOf = async (logKey: string) =>
      (await client().GET('/api/logs', { params: { query: { logKey, applicationId: id } } })).data ?? [];
    expect((await logsOf('SamlApplication.AuthnRequest')).map((log) => log.payload.result)).toEqual(['Success']);
    const callbacks = await logsOf('SamlApplication.Callback');
    expect(callbacks.map((log) => log.payload.result).sort()).toEqual(['Error', 'Success']);
    expect(callbacks.find((log) => log.payload.result === 'Success')?.payload).toMatchObject({ userId: user.id });
    // A response whose subject was changed no longer verifies.
    const xml = Buffer.from(SAMLResponse, 'base64').toString('utf8').replace(user.id, 'someone-else');
    await expect(
      sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse: Buffer.from(xml).toString('base64') } }),
    ).rejects.toThrow();
  });

  it('takes the POST binding, and names the user by their verified email address when asked to', async () => {
    const { id, idp, sp, username } = await setUp({
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
    const request = sp.createLoginRequest(idp, 'post') as { context: string; entityEndpoint: string };
    expect(request.entityEndpoint).toBe(`${pages.origin()}/api/saml/${id}/authn`);
    const browser = new Browser();
    const sent = await browser.post(request.entityEndpoint, { SAMLRequest: request.context, RelayState: 'x' });
    expect(sent.status, sent.text).toBe(302);
    const page = await browser.follow(sent.location ?? '');
    const callback = await signIn(browser, page, username);
    expect(callback.status, callback.text).toBe(200);
    const SAMLResponse = hidden(callback.text, 'SAMLResponse') ?? '';
    const { extract } = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse } });
    expect(extract.nameID).toBe(`${username}@example.com`);
    expect(extract.attributes).toMatchObject({ email: `${username}@example.com`, name: 'Ada Lovelace' });
  });

  it.each([false, true])(
    'encrypts the assertion for the service provider, which alone can read it (encryptThenSign: %s)',
    async (encryptThenSign) => {
      const spKeys = await makeSigningCertificate(1);
      const { id, username, user } = await setUp({
        encryption: { encryptAssertion: true, encryptThenSign, certificate: spKeys.certificate },
      });
      const metadata = await fetch(`${pages.origin()}/api/saml-applications/${id}/metadata`).then((r) => r.text());
      const idp = saml.IdentityProvider({ metadata, isAssertionEncrypted: true });
      const sp = saml.ServiceProvider({
        entityID: SP_ENTITY,
        assertionConsumerService: [{ Binding: POST, Location: ACS }],
        isAssertionEncrypted: true,
        encPrivateKey: spKeys.privateKey,
      });
      const browser = new Browser();
      const page = await browser.follow((sp.createLoginRequest(idp, 'redirect') as { context: string }).context);
      const callback = await signIn(browser, page, username);
      const SAMLResponse = hidden(callback.text, 'SAMLResponse') ?? '';
      const xml = Buffer.from(SAMLResponse, 'base64').toString('utf8');
      expect(xml).toContain('EncryptedAssertion');
      expect(xml).not.toContain(user.id);
      const { extract } = await sp.parseLoginResponse(idp, 'post', { body: { SAMLResponse } });
      expect(extract.nameID).toBe(user.id);
    },
  );

  it('refuses a request from another issuer, a malformed one, and a callback in a browser that did not start it', async () => {
    const { id, idp, username } = await setUp();
    const stranger = saml.ServiceProvider({
      entityID: 'https://evil.example.com',
      assertionConsumerService: [{ Binding: POST, Location: ACS }],
    });
    const foreign = new URL((stranger.createLoginRequest(idp, 'redirect') as { context: string }).context);
    const refused = await client().GET('/api/saml/{id}/authn', {
      params: { path: { id }, query: { SAMLRequest: foreign.searchParams.get('SAMLRequest') ?? '' } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'application.saml.auth_request_issuer_not_match' });
    const malformed = await client().POST('/api/saml/{id}/authn', {
      params: { path: { id } },
      body: { SAMLRequest: Buffer.from('<not-saml/>').toString('base64') },
    });
    expect(malformed.response.status).toBe(400);
    expect(malformed.error).toMatchObject({ code: 'application.saml.invalid_saml_request' });

    // Signed in in one browser, the callback opened in another: the sign-in is not that browser's.
    const sp = saml.ServiceProvider({
      entityID: SP_ENTITY,
      assertionConsumerService: [{ Binding: POST, Location: ACS }],
    });
    const browser = new Browser();
    const page = await browser.follow((sp.createLoginRequest(idp, 'redirect') as { context: string }).context);
    const submitted = await browser.post(formAction(page.text, pages.origin(), '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    const back = await browser.follow(submitted.location ?? '', `${pages.origin()}/api/saml-applications/`);
    const query = Object.fromEntries(new URL(back.location ?? '').searchParams);
    const elsewhere = await client().GET('/api/saml-applications/{id}/callback', {
      params: { path: { id }, query: query as never },
      parseAs: 'text',
    });
    expect(elsewhere.response.status).toBe(400);
    expect(elsewhere.error).toMatchObject({
      code: 'application.saml.sp_initiated_saml_sso_session_not_found_in_cookies',
    });
  });
});
