// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../src/console/i18n';
import { requireResource } from '../../../src/console/registry';
import { type FormHandle, SchemaForm } from '../../../src/console/rjsf/SchemaForm';
import { initialFormData } from '../../../src/console/rjsf/validator';
import type { DetailTab } from '../../../src/shared/descriptor';

const application = requireResource('application');
const settings = application.detail?.tabs.find((tab) => tab.key === 'settings') as Extract<DetailTab, { kind: 'form' }>;
const record = {
  name: 'Shop',
  description: null,
  type: 'SPA',
  oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
  customClientMetadata: {},
};

describe('application settings form', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(cleanup);

  const renderSettings = (formData: Record<string, unknown>) => {
    const formRef = createRef<FormHandle>();
    render(
      <SchemaForm
        resource={application}
        form={settings.form}
        idPrefix="application-settings"
        sections={settings.sections}
        formData={formData}
        formRef={formRef}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    return formRef;
  };

  it('shows the token defaults the server applies: rotation on, 14 days, 1 hour', () => {
    const data = initialFormData(settings.form, record);
    expect(data.customClientMetadata).toEqual({
      idTokenTtl: 3600,
      refreshTokenTtlInDays: 14,
      rotateRefreshToken: true,
    });
    renderSettings(data);
    expect(screen.getByRole('switch', { name: 'Rotate refresh token' }).getAttribute('aria-checked')).toBe('true');
  });

  it('puts a field error on a javascript: redirect URI and accepts a native app’s custom scheme', () => {
    const formRef = renderSettings({
      ...initialFormData(settings.form, record),
      oidcClientMetadata: {
        redirectUris: ['com.example.app://callback', 'javascript:alert(1)'],
        postLogoutRedirectUris: [],
      },
    });
    act(() => {
      formRef.current?.validateForm();
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Enter an http(s) URL, or a custom scheme URI such as com.example.app://callback',
    ]);
  });
});
