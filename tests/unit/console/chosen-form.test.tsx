// @vitest-environment jsdom

import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/console/i18n';
import type { FormData, FormHandle, SchemaForm as SchemaFormType } from '../../../src/console/rjsf/SchemaForm';
import { addValidators } from '../../../src/console/rjsf/validator-table';
import type { EntityModel, FormModel } from '../../../src/shared/descriptor';
import { senderRoot } from '../../shapes/chosen-root';
import { generateShapes, type ShapeRoot } from '../../shapes/polymorphic/root';
import { stubMatchMedia } from './match-media';

let root: ShapeRoot;
let model: EntityModel;
let SchemaForm: typeof SchemaFormType;

beforeAll(async () => {
  stubMatchMedia();
  i18n.addResource('en', 'translation', 'senders.protocol.sms', 'SMS gateway');
  root = senderRoot({ console: true });
  const generated = await generateShapes(root.root);
  // The forms validate with the validators codegen compiled for the test-only entities.
  addValidators(generated.validators);
  model = generated.models.find((m) => m.name === 'sender') as EntityModel;
  ({ SchemaForm } = await import('../../../src/console/rjsf/SchemaForm'));
}, 60_000);
afterAll(() => root.remove());
afterEach(cleanup);

const ref = createRef<FormHandle>();
const Controlled = ({ initial, onSubmit }: { initial: FormData; onSubmit: (data: FormData) => void }) => {
  const [formData, setFormData] = useState(initial);
  return (
    <SchemaForm
      formRef={ref}
      resource={model}
      form={(model.create as { form: FormModel }).form}
      idPrefix="create"
      formData={formData}
      onChange={setFormData}
      onSubmit={onSubmit}
    />
  );
};
const labels = () => [...document.querySelectorAll('.gh-field-label')].map((label) => label.textContent);

describe('a field chosen by a sibling in a console form', () => {
  it('shows the fields of the branch the chooser names, and checks them on submit', async () => {
    const onSubmit = vi.fn();
    render(<Controlled initial={{ protocol: 'smtp' }} onSubmit={onSubmit} />);
    await waitFor(() => expect(labels()).toEqual(expect.arrayContaining(['Host*', 'Port*'])));
    expect(labels().some((label) => label?.startsWith('Url'))).toBe(false);

    ref.current?.submit();
    await waitFor(() => expect(document.querySelector('.gh-field-error')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(document.querySelector('#create_settings_host') as HTMLInputElement, {
      target: { value: 'mail.example.com' },
    });
    fireEvent.change(document.querySelector('#create_settings_port') as HTMLInputElement, { target: { value: '25' } });
    ref.current?.submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ protocol: 'smtp', settings: { host: 'mail.example.com', port: 25 } });
  });

  it('shows the fields of another branch for another chooser value, named by its text', async () => {
    render(<Controlled initial={{ protocol: 'sms' }} onSubmit={vi.fn()} />);
    await waitFor(() => expect(labels()).toEqual(expect.arrayContaining(['Url*'])));
    expect(labels()).not.toContain('Host*');
    expect(document.querySelector('#create_protocol')?.closest('.ant-select')?.textContent).toBe('SMS gateway');
  });
});
