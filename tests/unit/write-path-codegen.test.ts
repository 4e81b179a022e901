import { describe, expect, it } from 'vitest';
import { actionModels } from '../../codegen/actions.js';
import { checkFieldKinds } from '../../codegen/fields.js';
import type { Descriptor, LoadedEntity } from '../../codegen/load.js';
import { buildModels } from '../../codegen/model.js';
import type { ApiAction } from '../../src/shared/descriptor.js';
import type { JSONSchema7 } from '../../src/shared/json-schema.js';

const entity = (properties: Record<string, JSONSchema7>, descriptor: Partial<Descriptor> = {}): LoadedEntity => ({
  descriptor: {
    name: 'thing',
    table: 'things',
    edition: 'all',
    requiredScopes: { read: ['all'], write: ['all'] },
    ...descriptor,
  },
  schema: { type: 'object', properties: { id: { type: 'string', readOnly: true }, ...properties } },
  descriptorFile: 'src/entities/thing/resource.json',
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

  it('asks for the afterRead hook that computes a field derived after reading', () => {
    const providerConfig: JSONSchema7 = { type: 'object', readOnly: true, 'x-derived': { afterRead: 'secretHash' } };
    expect(() => checkFieldKinds(entity({ secret, secretHash: stored, providerConfig }, hooked))).toThrow(
      /needs a serverHooks.afterRead/,
    );
    const read = { serverHooks: { ...hooked.serverHooks, afterRead: 'thing.present' } };
    expect(() => checkFieldKinds(entity({ secret, secretHash: stored, providerConfig }, read))).not.toThrow();
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

  it('compiles the query of a querySchema, and lets a path have several segments', () => {
    const withQuery = entity(
      { count: { type: 'integer' } },
      {
        kind: 'service',
        api: {
          path: '/stats',
          tag: 'Stats',
          operations: {},
          actions: [action({ on: 'collection', method: 'GET', path: 'users/active', querySchema: 'dayQuery' })],
        },
      },
    );
    withQuery.schema = {
      ...withQuery.schema,
      $defs: { dayQuery: { type: 'object', properties: { day: { type: 'string', format: 'date' } } } },
    } as JSONSchema7;
    const [compiled] = actionModels(withQuery, compile);
    expect(compiled?.query?.schema).toMatchObject({ properties: { day: { type: 'string' } } });
    expect(compiled?.body).toBeUndefined();
  });

  it('compiles the path parameters of a paramsSchema and refuses one naming a parameter the path lacks', () => {
    const withParams = (path: string) => {
      const loaded = entity(
        { count: { type: 'integer' } },
        {
          kind: 'service',
          api: {
            path: '/keys',
            tag: 'Keys',
            operations: {},
            actions: [action({ on: 'collection', method: 'GET', path, paramsSchema: 'kindParams' })],
          },
        },
      );
      loaded.schema = {
        ...loaded.schema,
        $defs: { kindParams: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'] } } } },
      } as JSONSchema7;
      return loaded;
    };
    const [compiled] = actionModels(withParams('{kind}/rotate'), compile);
    expect(compiled?.params?.schema).toMatchObject({ properties: { kind: { type: 'string', enum: ['a', 'b'] } } });
    expect(() => actionModels(withParams('{type}/rotate'), compile)).toThrow(/paramsSchema names kind, not a path/);
  });

  it('asks an action that authenticates its caller itself to declare no scopes', () => {
    expect(() => actionModels(withActions([action({ authenticatedBy: 'handler' })]), compile)).toThrow(/scopes: \[\]/);
    expect(actionModels(withActions([action({ authenticatedBy: 'handler', scopes: [] })]), compile)).toHaveLength(1);
  });

  it('refuses a repeated path parameter and a body or answer schema the entity schema does not define', () => {
    expect(() => actionModels(withActions([action({ path: 'x/{slot}/y/{slot}' })]), compile)).toThrow(/repeated/);
    expect(() => actionModels(withActions([action({ bodySchema: 'missing' })]), compile)).toThrow(/no \$defs\/missing/);
    const defined = withActions([action({ path: 'x/{slot}', bodySchema: 'note', responseSchema: 'note' })]);
    defined.schema = {
      ...defined.schema,
      $defs: { note: { type: 'object', properties: { text: { type: 'string' } } } },
    } as JSONSchema7;
    expect(actionModels(defined, compile)[0]?.body?.schema).toMatchObject({ properties: { text: { type: 'string' } } });
  });

  it('lets only a PUT answering 200 declare the status of an answer that inserted', () => {
    const put = action({ method: 'PUT', path: 'notes/{slot}', createdStatus: 201 });
    expect(actionModels(withActions([put]), compile)).toHaveLength(1);
    expect(() => actionModels(withActions([{ ...put, method: 'POST' }]), compile)).toThrow(/only a PUT answering 200/);
    expect(() => actionModels(withActions([{ ...put, status: 204 }]), compile)).toThrow(/only a PUT answering 200/);
  });

  it('lets only a POST be read-only, and an answer of a media type of its own be no schema', () => {
    expect(actionModels(withActions([action({ readOnly: true, responseType: 'text/html' })]), compile)).toHaveLength(1);
    expect(() => actionModels(withActions([action({ method: 'PATCH', readOnly: true })]), compile)).toThrow(
      /only a POST is declared readOnly/,
    );
    const both = withActions([action({ responseType: 'text/html', responseFields: ['name'] })]);
    expect(() => actionModels(both, compile)).toThrow(/an answer of responseType is text/);
  });

  it('puts the entity’s update body where a body schema’s property is marked x-update-body', () => {
    const preview = withActions([action({ bodySchema: 'preview' })]);
    preview.schema = {
      ...preview.schema,
      $defs: {
        preview: {
          type: 'object',
          properties: { changes: { 'x-update-body': true, description: 'Unsaved.' }, page: { type: 'string' } },
        },
      },
    } as JSONSchema7;
    expect(actionModels(preview, compile)[0]?.body?.schema.properties).toEqual({
      changes: {
        type: 'object',
        additionalProperties: false,
        properties: { name: { type: 'string', maxLength: 8 } },
        description: 'Unsaved.',
      },
      page: { type: 'string' },
    });
  });
});

describe('codegen checks of webhook events', () => {
  const events: JSONSchema7 = { type: 'array', items: { type: 'string', enum: ['Thing.Created'] } };
  const announcer = (name: string) => entity({ events }, { name, table: `${name}s`, webhookEventsField: 'events' });

  it('takes the events from the entity that declares them, whatever its name', () => {
    const thing = entity({}, { webhookEvents: { created: 'Thing.Created' } });
    expect(() => buildModels([announcer('signal'), thing])).not.toThrow();
    const unknown = entity({}, { webhookEvents: { created: 'Thing.Gone' } });
    expect(() => buildModels([announcer('signal'), unknown])).toThrow(/webhookEvents names unknown event "Thing.Gone"/);
  });

  it('refuses two entities declaring the events, and a declared field without an enum of items', () => {
    expect(() => buildModels([announcer('signal'), announcer('beacon')])).toThrow(/more than one entity/);
    const bare = entity(
      { events: { type: 'array' } },
      { name: 'signal', table: 'signals', webhookEventsField: 'events' },
    );
    expect(() => buildModels([bare])).toThrow(/webhookEventsField events is no array field/);
  });
});
