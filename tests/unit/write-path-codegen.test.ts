import { describe, expect, it } from 'vitest';
import { actionModels } from '../../codegen/actions.js';
import { checkFieldKinds } from '../../codegen/fields.js';
import type { Descriptor, LoadedEntity } from '../../codegen/load.js';
import type { ApiAction } from '../../src/shared/descriptor.js';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';

const entity = (properties: Record<string, JSONSchema7>, descriptor: Partial<Descriptor> = {}): LoadedEntity => ({
  descriptor: {
    name: 'thing',
    schema: 'thing.schema.json',
    table: 'things',
    edition: 'all',
    requiredScopes: { read: ['all'], write: ['all'] },
    ...descriptor,
  },
  schema: { type: 'object', properties: { id: { type: 'string', readOnly: true }, ...properties } },
  descriptorFile: 'resources/thing.resource.json',
});

const hooked = { serverHooks: { beforeCreate: 'thing.hash' } };
const secret: JSONSchema7 = { type: 'string', maxLength: 64, writeOnly: true };
const stored: JSONSchema7 = { type: ['string', 'null'], readOnly: true, 'x-private': true };

describe('codegen checks of write-only and derived fields', () => {
  it('accepts a write-only field a hook stores and a derived field read from a stored one', () => {
    const fields = {
      secret,
      secretHash: stored,
      hasSecret: { type: 'boolean', readOnly: true, 'x-derived': { notNull: 'secretHash' } },
    };
    expect(() => checkFieldKinds(entity(fields, hooked))).not.toThrow();
  });

  it('asks for a server hook that stores a write-only field', () => {
    expect(() => checkFieldKinds(entity({ secret }))).toThrow(/writeOnly field secret needs a serverHooks/);
  });

  it('refuses a write-only field that is also read-only or private', () => {
    expect(() => checkFieldKinds(entity({ secret: { ...secret, readOnly: true } }, hooked))).toThrow(
      /cannot be readOnly/,
    );
    expect(() => checkFieldKinds(entity({ secret: { ...secret, 'x-private': true } }, hooked))).toThrow(/x-private/);
  });

  it('refuses a derived field that is writable, of an unknown kind, or read from a field that is not stored', () => {
    const derived = (prop: JSONSchema7) => entity({ secret, secretHash: stored, hasSecret: prop }, hooked);
    expect(() => checkFieldKinds(derived({ type: 'boolean', 'x-derived': { notNull: 'secretHash' } }))).toThrow(
      /must be readOnly/,
    );
    expect(() =>
      checkFieldKinds(derived({ type: 'boolean', readOnly: true, 'x-derived': { sum: 'secretHash' } })),
    ).toThrow(/must be one of notNull/);
    expect(() =>
      checkFieldKinds(derived({ type: 'boolean', readOnly: true, 'x-derived': { notNull: 'secret' } })),
    ).toThrow(/not a stored field/);
  });
});

describe('codegen checks of declared actions', () => {
  const action = (extra: Partial<ApiAction>): ApiAction => ({
    key: 'do',
    method: 'POST',
    path: 'do',
    handler: 'thing.do',
    status: 200,
    summary: 'Do it',
    ...extra,
  });
  const compile = (schema: JSONSchema7) => ({ schema, validatorKey: 'key' });
  const withActions = (actions: ApiAction[], descriptor: Partial<Descriptor> = {}) =>
    entity(
      { name: { type: 'string', maxLength: 8 } },
      {
        api: { path: '/things', tag: 'Things', operations: {}, actions },
        ...descriptor,
      },
    );

  it('compiles required, optional and single-field bodies', () => {
    const [required, optional, single] = actionModels(
      withActions([
        action({ key: 'a', path: 'a', bodyFields: ['name'] }),
        action({ key: 'b', path: 'b', optionalBodyFields: ['name'] }),
        action({ key: 'c', path: 'c', bodyField: 'name' }),
      ]),
      compile,
    );
    expect(required?.body?.schema).toMatchObject({ required: ['name'], additionalProperties: false });
    expect(optional?.body?.schema).toMatchObject({ minProperties: 1 });
    expect(optional?.body?.schema).not.toHaveProperty('required');
    expect(single?.body?.schema).toEqual({ type: 'string', maxLength: 8 });
  });

  it('refuses an item action on a service, two actions on one route, and an answer with a private field', () => {
    expect(() => actionModels(withActions([action({})], { kind: 'service' }), compile)).toThrow(
      /a service has no items/,
    );
    expect(() => actionModels(withActions([action({ key: 'a' }), action({ key: 'b' })]), compile)).toThrow(
      /same method and path/,
    );
    const withSecret = entity(
      { secret },
      { ...hooked, api: { path: '/t', tag: 'T', operations: {}, actions: [action({ responseField: 'secret' })] } },
    );
    expect(() => actionModels(withSecret, compile)).toThrow(/cannot answer with field secret/);
  });

  it('compiles the query of queryFields from string fields, and refuses another kind of field', () => {
    const withQuery = entity(
      { day: { type: 'string', format: 'date' }, count: { type: 'integer' } },
      {
        kind: 'service',
        api: {
          path: '/stats',
          tag: 'Stats',
          operations: {},
          actions: [action({ on: 'collection', method: 'GET', path: 'users/active', queryFields: ['day'] })],
        },
      },
    );
    const [compiled] = actionModels(withQuery, compile);
    expect(compiled?.query?.schema).toEqual({
      type: 'object',
      properties: { day: { type: 'string', format: 'date' } },
    });
    expect(compiled?.body).toBeUndefined();
    const counted = structuredClone(withQuery);
    for (const declared of counted.descriptor.api?.actions ?? []) declared.queryFields = ['count'];
    expect(() => actionModels(counted, compile)).toThrow(/query field count is not a string field/);
  });

  it('asks an action that authenticates its caller itself to declare no scopes', () => {
    expect(() => actionModels(withActions([action({ authenticatedBy: 'handler' })]), compile)).toThrow(/scopes: \[\]/);
    expect(actionModels(withActions([action({ authenticatedBy: 'handler', scopes: [] })]), compile)).toHaveLength(1);
  });
});
