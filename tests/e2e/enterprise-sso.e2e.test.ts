/**
 * Enterprise SSO end to end in Chromium: the administrator adds an OIDC connector (a second Gatehouse server is the
 * identity provider) and a SAML connector (a SAML identity provider of the test) on the console's Enterprise SSO
 * pages, connects each and gives it an email domain; then people of those domains sign in to an application by
 * their work email alone, through the identity provider, and come back signed in, their accounts made just in time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
import { type AppCallback, authorizationUrl, startAppCallback } from './app-callback';
import { consoleSteps, visible } from './console-steps';
import {
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';
import { type SamlIdpServer, startSamlIdpServer } from './saml-idp-server';

const PASSWORD = 'Upstream-passw0rd-42';

let upstream: RunningServer;
let server: RunningServer;
let upstreamAdmin: Browser;
let admin: Browser;
let page: Page;
let app: AppCallback;
let idp: SamlIdpServer;
let clientId = '';
let samlId = '';

const { api, field } = consoleSteps(() => ({ server, browser: admin }));
const upstreamApi = consoleSteps(() => ({ server: upstream, browser: upstreamAdmin })).api;
const input = (label: string) => field(page, label).locator('input, textarea').first();

/** The console's create page: the provider's card, the name, then the new connector's connection tab. */
const addConnector = async (provider: RegExp, name: string) => {
  await page.goto(`${server.origin}/console/enterprise-sso`);
  await visible(page.getByRole('heading', { level: 1, name: 'Enterprise SSO' }));
  await page.getByRole('button', { name: 'Add enterprise connector' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Add enterprise connector' }));
  await page.getByRole('button', { name: provider }).click();
  await page.getByLabel('Connector name').fill(name);
  await page.getByRole('button', { name: 'Create connector' }).click();
  await page.waitForURL(/\/console\/enterprise-sso\/[^/]+\/connection$/);
  await visible(page.getByRole('heading', { level: 1, name }));
  return decodeURIComponent(page.url().split('/').at(-2) ?? '');
};

const saveAndWait = async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page.getByText('Saved', { exact: true }).last());
};

/** The experience tab: one email domain, saved. */
const addDomain = async (domain: string) => {
  await page.getByRole('tab', { name: 'Experience' }).click();
  await page.waitForURL(/\/experience$/);
  await page.locator('#sso-domains').fill(domain);
  await page.keyboard.press('Enter');
  await saveAndWait();
};

const signedInUser = async (email: string) => {
  const [user] = (await api(`/users?search=${encodeURIComponent(email)}`)).body as { id: string }[];
  if (!user) return undefined;
  return (await api(`/users/${user.id}?includeSsoIdentities=true`)).body as {
    primaryEmail: string;
    ssoIdentities: { ssoConnectorId: string }[];
  };
};

