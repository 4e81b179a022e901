// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/console/i18n';
import type { FormData, FormHandle, SchemaForm as SchemaFormType } from '../../../src/console/rjsf/SchemaForm';
import { addValidators } from '../../../src/console/rjsf/validator-table';
import type { EntityModel, FormModel } from '../../../src/shared/descriptor';
import { generateShapes, type ShapeRoot, shapeRoot } from '../../shapes/polymorphic/root';
import { stubMatchMedia } from './match-media';

let root: ShapeRoot;
let model: EntityModel;
let SchemaForm: typeof SchemaFormType;

beforeAll(async () => {
  stubMatchMedia();
  // A branch's name may be translated like an enum value; the others keep their titles.
  i18n.addResource('en', 'translation', 'sso.providerName.SAML', 'SAML 2.0');
  root = shapeRoot();
  const generated = await generateShapes(root.root);
  // The forms validate with the validators codegen compiled for the test-only entities.
  addValidators(generated.validators);
  model = generated.models.find((m) => m.name === 'ssoConnector') as EntityModel;
  ({ SchemaForm } = await import('../../../src/console/rjsf/SchemaForm'));
}, 60_000);
afterAll(() => root.remove());
afterEach(cleanup);

const Controlled = ({ initial, form, onSubmit }: { initial: FormData; form: FormModel; onSubmit: () => void }) => {
  const [formData, setFormData] = useState(initial);
  return (
    <SchemaForm
      formRef={ref}
      resource={model}
      form={form}
      idPrefix="create"
      formData={formData}
      onChange={setFormData}
      onSubmit={onSubmit}
    />
  );
};
const ref = createRef<FormHandle>();

const labels = () => [...document.querySelectorAll('.gh-field-label')].map((label) => label.textContent);
const errorOf = (label: string) =>
  screen.getByText(label, { selector: 'label' }).closest('.gh-field')?.querySelector('.gh-field-error')?.textContent;

/** Opens the provider select and picks a branch by its title. */
const choose = async (title: string) => {
  const select = document.querySelector('#create_config__oneof_select') as HTMLElement;
  fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((item) => item.textContent === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
};

describe('a polymorphic field in a console form', () => {
  it('offers the branches by title and shows the chosen branch fields', async () => {
    const form = model.create as { form: FormModel };
    render(<Controlled initial={{ config: { providerName: 'SAML' } }} form={form.form} onSubmit={vi.fn()} />);
    expect(screen.getByText('Identity provider', { selector: 'label' })).toBeTruthy();
    expect(document.querySelector('.gh-select')?.textContent).toBe('SAML 2.0');
    expect(labels()).toEqual(expect.arrayContaining(['Metadata URL*', 'Entity ID*', 'Sign requests']));
    expect(labels()).not.toContain('Issuer URL*');
    // The discriminator is set by the choice, not typed.
    expect((document.querySelector('#create_config_providerName') as HTMLInputElement).type).toBe('hidden');

    await choose('OpenID Connect');
    await waitFor(() =>
      expect(labels()).toEqual(expect.arrayContaining(['Issuer URL*', 'Client ID*', 'Client secret*'])),
    );
    expect(labels()).not.toContain('Entity ID*');
    expect((document.querySelector('#create_config_providerName') as HTMLInputElement).value).toBe('OIDC');
    expect((document.querySelector('#create_config_scope') as HTMLInputElement).value).toBe('openid profile email');
  });

  it('starts a new record on the first branch, with its defaults', async () => {
    const form = (model.create as { form: FormModel }).form;
    const { initialFormData } = await import('../../../src/console/rjsf/validator');
    const initial = initialFormData(form, undefined);
    expect(initial).toEqual({ config: { providerName: 'OIDC', scope: 'openid profile email' } });
    render(<Controlled initial={initial} form={form} onSubmit={vi.fn()} />);
    expect(document.querySelector('.gh-select')?.textContent).toBe('OpenID Connect');
    expect(labels()).toEqual(expect.arrayContaining(['Issuer URL*', 'Client ID*', 'Client secret*', 'Scopes']));
  });

  it('validates the chosen branch and shows its errors on its fields', async () => {
    const onSubmit = vi.fn();
    const form = (model.create as { form: FormModel }).form;
    render(
      <Controlled
        initial={{
          connectorName: 'Acme',
          config: { providerName: 'Okta', domain: 'acme.example.com', clientId: 'gatehouse' },
        }}
        form={form}
        onSubmit={onSubmit}
      />,
    );
    ref.current?.submit();
    await waitFor(() => expect(document.querySelector('.gh-field-error')).not.toBeNull());
    expect(errorOf('Okta domain')).toBe('Does not match the expected format');
    expect(errorOf('Client secret')).toBe('This field is required');
    // Nothing of the other branches is reported.
    expect(document.querySelectorAll('.gh-field-error')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    // Another branch: what both branches have is kept, and the new branch's rules apply.
    await choose('OpenID Connect');
    await waitFor(() => expect(errorOf('Issuer URL')).toBe('This field is required'));
    expect(errorOf('Client secret')).toBe('This field is required');
    expect((document.querySelector('#create_config_clientId') as HTMLInputElement).value).toBe('gatehouse');
    expect(screen.queryByText('Okta domain', { selector: 'label' })).toBeNull();

    await choose('SAML 2.0');
    await waitFor(() => expect(errorOf('Entity ID')).toBe('This field is required'));
    expect(errorOf('Metadata URL')).toBe('This field is required');
    expect(screen.queryByText('Client ID', { selector: 'label' })).toBeNull();
  });
});
