/**
 * Social sign-in end to end in Chromium, against a real upstream: a second Gatehouse server is the OpenID provider
 * (its own sign-in pages, keys and tokens), set up as the generic OIDC social connector "Acme". A new person signs
 * up with it (the registration form asking only for the username the provider does not give) and comes back signed
 * in; a person whose email the provider verifies is asked, then gets the identity linked to the account that
 * already has that address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkPage } from './accessibility';
import { type AppCallback, authorizationUrl, startAppCallback } from './app-callback';
import { visible } from './console-steps';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  screenshot,
  screenshotPrefix,
  startServer,
  submitSignIn,
} from './harness';

const PASSWORD = 'Upstream-passw0rd-42';

let upstream: RunningServer;
let server: RunningServer;
let upstreamAdmin: Browser;
let admin: Browser;
let app: AppCallback;
let clientId = '';

const call = async (target: RunningServer, as: Browser, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${target.origin}/api${path}`, {
    method,
    headers: { ...(await authHeaders(as)), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

/**
 * From the application: the sign-in page's Acme button, the upstream's own sign-in, and back to the application;
 * where a new account still needs a username (the tenant's sign-up asks for one), the registration form first.
 */
const signInWithAcme = async (
  member: Browser,
  username: string,
  then: { newUsername?: string; link?: boolean } = {},
) => {
  const { newUsername } = then;
  const { page } = member;
  await page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'social' }));
  await visible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  await page.getByRole('button', { name: 'Continue with Acme' }).click();
  await page.waitForURL((url) => url.origin === upstream.origin);
  await visible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  await submitSignIn(page, username, PASSWORD);
  if (newUsername) {
    await visible(page.getByRole('heading', { level: 1, name: 'Create account' }));
    await visible(page.getByText('Your account at the provider is verified.'));
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'complete-profile');
    expect(await checkPage(page, 'registration form completing a social sign-up')).toEqual([]);
    await page.getByLabel('Username').fill(newUsername);
    await page.getByRole('button', { name: 'Create account' }).click();
  }
  if (then.link) {
    await visible(page.getByRole('heading', { level: 1, name: 'Link your account' }));
    await screenshot(page, 'link-account');
    expect(await checkPage(page, 'social link page')).toEqual([]);
    await page.getByRole('button', { name: 'Link and continue' }).click();
  }
  await page.waitForURL((url) => url.href.startsWith(app.url), { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
};

const usersWith = async (email: string) =>
  (await fetch(`${server.origin}/api/users?search=${encodeURIComponent(email)}`, {
    headers: await authHeaders(admin),
  }).then((response) => response.json())) as {
    id: string;
    username: string | null;
    primaryEmail: string;
    identities: Record<string, unknown>;
  }[];

describe('social sign-in with another Gatehouse as the provider', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    screenshotPrefix('social-sign-in');
    upstream = await startServer();
    upstreamAdmin = await launchBrowser({ signInTo: upstream });
    server = await startServer();
    admin = await launchBrowser({ signInTo: server });
    app = await startAppCallback('Storefront');
    const client = await call(upstream, upstreamAdmin, 'POST', '/applications', {
      name: 'Storefront sign-in',
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: [`${server.origin}/callback/social/acme`], postLogoutRedirectUris: [] },
    });
    const issuer = `${upstream.origin}/oidc`;
    await call(server, admin, 'POST', '/connectors', {
      id: 'acme',
      connectorId: 'oidc',
      metadata: { target: 'acme', name: { en: 'Acme' } },
      config: {
        clientId: client.id,
        clientSecret: client.secret,
        authorizationEndpoint: `${issuer}/auth`,
        tokenEndpoint: `${issuer}/token`,
        scope: 'profile email',
        tokenEndpointAuthMethod: 'client_secret_basic',
        idTokenVerificationConfig: { jwksUri: `${issuer}/jwks`, issuer },
      },
    });
    await call(server, admin, 'PATCH', '/sign-in-exp', { socialSignInConnectorTargets: ['acme'] });
    const created = await call(server, admin, 'POST', '/applications', {
      name: 'Storefront',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [app.url], postLogoutRedirectUris: [] },
    });
    clientId = String(created.id);
  });

  afterAll(async () => {
    await admin?.close();
    await upstreamAdmin?.close();
    await server?.stop();
    await upstream?.stop();
    await app?.close();
  });

  test('a new person signs up with Acme, giving the username sign-up asks for, then signs in with it', async () => {
    await call(upstream, upstreamAdmin, 'POST', '/users', {
      username: 'grace',
      primaryEmail: 'grace@upstream.test',
      password: PASSWORD,
    });
    const member = await launchBrowser({ signInTo: false });
    await member.page.goto(authorizationUrl(server.origin, clientId, app.url, { state: 'look' }));
    await visible(member.page.getByRole('button', { name: 'Continue with Acme' }));
    await screenshot(member.page, 'button');
    expect(await checkPage(member.page, 'sign-in page with a social button')).toEqual([]);
    await signInWithAcme(member, 'grace', { newUsername: 'grace_h' });
    const [grace] = await usersWith('grace@upstream.test');
    expect(Object.keys(grace?.identities ?? {})).toEqual(['acme']);
    expect(grace).toMatchObject({ username: 'grace_h' });
    expect(member.errors).toEqual([]);
    await member.close();

    // Signing in again with Acme asks nothing and makes no second account.
    const again = await launchBrowser({ signInTo: false });
    await signInWithAcme(again, 'grace');
    expect(await usersWith('grace@upstream.test')).toHaveLength(1);
    await again.close();
  });

  test('the account with the address Acme verifies gets the identity linked, once the person agrees', async () => {
    const local = await call(server, admin, 'POST', '/users', {
      username: 'ada',
      primaryEmail: 'ada@example.com',
      password: 'Local-passw0rd-1843',
    });
    await call(upstream, upstreamAdmin, 'POST', '/users', {
      username: 'ada_upstream',
      primaryEmail: 'ada@example.com',
      password: PASSWORD,
    });
    const member = await launchBrowser({ signInTo: false });
    // The sign-in pages ask before they link (the tenant does not link accounts automatically).
    await signInWithAcme(member, 'ada_upstream', { link: true });
    const found = await usersWith('ada@example.com');
    expect(found.map((user) => user.id)).toEqual([local.id]);
    expect(Object.keys(found[0]?.identities ?? {})).toEqual(['acme']);
    await member.close();
  });
});
