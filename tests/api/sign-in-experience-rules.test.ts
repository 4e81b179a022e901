/**
 * Logto's refusals of contradictory sign-in experience settings (`PATCH /api/sign-in-exp`), its schema errors, the
 * values it stores in place of what was sent, `check-password` and the username case conflicts; driven with the
 * `@logto/api` types. A refused PATCH changes nothing.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

type Patch = NonNullable<paths['/api/sign-in-exp']['patch']['requestBody']>['content']['application/json'];

const method = (identifier: 'username' | 'email' | 'phone', password: boolean, verificationCode: boolean) => ({
  identifier,
  password,
  verificationCode,
  isPasswordPrimary: true,
});

describe.each(databases())('sign-in experience rules on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  const patch = (body: Patch) => client.PATCH('/api/sign-in-exp', { body });
  const current = async () => (await client.GET('/api/sign-in-exp')).data;
  const refused = async (body: unknown, status: number, code: string) => {
    const before = await current();
    const reply = await api.patch('/api/sign-in-exp', body);
    expect(reply.status, JSON.stringify(body)).toBe(status);
    expect(reply.body.code, JSON.stringify(body)).toBe(code);
    expect(await current()).toEqual(before);
  };

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  beforeEach(async () => {
    await api.db.exec('DELETE FROM sign_in_experiences;');
  });

  it('refuses schema errors with guard.invalid_input: an incomplete color, a bad URL, an unknown field', async () => {
    await refused({ color: { primaryColor: '#000000' } }, 400, 'guard.invalid_input');
    await refused(
      { color: { primaryColor: 'red', isDarkModeEnabled: false, darkPrimaryColor: '#fff' } },
      400,
      'guard.invalid_input',
    );
    await refused({ branding: { logoUrl: 'not a url' } }, 400, 'guard.invalid_input');
    await refused({ signInMode: 'Everything' }, 400, 'guard.invalid_input');
    await refused({ id: 'other' }, 400, 'guard.invalid_input');
    await refused({ mfa: { factors: ['Sms'], policy: 'Mandatory' } }, 400, 'guard.invalid_input');
  });

  it('replaces branding as a whole', async () => {
    const changed = await patch({ branding: { favicon: 'https://example.com/favicon.ico' } });
    expect(changed.response.status).toBe(200);
    expect(changed.data?.branding).toEqual({ favicon: 'https://example.com/favicon.ico' });
  });

  it('refuses sign-up and sign-in settings that contradict each other or need a sender the tenant lacks', async () => {
    const signUp = { identifiers: ['username'], password: true, verify: false };
    await refused(
      { signUp: { ...signUp, identifiers: ['username', 'username'] } },
      400,
      'sign_in_experiences.duplicated_sign_up_identifiers',
    );
    await refused(
      { signUp: { ...signUp, identifiers: [], secondaryIdentifiers: [{ identifier: 'username' }] } },
      400,
      'sign_in_experiences.missing_sign_up_identifiers',
    );
    await refused(
      { signUp: { ...signUp, identifiers: ['email'] } },
      400,
      'sign_in_experiences.passwordless_requires_verify',
    );
    await refused(
      { signUp: { ...signUp, identifiers: ['email'], verify: true } },
      400,
      'sign_in_experiences.enabled_connector_not_found',
    );
    await refused(
      { signIn: { methods: [method('username', false, false)] } },
      400,
      'sign_in_experiences.at_least_one_authentication_factor',
    );
    await refused(
      { signIn: { methods: [method('email', false, true)] } },
      400,
      'sign_in_experiences.enabled_connector_not_found',
    );
    await refused(
      { forgotPasswordMethods: ['EmailVerificationCode'] },
      400,
      'sign_in_experiences.forgot_password_method_requires_connector',
    );
  });

  it('refuses MFA settings Logto refuses', async () => {
    await refused(
      { mfa: { factors: ['Totp', 'Totp'], policy: 'UserControlled' } },
      400,
      'sign_in_experiences.duplicated_mfa_factors',
    );
    await refused(
      { mfa: { factors: ['BackupCode'], policy: 'UserControlled' } },
      400,
      'sign_in_experiences.backup_code_cannot_be_enabled_alone',
    );
    await refused({ adaptiveMfa: { enabled: true } }, 422, 'sign_in_experiences.adaptive_mfa_requires_mfa');
    await refused(
      { mfa: { factors: ['Totp'], policy: 'PromptOnlyAtSignInMandatory' } },
      422,
      'sign_in_experiences.non_adaptive_mfa_requires_skippable_policy',
    );
    const mfa = await patch({ mfa: { factors: ['Totp', 'WebAuthn', 'BackupCode'], policy: 'Mandatory' } });
    expect(mfa.response.status).toBe(200);
    expect(mfa.data?.mfa).toEqual({ factors: ['Totp', 'WebAuthn', 'BackupCode'], policy: 'Mandatory' });
    const adaptive = await patch({
      mfa: { factors: ['Totp'], policy: 'PromptAtSignInAndSignUpMandatory' },
      adaptiveMfa: { enabled: true },
    });
    expect(adaptive.response.status).toBe(200);
    // MFA switched off without a word on adaptive MFA switches that off too.
    const off = await patch({ mfa: { factors: [], policy: 'NoPrompt' } });
    expect(off.data?.adaptiveMfa).toEqual({ enabled: false });
  });

  it('refuses an unsupported fallback language, cloud-only settings and a bad blocklist', async () => {
    await refused(
      { languageInfo: { autoDetect: true, fallbackLanguage: 'xx-YY' } },
      400,
      'sign_in_experiences.unsupported_default_language',
    );
    await refused({ hideLogtoBranding: true }, 400, 'request.invalid_input');
    await refused(
      { emailBlocklistPolicy: { customBlocklist: ['not an address'] } },
      400,
      'sign_in_experiences.invalid_custom_email_blocklist_format',
    );
    await refused(
      { passwordExpiration: { enabled: true } },
      422,
      'sign_in_experiences.password_expiration_invalid_period_days',
    );
    const german = await patch({ languageInfo: { autoDetect: false, fallbackLanguage: 'de' } });
    expect(german.data?.languageInfo).toEqual({ autoDetect: false, fallbackLanguage: 'de' });
    const blocklist = await patch({
      emailBlocklistPolicy: {
        blockSubaddressing: true,
        customBlocklist: ['@spam.example', '@spam.example', 'a@b.example'],
      },
    });
    expect(blocklist.data?.emailBlocklistPolicy).toEqual({
      blockSubaddressing: true,
      customBlocklist: ['@spam.example', 'a@b.example'],
    });
  });

  it('fills in the password policy defaults, and check-password applies the policy', async () => {
    const changed = await patch({ passwordPolicy: { length: { min: 10 } } as Patch['passwordPolicy'] });
    expect(changed.response.status).toBe(200);
    expect(changed.data?.passwordPolicy).toEqual({
      length: { min: 10, max: 256 },
      characterTypes: { min: 1 },
      rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
    });
    const weak = await client.POST('/api/sign-in-exp/default/check-password', { body: { password: 'Zq7-w' } });
    expect(weak.response.status).toBe(400);
    expect(weak.error).toEqual({
      result: false,
      issues: [{ code: 'password_rejected.too_short', interpolation: { min: 10 } }],
    });
    const strong = await client.POST('/api/sign-in-exp/default/check-password', {
      body: { password: 'long enough pass' },
    });
    expect(strong.response.status).toBe(200);
    expect(strong.data).toEqual({ result: true });
    const nobody = await api.post('/api/sign-in-exp/default/check-password', { password: 'x', userId: 'nobody' });
    expect(nobody.status).toBe(404);
    const noPassword = await api.post('/api/sign-in-exp/default/check-password', {});
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.code).toBe('guard.invalid_input');
  });

  it('lists usernames that differ only by case, and refuses case-insensitive usernames while they exist', async () => {
    await api.db.exec("DELETE FROM users WHERE username ILIKE 'casey%';");
    const none = await client.GET('/api/sign-in-exp/username-policy/case-sensitivity-conflicts', {
      params: { query: { limit: 5 } },
    });
    expect(none.data).toEqual({ totalConflicts: 0, samples: [] });
    const first = await api.post('/api/users', { username: 'Casey' });
    const second = await api.post('/api/users', { username: 'casey' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const found = await client.GET('/api/sign-in-exp/username-policy/case-sensitivity-conflicts', {
      params: { query: { limit: 5 } },
    });
    expect(found.data).toEqual({
      totalConflicts: 1,
      samples: [{ usernameLower: 'casey', userIds: [first.body.id, second.body.id] }],
    });
    const bad = await api.get('/api/sign-in-exp/username-policy/case-sensitivity-conflicts?limit=1000');
    expect(bad.status).toBe(400);
    const usernamePolicy = { caseSensitive: false, minLength: 1, maxLength: 128 };
    await refused({ usernamePolicy }, 409, 'sign_in_experiences.username_policy_case_conflicts_exist');
    await api.delete(`/api/users/${second.body.id}`);
    const flipped = await api.patch('/api/sign-in-exp', { usernamePolicy });
    expect(flipped.status).toBe(200);
    expect(flipped.body.usernamePolicy).toEqual(usernamePolicy);
  });

  it('keeps each tenant its own settings', async () => {
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    await patch({ signInMode: 'SignIn' });
    const other = await api.get('/t/acme/api/sign-in-exp');
    expect(other.body).toMatchObject({ tenantId: 'acme', id: 'default', signInMode: 'SignInAndRegister' });
  });
});
