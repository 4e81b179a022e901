/**
 * Signing in to a SAML service provider in Chromium: the provider (a page on another origin, built in the test from
 * samlify) sends its AuthnRequest, the user signs in on the tenant's page, and the callback's page posts the signed
 * response to the provider's assertion consumer service on its own, its script allowed by the page's nonce.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as saml from 'samlify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { type RunningServer, startServer } from '../api/oidc-helpers.js';
import { createUser } from '../api/users.js';
import { migratedPgliteTemplate } from '../template-databases.js';
import { type Browser, launchBrowser, submitSignIn } from './harness';

const PASSWORD = 'Team-wiki-2024';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

describe('signing in to a SAML service provider', () => {
  let db: Database;
  let server: RunningServer;
  let provider: Server;
  let browser: Browser;
  let spOrigin: string;
  let userId: string;

  beforeAll(async () => {
    db = await connectDatabase({ template: migratedPgliteTemplate() });
    server = await startServer(db);
    provider = createServer();
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    spOrigin = `http://localhost:${(provider.address() as AddressInfo).port}`;
    const created = await fetch(`${server.origin}/api/saml-applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Team wiki',
        entityId: `${spOrigin}/metadata`,
        acsUrl: { binding: POST, url: `${spOrigin}/acs` },
        attributeMapping: { username: 'login' },
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const metadata = await (await fetch(`${server.origin}/api/saml-applications/${id}/metadata`)).text();
    const idp = saml.IdentityProvider({ metadata });
    const sp = saml.ServiceProvider({
      entityID: `${spOrigin}/metadata`,
      assertionConsumerService: [{ Binding: POST, Location: `${spOrigin}/acs` }],
      relayState: '/pages/home',
    });
    // The service provider: /login starts a sign-in, /acs verifies what it is posted and greets the user.
    provider.on('request', (request, response) => {
      if (request.method === 'GET' && request.url === '/login') {
        const { context } = sp.createLoginRequest(idp, 'redirect') as { context: string };
        response.writeHead(302, { location: context }).end();
        return;
      }
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        sp.parseLoginResponse(idp, 'post', { body: form }).then(
          ({ extract }) => {
            const login = String((extract.attributes as Record<string, unknown>).login);
            response.writeHead(200, { 'content-type': 'text/html' });
            response.end(
              `<h1>Welcome, ${escapeHtml(login)}</h1><p id="subject">${escapeHtml(String(extract.nameID))}</p>` +
                `<p id="relay">${escapeHtml(form.RelayState ?? '')}</p>`,
            );
          },
          () => response.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Refused</h1>'),
        );
      });
    });
    userId = (await createUser(db, 'default', { username: 'grace', password: PASSWORD })).id;
    browser = await launchBrowser({ signInTo: false });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => provider?.close(resolve));
    await server?.close();
    await db?.close();
  });

  test('the user signs in on the tenant’s page and arrives at the provider signed in, its RelayState kept', async () => {
    await browser.page.goto(`${spOrigin}/login`);
    await submitSignIn(browser.page, 'grace', PASSWORD);
    await browser.page.getByRole('heading', { name: 'Welcome, grace' }).waitFor({ timeout: 30_000 });
    expect(browser.page.url()).toBe(`${spOrigin}/acs`);
    expect(await browser.page.locator('#subject').textContent()).toBe(userId);
    expect(await browser.page.locator('#relay').textContent()).toBe('/pages/home');
  });

  test('had no uncaught errors or blocked scripts and form submissions in the pages', () => {
    expect(browser.errors).toEqual([]);
  });
});