describe('enterprise SSO', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('enterprise-sso');
    upstream = await startServer();
    upstreamAdmin = await launchBrowser({ signInTo: upstream });
    server = await startServer();
    admin = await launchBrowser({ signInTo: server });
    page = admin.page;
    app = await startAppCallback('Workplace');
    idp = await startSamlIdpServer(() => ({
      entityId: `${server.origin}/enterprise-sso/${samlId}`,
      acs: `${server.origin}/api/authn/single-sign-on/saml/${samlId}`,
    }));
    const created = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Workplace',
        type: 'SPA',
        oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] },
      },
    });
    clientId = created.body.id;
    await api('/sign-in-exp', { method: 'PATCH', body: { singleSignOnEnabled: true } });
  });

  afterAll(async () => {
    await admin?.close();
    await upstreamAdmin?.close();
    await server?.stop();
    await upstream?.stop();
    await app?.close();
    await idp?.close();
  });

  test('adds and connects an OIDC connector; a person of its domain signs in from the Single sign-on page', async () => {
    const id = await addConnector(/^OIDC\b/, 'Acme workforce');
    const redirectUri = await page.locator('#sso-redirect_uri').inputValue();
    expect(redirectUri).toBe(`${server.origin}/callback/sso/${id}`);
    expect(await checkPage(page, '/console/enterprise-sso/{id}/connection')).toEqual([]);
    const client = await upstreamApi('/applications', {
      method: 'POST',
      body: {
        name: 'Acme',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
      },
    });
    await input('Client ID').fill(client.body.id);
    await input('Client secret').fill(client.body.secret);
    await input('Issuer').fill(`${upstream.origin}/oidc`);
    await saveAndWait();
    await addDomain('acme.test');
    await page.goto(`${server.origin}/console/enterprise-sso`);
    await visible(page.getByRole('row', { name: /Acme workforce.*acme\.test.*Connected/ }));

    await upstreamApi('/users', {
      method: 'POST',
      body: { username: 'ann', primaryEmail: 'ann@acme.test', password: PASSWORD },
    });
    const member = await launchBrowser({ signInTo: false });
    await member.page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'sso' }));
    await member.page.getByRole('link', { name: 'Single sign-on' }).click();
    await visible(member.page.getByRole('heading', { level: 1, name: 'Single sign-on' }));
    expect(await checkPage(member.page, 'single sign-on page')).toEqual([]);
    await member.page.getByLabel('Work email').fill('ann@acme.test');
    await member.page.getByRole('button', { name: 'Continue' }).click();
    await member.page.waitForURL((url) => url.origin === upstream.origin);
    await submitSignIn(member.page, 'ann', PASSWORD);
    await member.page.waitForURL((url) => url.href.startsWith(app.url), { timeout: 30_000 });
    expect(new URL(member.page.url()).searchParams.get('code')).toBeTruthy();
    expect((await signedInUser('ann@acme.test'))?.ssoIdentities.map((identity) => identity.ssoConnectorId)).toEqual([
      id,
    ]);
    expect(member.errors).toEqual([]);
    await member.close();
  });

  test('adds a SAML connector from its metadata; a person of its domain signs in from the password form', async () => {
    samlId = await addConnector(/^SAML\b/, 'Globex SAML');
    expect(await page.locator('#sso-acs_url').inputValue()).toBe(
      `${server.origin}/api/authn/single-sign-on/saml/${samlId}`,
    );
    await input('Metadata XML').fill(idp.metadata);
    await saveAndWait();
    await addDomain('globex.test');

    idp.signsInAs.email = 'dee@globex.test';
    idp.signsInAs.name = 'Dee Globex';
    const member = await launchBrowser({ signInTo: false });
    await member.page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'saml' }));
    await member.page.locator('input#identifier').fill('dee@globex.test');
    await member.page.getByRole('button', { name: 'Sign in' }).click();
    await visible(member.page.getByRole('heading', { level: 1, name: 'Test identity provider' }));
    await member.page.getByRole('button', { name: 'Continue' }).click();
    await member.page.waitForURL((url) => url.href.startsWith(app.url), { timeout: 30_000 });
    expect(new URL(member.page.url()).searchParams.get('code')).toBeTruthy();
    const dee = await signedInUser('dee@globex.test');
    expect(dee?.ssoIdentities.map((identity) => identity.ssoConnectorId)).toEqual([samlId]);
    await member.close();
  });

  test('takes a sign-in the SAML identity provider starts, set up on the IdP-initiated tab', async () => {
    const intranet = await api('/applications', {
      method: 'POST',
      body: {
        name: 'Intranet',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] },
      },
    });
    await page.goto(`${server.origin}/console/enterprise-sso/${samlId}/idp-initiated-auth`);
    await visible(page.getByRole('heading', { level: 1, name: 'Globex SAML' }));
    await page.getByRole('switch', { name: 'Take sign-ins the identity provider starts' }).click();
    await page.locator('#sso-idp-application').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Intranet' })
      .click();
    expect(await checkPage(page, '/console/enterprise-sso/{id}/idp-initiated-auth')).toEqual([]);
    await saveAndWait();
    expect((await api(`/sso-connectors/${samlId}/idp-initiated-auth-config`)).body).toMatchObject({
      defaultApplicationId: intranet.body.id,
      autoSendAuthorizationRequest: true,
    });

    idp.signsInAs.email = 'fay@globex.test';
    idp.signsInAs.name = 'Fay Globex';
    const member = await launchBrowser({ signInTo: false });
    await member.page.goto(idp.initiateUrl);
    await member.page.getByRole('button', { name: 'Continue' }).click();
    await member.page.waitForURL((url) => url.href.startsWith(app.url), { timeout: 30_000 });
    expect(new URL(member.page.url()).searchParams.get('code')).toBeTruthy();
    expect((await signedInUser('fay@globex.test'))?.ssoIdentities.map((identity) => identity.ssoConnectorId)).toEqual([
      samlId,
    ]);
    await member.close();
  });

  test('deletes a connector from its page; its users keep their accounts', async () => {
    await page.goto(`${server.origin}/console/enterprise-sso/${samlId}/experience`);
    await visible(page.getByRole('heading', { level: 1, name: 'Globex SAML' }));
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/console\/enterprise-sso$/);
    await visible(page.getByRole('row', { name: /Acme workforce/ }));
    expect(await page.getByRole('row', { name: /Globex SAML/ }).count()).toBe(0);
    expect((await signedInUser('dee@globex.test'))?.ssoIdentities).toEqual([]);
  });
});
