/**
 * The admin tenant's sign-in pages and what a signed-in user is granted: management scopes only with the role, and
 * a third-party app nothing before the user's consent.
 */
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import {
  Browser,
  formAction,
  pkce,
  postForm,
  type RunningServer,
  registerFirstAdmin,
  startServer,
} from './oidc-helpers.js';
import { PASSWORD, signInSteps } from './oidc-sign-in-steps.js';
import { createUser } from './users.js';

describe.each(databases())('sign-in pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let issuer: string;
  let callback: string;
  /** The first administrator's token for the default tenant's management API. */
  let managementToken: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    issuer = `${server.origin}/t/admin/oidc`;
    callback = `${server.origin}/console/callback`;
    // The first administrator, registered through the pages (the registration tests check that part).
    const tokens = await registerFirstAdmin(server.origin, 'admin', PASSWORD, 'Admin@Example.com');
    managementToken = tokens.access_token;
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { toCallback, exchange, verifyManagementToken, signIn } = signInSteps(() => ({
    server,
    issuer,
    callback,
  }));

  it('never issues a default-tenant management scope to a user without the role', async () => {
    const username = unique('plain_');
    await createUser(db, 'admin', { username, password: PASSWORD });
    const browser = new Browser();
    const { submitted, state, verifier } = await signIn(browser, username, PASSWORD);
    const code = await toCallback(browser, submitted.location, state);
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    const payload = await verifyManagementToken(tokens.body.access_token);
    expect(payload.scope).toBeUndefined();
  });

  it('asks for consent before a third-party app gets anything; refusing sends access_denied back', async () => {
    const partnerCallback = 'https://partner.example.com/callback';
    const created = await fetch(`${server.origin}/api/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Partner portal',
        type: 'SPA',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: [partnerCallback], postLogoutRedirectUris: [] },
      }),
    });
    expect(created.status).toBe(200);
    const clientId = ((await created.json()) as { id: string }).id;
    // A third-party app may ask its users only for the user scopes it was given.
    const given = await fetch(`${server.origin}/api/applications/${clientId}/user-consent-scopes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userScopes: ['profile'] }),
    });
    expect(given.status).toBe(201);
    const username = unique('member_');
    await createUser(db, 'default', { username, password: PASSWORD });
    const defaultIssuer = `${server.origin}/oidc`;

    /** Signs the member in to the partner app, up to the consent page. */
    const toConsent = async (browser: Browser) => {
      const { verifier, challenge } = pkce();
      const state = randomBytes(8).toString('hex');
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: partnerCallback,
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
      });
      const page = await browser.follow(`${defaultIssuer}/auth?${params}`);
      const submitted = await browser.post(formAction(page.text, server.origin, '/sign-in'), {
        identifier: username,
        password: PASSWORD,
      });
      expect(submitted.status, submitted.text).toBe(303);
      const consent = await browser.follow(submitted.location as string, partnerCallback);
      expect(consent.status, consent.text).toBe(200);
      expect(consent.text).toContain('Authorize Partner portal');
      return { consent, state, verifier };
    };

    const allowing = new Browser();
    const { consent, state, verifier } = await toConsent(allowing);
    const allowed = await allowing.post(formAction(consent.text, server.origin, '/consent'), {});
    expect(allowed.status).toBe(303);
    const back = await allowing.follow(allowed.location as string, partnerCallback);
    const url = new URL(back.location as string);
    expect(url.origin + url.pathname).toBe(partnerCallback);
    expect(url.searchParams.get('state')).toBe(state);
    const tokens = await postForm(`${defaultIssuer}/token`, {
      grant_type: 'authorization_code',
      code: url.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: partnerCallback,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(decodeJwt(tokens.body.id_token)).toMatchObject({ iss: defaultIssuer, aud: clientId });

    const refusing = new Browser();
    const refusal = await toConsent(refusing);
    const refused = await refusing.post(formAction(refusal.consent.text, server.origin, '/abort'), {});
    const denied = new URL((await refusing.follow(refused.location as string, partnerCallback)).location as string);
    expect(denied.origin + denied.pathname).toBe(partnerCallback);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe(refusal.state);
  });
});
