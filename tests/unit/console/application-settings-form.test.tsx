// @vitest-environment jsdom

import { act, cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../src/console/i18n';
import { requireResource } from '../../../src/console/registry';
import { type FormHandle, SchemaForm } from '../../../src/console/rjsf/SchemaForm';
import { initialFormData } from '../../../src/console/rjsf/validator';
import type { DetailTab } from '../../../src/shared/descriptor';
import { stubMatchMedia } from './match-media';

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
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  const renderSettings = (formData: Record<string, unknown>, stored: Record<string, unknown> = record) => {
    const formRef = createRef<FormHandle>();
    render(
      <SchemaForm
        resource={application}
        form={settings.form}
        idPrefix="application-settings"
        sections={settings.sections}
        formData={formData}
        record={stored}
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

  const withRedirects = (stored: Record<string, unknown>, redirectUris: string[], postLogoutRedirectUris = []) => ({
    ...initialFormData(settings.form, stored),
    oidcClientMetadata: { redirectUris, postLogoutRedirectUris },
  });
  const alerts = (formRef: ReturnType<typeof renderSettings>) => {
    act(() => {
      formRef.current?.validateForm();
    });
    return screen.queryAllByRole('alert').map((alert) => alert.textContent);
  };
  const native = { ...record, type: 'Native' };

  it('puts a field error on a javascript: redirect URI and accepts a native app’s custom scheme', () => {
    const formRef = renderSettings(
      withRedirects(native, ['com.example.app://callback', 'javascript:alert(1)']),
      native,
    );
    expect(alerts(formRef)).toEqual([
      'Enter an http(s) URL, or a custom scheme URI such as com.example.app://callback',
    ]);
  });

  it('tells a single page app, whose type the form does not show, that custom schemes are for native apps', () => {
    const formRef = renderSettings(
      withRedirects(record, ['https://shop.example.com/callback', 'com.example.shop://callback']),
    );
    expect(alerts(formRef)).toEqual([
      'Enter an http(s) URL; custom schemes such as com.example.app://callback are for native apps',
    ]);
    // On the field of the offending URI, as the server's pointer /oidcClientMetadata/redirectUris/1 names it.
    const field = screen.getByRole('alert').closest('.gh-field');
    expect(field?.querySelector('input')?.id).toBe('application-settings_oidcClientMetadata_redirectUris_1');
  });

  it('gives an invalid URI of a single page app one message, the field’s own', () => {
    const formRef = renderSettings(withRedirects(record, ['javascript:alert(1)']));
    expect(alerts(formRef)).toEqual([
      'Enter an http(s) URL, or a custom scheme URI such as com.example.app://callback',
    ]);
  });

  it('leaves a custom scheme stored before the rule alone until the URIs are edited', () => {
    const legacy = {
      ...record,
      oidcClientMetadata: { redirectUris: ['com.example.shop://callback'], postLogoutRedirectUris: [] },
    };
    const renamed = { ...initialFormData(settings.form, legacy), name: 'Renamed' };
    expect(alerts(renderSettings(renamed, legacy))).toEqual([]);
    cleanup();
    const edited = withRedirects(legacy, ['com.example.shop://callback', 'https://shop.example.com/callback']);
    expect(alerts(renderSettings(edited, legacy))).toEqual([
      'Enter an http(s) URL; custom schemes such as com.example.app://callback are for native apps',
    ]);
  });
});
