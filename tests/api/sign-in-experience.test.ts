/**
 * Logto's `GET/PATCH /api/sign-in-exp`: one sign-in experience per tenant, seeded with Logto's defaults (but for the
 * logos: the server's own, at its origin), driven with the `@logto/api` types.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

type Patch = NonNullable<paths['/api/sign-in-exp']['patch']['requestBody']>['content']['application/json'];

const logtoDefaults = {
  tenantId: 'default',
  id: 'default',
  color: { primaryColor: '#6139F6', isDarkModeEnabled: false, darkPrimaryColor: '#8768F8' },
  hideLogtoBranding: false,
  languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
  termsOfUseUrl: null,
  privacyPolicyUrl: null,
  agreeToTermsPolicy: 'Automatic',
  signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
  signUp: { identifiers: ['username'], password: true, verify: false },
  socialSignIn: {},
  socialSignInConnectorTargets: [],
  signInMode: 'SignInAndRegister',
  customCss: null,
  customContent: {},
  customUiAssets: null,
  passwordPolicy: {
    length: { min: 8, max: 256 },
    characterTypes: { min: 1 },
    rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
  },
  mfa: { factors: [], policy: 'UserControlled' },
  adaptiveMfa: {},
  singleSignOnEnabled: false,
  supportEmail: null,
  supportWebsiteUrl: null,
  unknownSessionRedirectUrl: null,
  captchaPolicy: {},
  sentinelPolicy: {},
  emailBlocklistPolicy: {},
};

describe.each(databases())('the sign-in experience on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let ownLogos: Record<string, unknown>;
  const patch = (body: Patch) => client.PATCH('/api/sign-in-exp', { body });
  const current = async () => (await client.GET('/api/sign-in-exp')).data;

  beforeAll(async () => {
    const origin = await api.listen();
    client = createClient<paths>({ baseUrl: origin });
    const at = (name: string) => expect.stringMatching(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/.+/${name}$`));
    ownLogos = { logoUrl: at('logo.svg'), darkLogoUrl: at('logo-dark.svg') };
  });
  beforeEach(async () => {
    await api.db.exec('DELETE FROM sign_in_experiences;');
  });

  it("answers Logto's defaults on the first read, with every field Logto declares", async () => {
    const read = await client.GET('/api/sign-in-exp');
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ ...logtoDefaults, branding: ownLogos });
    for (const field of ['customUiCsp', 'verificationCodePolicy', 'forgotPasswordMethods', 'passkeySignIn']) {
      expect(read.data).toHaveProperty(field);
    }
    expect(read.data).toHaveProperty('usernamePolicy.caseSensitive', true);
    expect(read.data).not.toHaveProperty('createdAt');
  });

  it('updates what a PATCH names and keeps the rest', async () => {
    const changed = await patch({
      color: { primaryColor: '#112233', isDarkModeEnabled: true, darkPrimaryColor: '#445566' },
      signInMode: 'SignIn',
      termsOfUseUrl: 'https://example.com/terms',
      customCss: '.main { color: red; }',
    });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({
      ...logtoDefaults,
      branding: ownLogos,
      color: { primaryColor: '#112233', isDarkModeEnabled: true, darkPrimaryColor: '#445566' },
      signInMode: 'SignIn',
      termsOfUseUrl: 'https://example.com/terms',
      customCss: '.main { color: red; }',
    });
    expect(await current()).toEqual(changed.data);
  });

  it("takes Logto's empty text for none in the links and the support email, and still refuses a bad one", async () => {
    await patch({ termsOfUseUrl: 'https://example.com/terms', supportEmail: 'help@example.com' });
    const cleared = await patch({
      termsOfUseUrl: '',
      privacyPolicyUrl: '',
      supportEmail: '',
      supportWebsiteUrl: '',
      unknownSessionRedirectUrl: '',
    });
    expect(cleared.response.status).toBe(200);
    expect(cleared.data).toMatchObject({
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
      supportEmail: null,
      supportWebsiteUrl: null,
      unknownSessionRedirectUrl: null,
    });
    const refused = await patch({ supportEmail: 'not an address' });
    expect(refused.response.status).toBe(400);
    expect(await current()).toEqual(cleared.data);
  });

  it('leaves no record behind when the first PATCH of a tenant is refused', async () => {
    const refused = await api.patch('/api/sign-in-exp', { mfa: { factors: ['BackupCode'], policy: 'Mandatory' } });
    expect(refused.status).toBe(400);
    expect(await api.count('sign_in_experiences')).toBe(0);
    const accepted = await patch({ customContent: { '/sign-in': 'Welcome \ud800' } });
    expect(accepted.response.status).toBe(200);
    // A lone surrogate is kept as U+FFFD, as a text column keeps it.
    expect(accepted.data?.customContent).toEqual({ '/sign-in': 'Welcome \ufffd' });
    expect(await api.count('sign_in_experiences')).toBe(1);
  });
});
