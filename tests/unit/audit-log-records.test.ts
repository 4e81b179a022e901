import { describe, expect, it } from 'vitest';
import { managementLogKey } from '../../src/server/audit-log/management.js';
import { payloadOf, withoutSecrets } from '../../src/server/audit-log/record.js';

describe('audit log entries', () => {
  it('carry Logto’s payload: key, result, user, application, address, user agent and error', () => {
    expect(
      payloadOf({
        tenantId: 'default',
        key: 'Interaction.SignIn.Submit',
        result: 'Error',
        userId: 'u1',
        applicationId: 'app1',
        client: { ip: '192.0.2.1', userAgent: 'Firefox' },
        error: { code: 'user.suspended' },
        details: { interactionEvent: 'SignIn', identifier: { type: 'email' } },
      }),
    ).toEqual({
      key: 'Interaction.SignIn.Submit',
      result: 'Error',
      userId: 'u1',
      applicationId: 'app1',
      ip: '192.0.2.1',
      userAgent: 'Firefox',
      error: { code: 'user.suspended' },
      interactionEvent: 'SignIn',
      identifier: { type: 'email' },
    });
  });

  it('drop every key that names a secret, at any depth', () => {
    expect(
      withoutSecrets({
        password: 'p',
        newPassword: 'p',
        client_secret: 's',
        params: { refresh_token: 't', code_verifier: 'v', grantType: 'refresh_token', scope: 'all' },
        list: [{ accessToken: 't', passwordDigest: 'd', id: 'x' }],
        authorization: 'Basic x',
        signingKey: 'k',
      }),
    ).toEqual({ params: { grantType: 'refresh_token', scope: 'all' }, list: [{ id: 'x' }] });
  });

  it('name a management write by entity and operation, an action by its key', () => {
    const entry = { tenantId: 't', actor: 'user:u1', entity: 'applicationSecret', at: 0 } as const;
    expect(managementLogKey({ ...entry, kind: 'create' })).toBe('ManagementApi.ApplicationSecret.Create');
    expect(managementLogKey({ ...entry, kind: 'action', action: 'signing-key' })).toBe(
      'ManagementApi.ApplicationSecret.SigningKey',
    );
  });
});
