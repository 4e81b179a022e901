/**
 * The sign-in experience's checks ask the same email sender as every other sender: email sign-up with a
 * verification code, and forgot password by email, are refused without an email connector and accepted once the
 * SMTP connector is set up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, useApi } from './harness.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';

describe.each(databases())('sign-in experience with an email connector on $name', (target) => {
  const api = useApi(target);
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const emailSignUp = { signUp: { identifiers: ['email'], password: false, verify: true } };
  const forgotByEmail = { forgotPasswordMethods: ['EmailVerificationCode'] };

  it('accepts email verification settings only while an email connector exists', async () => {
    const without = await api.patch('/api/sign-in-exp', emailSignUp);
    expect([without.status, without.body.code]).toEqual([400, 'sign_in_experiences.enabled_connector_not_found']);
    const noForgot = await api.patch('/api/sign-in-exp', forgotByEmail);
    expect(noForgot.body.code).toBe('sign_in_experiences.forgot_password_method_requires_connector');

    const created = await api.post('/api/connectors', {
      connectorId: 'simple-mail-transfer-protocol',
      config: smtpConfig(smtp),
    });
    expect(created.status).toBe(200);
    const signUp = await api.patch('/api/sign-in-exp', emailSignUp);
    expect(signUp.status).toBe(200);
    expect(signUp.body.signUp).toMatchObject({ identifiers: ['email'], verify: true });
    const forgot = await api.patch('/api/sign-in-exp', forgotByEmail);
    expect(forgot.status).toBe(200);
    expect(forgot.body.forgotPasswordMethods).toEqual(['EmailVerificationCode']);
  });
});
