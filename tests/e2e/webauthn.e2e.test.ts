/**
 * The passkey primitives in Chromium, without the sign-in flow: a small server made here serves the bind and
 * verify pages (the product's views, script and policy) on http://localhost (a secure context) and verifies what
 * the browser's virtual authenticator answers with the product's WebAuthn module.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticationOptions,
  type RelyingParty,
  registrationOptions,
  relyingParty,
  type StoredMfaVerification,
  verifyAuthentication,
  verifyRegistration,
  type WebAuthnVerification,
  withAuthentication,
} from '../../src/entities/user/server/account/webauthn';
import { generatedCatalog } from '../../src/server/catalog';
import { modelOf } from '../../src/server/crud/catalog';
import { pageChrome } from '../../src/server/interaction/chrome';
import { sendPage } from '../../src/server/interaction/context';
import { pageExperience } from '../../src/server/interaction/experience';
import { registerWebAuthnAssets } from '../../src/server/interaction/webauthn-assets';
import { webauthnBindPage, webauthnVerifyPage } from '../../src/server/interaction/webauthn-views';
import { translatorFor } from '../../src/server/locales';
import { type Browser, launchBrowser } from './harness';
import { addVirtualAuthenticator, base64url, type VirtualAuthenticator } from './virtual-authenticator';

const user = { id: 'user-e2e', username: 'ada', primaryEmail: 'ada@example.com' };
const tr = translatorFor('en');
const experience = pageExperience({}, modelOf(generatedCatalog(), 'signInExperience'));

/** What the sign-in flow will keep: the user's verifications, the challenge of the page last shown, the refusals. */
const state = { verifications: [] as StoredMfaVerification[], challenge: '', refusals: [] as string[] };

const done = (reply: FastifyReply, text: string) => {
  const chrome = pageChrome(experience);
  return sendPage(reply, 200, `<!DOCTYPE html><html lang="en"><title>${text}</title><h1>${text}</h1></html>`, chrome);
};

const passkeyServer = (rp: () => RelyingParty): FastifyInstance => {
  const app = Fastify();
  registerWebAuthnAssets(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, next) =>
    next(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const refused = (error: unknown) => {
    state.refusals.push(error instanceof Error && 'reason' in error ? String(error.reason) : String(error));
    return tr.t('errors:webauthn_failed');
  };

  const bind = async (reply: FastifyReply, status = 200, error?: string) => {
    const options = await registrationOptions(user, state.verifications, rp());
    state.challenge = options.challenge;
    const chrome = pageChrome(experience);
    const view = { action: '/bind', options, ...(error ? { error } : {}) };
    return sendPage(reply, status, webauthnBindPage(tr, view, chrome), chrome);
  };
  const verify = async (reply: FastifyReply, status = 200, error?: string) => {
    const options = await authenticationOptions(state.verifications, rp());
    state.challenge = options.challenge;
    const chrome = pageChrome(experience);
    const view = { action: '/verify', options, ...(error ? { error } : {}) };
    return sendPage(reply, status, webauthnVerifyPage(tr, view, chrome), chrome);
  };

  app.get('/bind', (_request, reply) => bind(reply));
  app.post<{ Body: { response?: string } }>('/bind', async (request, reply) => {
    try {
      const agent = request.headers['user-agent'];
      const stored = await verifyRegistration(request.body.response, state.challenge, rp(), { agent });
      state.verifications.push(stored);
    } catch (error) {
      return bind(reply, 400, refused(error));
    }
    return done(reply, 'Passkey added');
  });
  app.get('/verify', (_request, reply) => verify(reply));
  app.post<{ Body: { response?: string } }>('/verify', async (request, reply) => {
    try {
      const result = await verifyAuthentication(request.body.response, state.challenge, state.verifications, rp());
      state.verifications = withAuthentication(state.verifications, result);
    } catch (error) {
      return verify(reply, 400, refused(error));
    }
    return done(reply, 'Verified');
  });
  return app;
};

describe('passkeys in Chromium', () => {
  let app: FastifyInstance;
  let origin: string;
  let browser: Browser;
  let authenticator: VirtualAuthenticator;
  const stored = () => state.verifications[0] as WebAuthnVerification;

  beforeAll(async () => {
    let rp: RelyingParty | undefined;
    app = passkeyServer(() => {
      if (!rp) throw new Error('not listening yet');
      return rp;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://localhost:${(app.server.address() as AddressInfo).port}`;
    // The relying party of a tenant whose issuer is on this origin.
    rp = relyingParty(`${origin}/oidc`);
    browser = await launchBrowser({ signInTo: false });
    authenticator = await addVirtualAuthenticator(browser.page);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('registers a passkey, after a cancelled first try', async () => {
    const { page } = browser;
    const response = await page.goto(`${origin}/bind`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await expect(page.getByRole('heading', { name: 'Add a passkey' }).isVisible()).resolves.toBe(true);

    // Without user verification the browser refuses: the page says so and offers to try again.
    await authenticator.setUserVerified(false);
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await page.getByText('The passkey request was cancelled or timed out.').waitFor();
    expect(await authenticator.credentials()).toEqual([]);

    await authenticator.setUserVerified(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Passkey added' }).waitFor();

    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(stored()).toMatchObject({
      type: 'WebAuthn',
      rpId: 'localhost',
      credentialId: base64url(credentials[0]?.credentialId ?? ''),
      counter: credentials[0]?.signCount,
      agent: expect.stringContaining('Chrome'),
      transports: ['internal'],
    });
    expect(state.refusals).toEqual([]);
  });

  it('verifies with the passkey and stores the new counter', async () => {
    const { page } = browser;
    const before = stored().counter;
    await page.goto(`${origin}/verify`);
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.getByRole('heading', { name: 'Verified' }).waitFor();
    const [credential] = await authenticator.credentials();
    expect(credential?.signCount).toBeGreaterThan(before);
    expect(stored().counter).toBe(credential?.signCount);
    expect(stored().lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(state.refusals).toEqual([]);
  });

  it('refuses an assertion signed over another challenge than the page was given', async () => {
    const { page } = browser;
    const before = { ...stored() };
    await page.goto(`${origin}/verify`);
    await page.locator('#webauthn-options').evaluate((element) => {
      const options = JSON.parse(element.textContent ?? '{}') as { challenge: string };
      element.textContent = JSON.stringify({ ...options, challenge: 'dGFtcGVyZWQtY2hhbGxlbmdl' });
    });
    const answer = page.waitForResponse((to) => to.request().method() === 'POST');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    expect((await answer).status()).toBe(400);
    await page.getByText('The passkey could not be verified. Try again.').waitFor();
    expect(state.refusals).toEqual(['challenge']);
    expect(stored()).toEqual(before);
    // The page is a fresh one with a new challenge: the passkey still works.
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await page.getByRole('heading', { name: 'Verified' }).waitFor();
    expect(stored().counter).toBeGreaterThan(before.counter);
    expect(browser.errors).toEqual([]);
  });
});
