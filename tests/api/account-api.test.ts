/**
 * Logto's Account API: a signed-in user reads and changes their own account with the opaque access token their
 * application received, as far as the tenant's account center allows: the profile, the password after proving who
 * they are, a new email address after a code to it, and what each refused step answers.
 */
import { randomBytes } from 'node:crypto';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, unique } from './harness.js';
import { Browser, formAction, pkce, postForm } from './oidc-helpers.js';
import { expectDocumentedRoutes } from './openapi-document-steps.js';
import { CALLBACK, PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';
import { createUser } from './users.js';

const NEW_PASSWORD = 'An0ther-long-passw0rd';

describe.each(databases())('the Account API on $name', (target) => {
  const pages = useSignInPages(target);
  let smtp: SmtpTestServer;
  let clientId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const email = await pages.api('', 'POST', '/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp),
    });
    expect(email.status, email.text).toBe(200);
    const app = await pages.api('', 'POST', '/applications', {
      name: 'Own account',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [CALLBACK], postLogoutRedirectUris: [] },
    });
    clientId = app.json().id;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    await pages.reset();
    const center = await pages.api('', 'PATCH', '/account-center', {
      enabled: true,
      fields: { name: 'Edit', username: 'ReadOnly', email: 'Edit', password: 'Edit', customData: 'Off' },
    });
    expect(center.status, center.text).toBe(200);
  });

  /** Signs the user in to the application and answers its opaque access token (no API resource asked). */
  const accessTokenOf = async (username: string, password = PASSWORD) => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid profile email custom_data',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(4).toString('hex'),
    });
    const page = await browser.follow(`${pages.origin()}/oidc/auth?${params}`);
    const submitted = await browser.post(formAction(page.text, pages.origin(), '/sign-in'), {
      identifier: username,
      password,
    });
    const back = await browser.follow(submitted.location as string, CALLBACK);
    const code = new URL(back.location as string).searchParams.get('code') ?? '';
    const tokens = await postForm(`${pages.origin()}/oidc/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
      client_id: clientId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    return (tokens.body as { access_token: string }).access_token;
  };

  const call = async (token: string, method: string, path: string, body?: unknown, verification?: string) => {
    const response = await fetch(`${pages.origin()}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(verification ? { 'logto-verification-id': verification } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  const newUser = async () => {
    const username = unique('acct');
    const email = `${username}@example.com`;
    const user = await createUser(pages.db(), 'default', { username, primaryEmail: email, password: PASSWORD });
    return { user, username, email, token: await accessTokenOf(username) };
  };

  it('shows the account as the scopes and the account center allow, and only to its own user', async () => {
    const { user, username, email, token } = await newUser();
    const shown = await call(token, 'GET', '/my-account');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: user.id, username, primaryEmail: email, hasPassword: true });
    expect(shown.body).not.toHaveProperty('customData');

    expect((await call('not-a-token', 'GET', '/my-account')).body.code).toBe('auth.unauthorized');
    const missing = await fetch(`${pages.origin()}/api/my-account`);
    expect(missing.status).toBe(401);
    // Another tenant's Account API does not take this tenant's token.
    const elsewhere = await fetch(`${pages.origin()}/t/acme/api/my-account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(elsewhere.status).toBe(401);

    await pages.api('', 'PATCH', '/account-center', { enabled: false });
    const off = await call(token, 'GET', '/my-account');
    expect([off.status, off.body.code]).toEqual([400, 'account_center.not_enabled']);
  });

  it('changes the name, and refuses a field the account center does not let users edit', async () => {
    const { user, token } = await newUser();
    const renamed = await call(token, 'PATCH', '/my-account', { name: 'Ada Lovelace' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Ada Lovelace');
    const stored = await pages.api('', 'GET', `/users/${user.id}`);
    expect(stored.json().name).toBe('Ada Lovelace');
    const username = await call(token, 'PATCH', '/my-account', { username: 'someone_else' });
    expect([username.status, username.body.code]).toEqual([400, 'account_center.field_not_editable']);
    const bad = await call(token, 'PATCH', '/my-account', { avatar: 'javascript:alert(1)' });
    expect([bad.status, bad.body.code]).toEqual([400, 'guard.invalid_input']);
  });

  it('changes the password only after the current one proves the user', async () => {
    const { username, token } = await newUser();
    const unproved = await call(token, 'POST', '/my-account/password', { password: NEW_PASSWORD });
    expect([unproved.status, unproved.body.code]).toEqual([401, 'verification_record.permission_denied']);
    const wrong = await call(token, 'POST', '/verifications/password', { password: 'not-my-password' });
    expect([wrong.status, wrong.body.code]).toEqual([422, 'session.invalid_credentials']);
    const proof = await call(token, 'POST', '/verifications/password', { password: PASSWORD });
    expect(proof.status).toBe(201);
    const record = proof.body.verificationRecordId as string;
    expect(Date.parse(proof.body.expiresAt)).toBeGreaterThan(Date.now());
    const weak = await call(token, 'POST', '/my-account/password', { password: '123' }, record);
    expect([weak.status, weak.body.code]).toEqual([422, 'password.rejected']);
    expect((await call(token, 'POST', '/my-account/password', { password: NEW_PASSWORD }, record)).status).toBe(204);

    // Another user's record proves nothing for this one.
    const other = await newUser();
    const borrowed = await call(other.token, 'POST', '/my-account/password', { password: NEW_PASSWORD }, record);
    expect(borrowed.body.code).toBe('verification_record.permission_denied');
    // The new password signs in.
    expect(await accessTokenOf(username, NEW_PASSWORD)).toBeTruthy();
  });

  it('counts wrong passwords against the account, as the sign-in lockout does', async () => {
    await pages.patch('', { sentinelPolicy: { maxAttempts: 2, lockoutDuration: 15 } });
    const { token } = await newUser();
    for (let attempt = 0; attempt < 2; attempt++) {
      await call(token, 'POST', '/verifications/password', { password: `wrong-${attempt}` });
    }
    const locked = await call(token, 'POST', '/verifications/password', { password: PASSWORD });
    expect([locked.status, locked.body.code]).toEqual([400, 'session.verification_blocked_too_many_attempts']);
  });

  it('binds a new email address after a code to it verified it', async () => {
    const { token, email } = await newUser();
    const proof = await call(token, 'POST', '/verifications/verification-code', {
      identifier: { type: 'email', value: email },
    });
    expect(proof.status).toBe(201);
    const ownCode = (await smtp.nextMessageTo(email)).text.match(/\b(\d{6})\b/)?.[1];
    const proved = await call(token, 'POST', '/verifications/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId: proof.body.verificationRecordId,
      code: ownCode,
    });
    expect(proved.status).toBe(200);
    const identity = proved.body.verificationRecordId as string;

    const next = `${unique('moved')}@example.com`;
    const sent = await call(token, 'POST', '/verifications/verification-code', {
      identifier: { type: 'email', value: next },
    });
    const unverified = await call(
      token,
      'POST',
      '/my-account/primary-email',
      { email: next, newIdentifierVerificationRecordId: sent.body.verificationRecordId },
      identity,
    );
    expect([unverified.status, unverified.body.code]).toEqual([400, 'verification_record.not_found']);
    const code = (await smtp.nextMessageTo(next)).text.match(/\b(\d{6})\b/)?.[1];
    await call(token, 'POST', '/verifications/verification-code/verify', {
      identifier: { type: 'email', value: next },
      verificationId: sent.body.verificationRecordId,
      code,
    });
    // A code to a new address proves the address, not the user.
    const notProof = await call(
      token,
      'DELETE',
      '/my-account/primary-email',
      undefined,
      sent.body.verificationRecordId,
    );
    expect(notProof.body.code).toBe('verification_record.permission_denied');
    const bound = await call(
      token,
      'POST',
      '/my-account/primary-email',
      { email: next, newIdentifierVerificationRecordId: sent.body.verificationRecordId },
      identity,
    );
    expect(bound.status).toBe(204);
    expect((await call(token, 'GET', '/my-account')).body.primaryEmail).toBe(next);
  });

  it('describes the Account API it serves in its OpenAPI document, at the tenant it is asked of', async () => {
    const client = createClient<paths>({ baseUrl: pages.origin() });
    const answer = await client.GET('/api/.well-known/user.openapi.json');
    await expectDocumentedRoutes(pages.origin(), pages.app(), answer, {
      title: 'Gatehouse Account API',
      operation: { path: '/api/my-account', method: 'get', id: 'GetProfile' },
    });
  });
});
