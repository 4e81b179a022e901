// @vitest-environment jsdom

import { Refine } from '@refinedev/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessProvider } from '../../../src/console/access/AccessContext';
import { SettingsPage } from '../../../src/console/generic/SettingsPage';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { consoleResources } from './console-models';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

const resource = consoleResources.find((candidate) => candidate.name === 'signInExperience');

const stored = {
  tenantId: 'default',
  id: 'default',
  color: { primaryColor: '#6139F6', isDarkModeEnabled: false, darkPrimaryColor: '#8768F8' },
  branding: { logoUrl: 'https://logto.io/logo.svg', darkLogoUrl: 'https://logto.io/logo-dark.svg' },
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
  customUiCsp: {},
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
  verificationCodePolicy: {},
  forgotPasswordMethods: [],
  passkeySignIn: {},
  signUpProfileFields: null,
  passwordExpiration: {},
  usernamePolicy: { caseSensitive: true, minLength: 1, maxLength: 128 },
};

describe('the sign-in experience settings page', () => {
  it('shows the branding tab with its texts and saves a changed color as a whole object', async () => {
    if (!resource) throw new Error('no signInExperience console resource');
    const patches: unknown[] = [];
    const fetch = async (_url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'PATCH') patches.push(body);
      return new Response(JSON.stringify({ ...stored, ...body }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    const dataProvider = createDataProvider({
      apiPaths: { [resource.name]: resource.apiPath },
      singletons: [resource.name],
      baseUrl: '/api',
      fetch,
    });
    const router = createMemoryRouter(
      [
        {
          path: '/sign-in-experience',
          element: (
            <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
              <App>
                <AccessProvider scopes={[...resource.requiredScopes.read, ...resource.requiredScopes.write]}>
                  <SettingsPage resource={resource} />
                </AccessProvider>
              </App>
            </Refine>
          ),
        },
      ],
      { initialEntries: ['/sign-in-experience'] },
    );
    render(<RouterProvider router={router} />);
    const primary = await screen.findByRole('textbox', { name: /^Primary color$/ }, { timeout: 8000 });
    expect((primary as HTMLInputElement).value).toBe('#6139F6');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in experience' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Brand color' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign-up and sign-in' })).toBeTruthy();
    fireEvent.change(primary, { target: { value: '#112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      color: { primaryColor: '#112233', isDarkModeEnabled: false, darkPrimaryColor: '#8768F8' },
    });
  });
});
