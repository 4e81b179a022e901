// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keptFields } from '../../../src/console/generic/patch-body';
import { i18n } from '../../../src/console/i18n';
import { requireResource } from '../../../src/console/registry';
import { type Translate, validationMessage } from '../../../src/console/rjsf/error-messages';
import { type FormData, type FormHandle, SchemaForm } from '../../../src/console/rjsf/SchemaForm';
import { NewSecretModal } from '../../../src/entities/application/console/SecretsCard';
import type { ConsoleResource, DetailTab, FormModel } from '../../../src/shared/descriptor';
import { stubMatchMedia } from './match-media';

const translate: Translate = (key, params, defaultValue) => String(i18n.t(key, { ...params, defaultValue }));
const settingsOf = (resource: ConsoleResource) =>
  resource.detail?.tabs.find((tab) => tab.kind === 'form') as Extract<DetailTab, { kind: 'form' }>;
const application = requireResource('application');
const hook = requireResource('hook');
const role = requireResource('role');

/** A form that keeps what is typed, as the console's forms do. */
const Controlled = ({
  initial,
  ...props
}: Omit<Parameters<typeof SchemaForm>[0], 'formData' | 'onChange'> & {
  initial: FormData;
}) => {
  const [formData, setFormData] = useState(initial);
  return <SchemaForm {...props} formData={formData} onChange={setFormData} />;
};

/** Renders a form; `submit` submits it and waits for the field errors it shows. */
const renderForm = (
  resource: ConsoleResource,
  form: FormModel,
  formData: FormData,
  props: Partial<Parameters<typeof SchemaForm>[0]> = {},
) => {
  const ref = createRef<FormHandle>();
  const onSubmit = vi.fn();
  render(
    <Controlled
      formRef={ref}
      resource={resource}
      form={form}
      idPrefix="test"
      initial={formData}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  const submit = async () => {
    ref.current?.submit();
    await waitFor(() => expect(document.querySelector('.gh-field-error')).not.toBeNull());
  };
  return { onSubmit, submit };
};

const errorOf = (label: string) => {
  const field = screen.getByText(label, { selector: 'label' }).closest('.gh-field') as HTMLElement;
  return field.querySelector('.gh-field-error')?.textContent;
};

beforeAll(stubMatchMedia);
afterEach(cleanup);

describe('form messages', () => {
  it('say what a format or pattern expects', () => {
    const message = (keyword: string, params: Record<string, unknown>) => validationMessage(translate, keyword, params);
    expect(message('format', { format: 'uri' })).toBe('Enter a valid URL');
    expect(message('format', { format: 'email' })).toBe('Enter a valid email address');
    expect(message('pattern', { pattern: '^https://' })).toBe('Enter a URL that starts with https://');
    expect(message('pattern', { pattern: '^https?://' })).toBe('Enter a URL that starts with http:// or https://');
    expect(message('pattern', { pattern: '^\\S+$' })).toBe('Must not contain spaces');
    expect(message('type', { type: 'integer' })).toBe('Enter a whole number');
    expect(message('minimum', { comparison: '>=', limit: 60 })).toBe('Enter a number of at least 60');
  });

  it('put the URL’s expected start on a webhook endpoint that lacks it', async () => {
    if (!hook.create) throw new Error('hook has no create form');
    const form = renderForm(hook, hook.create.form, {
      name: 'Orders',
      events: ['PostRegister'],
      config: { url: 'example.com' },
    });
    await form.submit();
    expect(errorOf('Endpoint URL')).toBe('Enter a URL that starts with http:// or https://');
  });

  it('report a number out of range on the field instead of clamping it', async () => {
    const settings = settingsOf(application);
    const form = renderForm(application, settings.form, {
      name: 'Shop',
      description: null,
      oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
      customClientMetadata: { idTokenTtl: 3600 },
    });
    const input = screen.getByRole('spinbutton', { name: 'ID token expiration time (in seconds)' });
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.blur(input);
    await form.submit();
    expect(errorOf('ID token expiration time (in seconds)')).toBe('Enter a number of at least 60');
    expect((input as HTMLInputElement).value).toBe('10');
    expect(form.onSubmit).not.toHaveBeenCalled();
  });
});

describe('required marks', () => {
  it('mark the fields a settings form cannot empty, as on the create form', () => {
    const settings = settingsOf(role);
    expect(keptFields(settings.form.schema.properties)).toEqual(['name', 'description']);
    expect(keptFields(settingsOf(application).form.schema.properties)).toEqual(['name']);
    render(
      <SchemaForm
        resource={role}
        form={settings.form}
        idPrefix="role-general"
        sections={settings.sections}
        requiredFields={keptFields(settings.form.schema.properties)}
        formData={{ name: 'Viewer', description: 'Reads everything.', isDefault: false }}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    const label = screen.getByText('Role name', { selector: 'label' });
    expect(label.querySelector('.gh-field-required')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Role name' }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Default role', { selector: 'label' }).querySelector('.gh-field-required')).toBeNull();
  });
});

describe('a new secret', () => {
  it('is masked with show and copy, like in the secrets table', () => {
    render(
      <App>
        <NewSecretModal secret={{ id: 'CI', name: 'CI', value: 'abc123' }} onClose={() => {}} />
      </App>,
    );
    const dialog = screen.getByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Secret value' }) as HTMLInputElement;
    expect(input.value).toMatch(/^•+$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Secret value' }));
    expect(input.value).toBe('abc123');
    expect(within(dialog).getByRole('button', { name: 'Copy Secret value' })).toBeTruthy();
    expect(dialog.textContent).toContain('show and copy it again');
    expect(i18n.t('application_secrets.create.subtitle')).not.toMatch(/once/);
  });
});
