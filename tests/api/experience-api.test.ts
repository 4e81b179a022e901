/**
 * Logto's Experience API (`/api/experience`), the JSON sign-in a tenant's own pages drive: signing in with a
 * password, registering with a username and password or a verified email, resetting a forgotten password by an
 * emailed code, and the answers of each refused step (Logto's codes and statuses). The interaction is the one the
 * authorization request opened; its end sends the browser back to the application with a code that exchanges.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { experienceSteps } from './experience-api-steps.js';
import { databases, unique } from './harness.js';
import { Browser } from './http-browser.js';
import { expectDocumentedRoutes } from './openapi-document-steps.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';
import { createUser } from './users.js';

describe.each(databases())('the Experience API on $name', (target) => {
  const pages = useSignInPages(target);
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const email = await pages.api('', 'POST', '/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp),
    });
    expect(email.status, email.text).toBe(200);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(() => pages.reset());

  const { begin, backAtApp } = experienceSteps(pages);

  const codeOf = (text: string) => text.match(/\b(\d{6})\b/)?.[1] as string;

  it('signs a user in with a password and sends the browser back to the application', async () => {
    const username = unique('exp');
    const user = await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const { browser, api } = await begin();
    expect((await api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);

    const wrong = await api('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: 'not-the-password',
    });
    expect([wrong.status, wrong.json().code]).toEqual([422, 'session.invalid_credentials']);

    const verified = await api('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: PASSWORD,
    });
    expect(verified.status, verified.text).toBe(200);
    const { verificationId } = verified.json() as { verificationId: string };

    const unknown = await api('POST', '/identification', { verificationId: 'no-such-verification' });
    expect([unknown.status, unknown.json().code]).toEqual([404, 'session.verification_session_not_found']);
    expect((await api('POST', '/identification', { verificationId })).status).toBe(204);
    const state = await api('GET', '/interaction');
    expect(state.json()).toMatchObject({ interactionEvent: 'SignIn', userId: user.id });

    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();
  });

  it('answers session.not_found to a browser without an interaction, and to one before the experience starts', async () => {
    const stranger = new Browser();
    const answer = await stranger.send('PUT', `${pages.origin()}/api/experience`, { interactionEvent: 'SignIn' });
    expect([answer.status, answer.json().code]).toEqual([400, 'session.not_found']);
    const { api } = await begin();
    const early = await api('POST', '/submit');
    expect([early.status, early.json().code]).toEqual([400, 'session.not_found']);
    const bad = await api('PUT', '', { interactionEvent: 'Dance' });
    expect([bad.status, bad.json().code]).toEqual([400, 'guard.invalid_input']);
  });

  it('registers a username with a password, refusing a weak password and a taken name', async () => {
    const taken = unique('taken');
    await createUser(pages.db(), 'default', { username: taken, password: PASSWORD });
    const { browser, api } = await begin();
    expect((await api('PUT', '', { interactionEvent: 'Register' })).status).toBe(204);
    const clash = await api('POST', '/verification/new-password-identity', {
      identifier: { type: 'username', value: taken },
      password: PASSWORD,
    });
    expect([clash.status, clash.json().code]).toEqual([422, 'user.username_already_in_use']);
    const username = unique('newbie');
    const weak = await api('POST', '/verification/new-password-identity', {
      identifier: { type: 'username', value: username },
      password: '123',
    });
    expect([weak.status, weak.json().code]).toEqual([422, 'password.rejected']);
    const identity = await api('POST', '/verification/new-password-identity', {
      identifier: { type: 'username', value: username },
      password: PASSWORD,
    });
    expect(identity.status, identity.text).toBe(200);
    const created = await api('POST', '/identification', { verificationId: identity.json().verificationId });
    expect(created.status, created.text).toBe(201);
    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();

    // The new account signs in with the password it registered.
    const again = await begin();
    await again.api('PUT', '', { interactionEvent: 'SignIn' });
    const password = await again.api('POST', '/verification/password', {
      identifier: { type: 'username', value: username },
      password: PASSWORD,
    });
    expect(password.status, password.text).toBe(200);
  });

  it('makes one account of two registrations racing for one username', async () => {
    const username = unique('race');
    const racers = await Promise.all([begin(), begin()]);
    const verifications: string[] = [];
    for (const { api } of racers) {
      await api('PUT', '', { interactionEvent: 'Register' });
      const identity = await api('POST', '/verification/new-password-identity', {
        identifier: { type: 'username', value: username },
        password: PASSWORD,
      });
      verifications.push(identity.json().verificationId as string);
    }
    const answers = await Promise.all(
      racers.map(({ api }, index) => api('POST', '/identification', { verificationId: verifications[index] })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)?.json().code).toBe('user.username_already_in_use');
    const { rows } = await pages
      .db()
      .query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND username = $2', [
        'default',
        username,
      ]);
    expect(rows[0]?.n).toBe(1);
  });

  it('asks for the missing profile: an email verified by a code completes a registration', async () => {
    await pages.patch('', {
      signUp: { identifiers: ['username', 'email'], password: true, verify: true },
      signIn: {
        methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }],
      },
    });
    const { browser, api } = await begin();
    await api('PUT', '', { interactionEvent: 'Register' });
    const username = unique('asked');
    const identity = await api('POST', '/verification/new-password-identity', {
      identifier: { type: 'username', value: username },
      password: PASSWORD,
    });
    const missing = await api('POST', '/identification', { verificationId: identity.json().verificationId });
    expect([missing.status, missing.json().code]).toEqual([422, 'user.missing_profile']);
    expect(missing.json().data).toEqual({ missingProfile: ['email'] });

    const email = `${username}@example.com`;
    const sent = await api('POST', '/verification/verification-code', {
      identifier: { type: 'email', value: email },
      interactionEvent: 'Register',
    });
    expect(sent.status, sent.text).toBe(200);
    const { verificationId } = sent.json() as { verificationId: string };
    const code = codeOf((await smtp.nextMessageTo(email)).text);
    const wrong = await api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.status, wrong.json().code]).toEqual([400, 'verification_code.code_mismatch']);
    const checked = await api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId,
      code,
    });
    expect(checked.status, checked.text).toBe(200);
    expect((await api('POST', '/profile', { type: 'email', value: email, verificationId })).status).toBe(204);
    expect((await api('POST', '/identification', {})).status).toBe(201);
    const submitted = await api('POST', '/submit');
    expect(submitted.status, submitted.text).toBe(200);
    expect(await backAtApp(browser, submitted.json().redirectTo)).toBeTruthy();
    const { rows } = await pages
      .db()
      .query<{ primary_email: string }>('SELECT primary_email FROM users WHERE tenant_id = $1 AND username = $2', [
        'default',
        username,
      ]);
    expect(rows).toEqual([{ primary_email: email }]);
  });

  it('resets a forgotten password by an emailed code, refusing the old password', async () => {
    const username = unique('forgot');
    const email = `${username}@example.com`;
    await createUser(pages.db(), 'default', { username, primaryEmail: email, password: PASSWORD });
    const { api } = await begin();
    await api('PUT', '', { interactionEvent: 'ForgotPassword' });
    const sentEarly = await api('POST', '/verification/verification-code', {
      identifier: { type: 'email', value: email },
      interactionEvent: 'ForgotPassword',
    });
    const earlyCode = codeOf((await smtp.nextMessageTo(email)).text);
    await api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId: sentEarly.json().verificationId,
      code: earlyCode,
    });
    // Not offered by the sign-in experience, the reset refuses the verified code.
    const closed = await api('POST', '/identification', { verificationId: sentEarly.json().verificationId });
    expect([closed.status, closed.json().code]).toEqual([422, 'session.not_supported_for_forgot_password']);
    await pages.patch('', { forgotPasswordMethods: ['EmailVerificationCode'] });
    const early = await api('PUT', '/profile/password', { password: 'An0ther-long-password' });
    expect([early.status, early.json().code]).toEqual([404, 'session.identifier_not_found']);
    const sent = await api('POST', '/verification/verification-code', {
      identifier: { type: 'email', value: email },
      interactionEvent: 'ForgotPassword',
    });
    const { verificationId } = sent.json() as { verificationId: string };
    const code = codeOf((await smtp.nextMessageTo(email)).text);
    await api('POST', '/verification/verification-code/verify', {
      identifier: { type: 'email', value: email },
      verificationId,
      code,
    });
    const identified = await api('POST', '/identification', { verificationId });
    expect(identified.status, identified.text).toBe(204);
    const same = await api('PUT', '/profile/password', { password: PASSWORD });
    expect([same.status, same.json().code]).toEqual([422, 'user.same_password']);
    const switched = await api('PUT', '/interaction-event', { interactionEvent: 'SignIn' });
    expect([switched.status, switched.json().code]).toEqual([422, 'session.not_supported_for_forgot_password']);
    expect((await api('PUT', '/profile/password', { password: 'An0ther-long-password' })).status).toBe(204);
    expect((await api('POST', '/submit')).status).toBe(204);

    const after = await begin();
    await after.api('PUT', '', { interactionEvent: 'SignIn' });
    const signedIn = await after.api('POST', '/verification/password', {
      identifier: { type: 'email', value: email },
      password: 'An0ther-long-password',
    });
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  it('describes the Experience API it serves in its OpenAPI document, at the tenant it is asked of', async () => {
    const client = createClient<paths>({ baseUrl: pages.origin() });
    const answer = await client.GET('/api/.well-known/experience.openapi.json');
    await expectDocumentedRoutes(pages.origin(), pages.app(), answer, {
      title: 'Gatehouse Experience API',
      operation: { path: '/api/experience/submit', method: 'post', id: 'SubmitInteraction' },
    });
  });
});
