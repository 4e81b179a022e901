// @vitest-environment jsdom

import type { ErrorSchema } from '@rjsf/utils';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { patchBody } from '../../../src/console/generic/patch-body';
import { i18n } from '../../../src/console/i18n';
import { createErrorTransformer, type Translate } from '../../../src/console/rjsf/error-messages';
import { SchemaForm } from '../../../src/console/rjsf/SchemaForm';
import { mapServerError } from '../../../src/console/rjsf/server-errors';
import { consoleResources } from './console-models';
import { stubMatchMedia } from './match-media';

const translate: Translate = (key, params, defaultValue) => String(i18n.t(key, { ...params, defaultValue }));
const hookFields = ['name', 'events', 'config'];

describe('server error → form field', () => {
  it('puts a 422 whose code is in errorFields on that field, translated', () => {
    const result = mapServerError(
      {
        statusCode: 422,
        code: 'role.name_in_use',
        message: 'This role name admin is already in use.',
        data: { name: 'admin' },
      },
      { errorFields: { 'role.name_in_use': 'name' }, fields: ['name', 'description', 'type'], translate },
    );
    expect(result).toEqual({
      errorSchema: { name: { __errors: ['This role name is already in use.'] } },
      unmapped: [],
    });
  });

  it("words a plan's quota error by the feature it names, and by the limit where it names one", () => {
    const refused = (data: Record<string, unknown>) =>
      mapServerError(
        { statusCode: 403, code: 'subscription.limit_exceeded', message: 'limit', data },
        { errorFields: {}, fields: ['name'], translate },
      ).unmapped;
    expect(refused({ key: 'mfaEnabled' })).toEqual([
      'Multi-factor authentication is not part of your plan. Upgrade the plan to turn it on.',
    ]);
    expect(refused({ key: 'applicationsLimit', limit: 3, usage: 3 })).toEqual([
      'You have reached the limit of your plan: it allows 3 of these and the tenant has 3. Upgrade the plan or delete one first.',
    ]);
  });

  it('puts 400 issues on the field their JSON pointer names, one per value, saying what a URL must start with', () => {
    const issues = [
      {
        path: '/config/url',
        keyword: 'pattern',
        message: 'must match pattern "^https?://"',
        params: { pattern: '^https?://' },
      },
      { path: '/config/url', keyword: 'format', message: 'must match format "uri"', params: { format: 'uri' } },
      {
        path: '/name',
        keyword: 'maxLength',
        message: 'must NOT have more than 256 characters',
        params: { limit: 256 },
      },
    ];
    const result = mapServerError(
      { statusCode: 400, code: 'guard.invalid_input', message: 'invalid', data: { issues } },
      { errorFields: {}, fields: hookFields, translate },
    );
    expect(result.errorSchema).toEqual({
      config: { url: { __errors: ['Enter a URL that starts with http:// or https://'] } },
      name: { __errors: ['Must be at most 256 characters'] },
    });
    expect(result.unmapped).toEqual([]);
  });

  it('maps a missing property to the property itself', () => {
    const issues = [
      {
        path: '',
        keyword: 'required',
        message: "must have required property 'events'",
        params: { missingProperty: 'events' },
      },
    ];
    const result = mapServerError(
      { statusCode: 400, code: 'guard.invalid_input', message: 'invalid', data: { issues } },
      { errorFields: {}, fields: hookFields, translate },
    );
    expect(result.errorSchema).toEqual({ events: { __errors: ['This field is required'] } });
  });

  it('returns errors that name no field of the form as unmapped', () => {
    const issues = [{ path: '/signingKey', keyword: 'additionalProperties', message: 'not allowed', params: {} }];
    const outside = mapServerError(
      { statusCode: 400, code: 'guard.invalid_input', message: 'invalid', data: { issues } },
      { errorFields: {}, fields: hookFields, translate },
    );
    expect(outside.errorSchema).toEqual({});
    expect(outside.unmapped).toHaveLength(1);

    const general = mapServerError(
      { statusCode: 500, code: 'some.unknown_code', message: 'Exploded.' },
      { errorFields: { 'role.name_in_use': 'name' }, fields: ['name'], translate },
    );
    expect(general).toEqual({ errorSchema: {}, unmapped: ['Exploded.'] });
  });

  it('translates schema errors by ajv keyword with params', () => {
    const transform = createErrorTransformer(translate);
    const [maxLength, minItems, required] = transform([
      {
        name: 'maxLength',
        params: { limit: 128 },
        property: '.name',
        message: 'must NOT have more than 128 characters',
        stack: '',
      },
      {
        name: 'minItems',
        params: { limit: 1 },
        property: '.events',
        message: 'must NOT have fewer than 1 items',
        stack: '',
      },
      {
        name: 'minLength',
        params: { limit: 1 },
        property: '.description',
        message: 'must NOT have fewer than 1 characters',
        stack: '',
      },
    ]);
    expect(maxLength?.message).toBe('Must be at most 128 characters');
    expect(minItems?.message).toBe('Choose at least one');
    expect(required?.message).toBe('This field is required');
  });
});

describe('settings form PATCH body', () => {
  it('sends only changed fields, null for an emptied nullable field, and reports other emptied fields', () => {
    const properties = {
      name: { type: 'string' },
      description: { type: ['string', 'null'] },
      isDefault: { type: 'boolean' },
    };
    const baseline = { name: 'Admin', description: 'All', isDefault: false };
    expect(patchBody({ name: 'Admin', description: 'All', isDefault: true }, baseline, properties)).toEqual({
      body: { isDefault: true },
      cleared: [],
    });
    expect(patchBody({ name: undefined, isDefault: false }, baseline, properties)).toEqual({
      body: { description: null },
      cleared: ['name'],
    });
  });
});

describe('rendered form', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  it('shows a server error under the field it belongs to, with labels from the texts', () => {
    const role = consoleResources.find((resource) => resource.name === 'role');
    if (!role?.create) throw new Error('role has no create form');
    const extraErrors: ErrorSchema = {
      name: { __errors: ['This role name is already in use.'] },
    } as unknown as ErrorSchema;
    render(
      <SchemaForm
        resource={role}
        form={role.create.form}
        idPrefix="role-create"
        formData={{ name: 'admin', description: 'x', type: 'User' }}
        extraErrors={extraErrors}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    const name = screen.getByRole('textbox', { name: 'Role name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('This role name is already in use.');
    expect(screen.getByRole('radio', { name: 'Machine-to-machine' })).toBeTruthy();
    expect(screen.queryByText(/Field-1|root/)).toBeNull();
  });
});
