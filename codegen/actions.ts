import { actionPathParams } from '../src/shared/action-paths.js';
import type { ActionModel, ApiAction } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { actionBody, cleanSchema, deriveBodySchemas } from './forms.js';
import { queryForm } from './list-query.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';
import type { QueryParameter } from './query-parameter.js';

/** The answer of an action as a schema: the entity (undefined), an object of some of its fields, or one field. */
export const actionResponseSchema = (schema: JSONSchema7, action: ApiAction): JSONSchema7 | undefined => {
  if (action.responseSchema) return cleanSchema(ownDefinition(schema, action.responseSchema) ?? {});
  if (action.responseField) return cleanSchema(schema.properties?.[action.responseField] ?? {});
  if (!action.responseFields) return undefined;
  return {
    type: 'object',
    required: action.responseFields,
    properties: Object.fromEntries(
      action.responseFields.map((field) => [field, cleanSchema(schema.properties?.[field] ?? {})]),
    ),
  };
};

/** A `$defs` entry of the entity's schema. */
export const ownDefinition = (schema: JSONSchema7, name: string) =>
  (schema as { $defs?: Record<string, JSONSchema7> }).$defs?.[name];

/**
 * A `bodySchema`'s top-level properties marked `x-update-body: true` hold an update (PATCH) body of the entity: the
 * entity's own update body, with the property's description.
 */
const withUpdateBodies = (body: JSONSchema7, updateBody: JSONSchema7): JSONSchema7 => {
  const properties = Object.entries(body.properties ?? {}).map(([name, prop]) =>
    prop['x-update-body'] === true
      ? [name, { ...updateBody, ...(prop.description ? { description: prop.description } : {}) }]
      : [name, prop],
  );
  return body.properties ? { ...body, properties: Object.fromEntries(properties) } : body;
};

/**
 * The declared actions of an entity with their bodies compiled: `bodyFields` all required, `optionalBodyFields` at
 * least one. Collection actions with an empty path are the collection's (or service's) own path; only a service may
 * have no item, so item actions belong to collections.
 */
export const actionModels = (entity: LoadedEntity, compile: (schema: JSONSchema7) => ActionModel['body']) => {
  const { descriptor: d, schema } = entity;
  const file = `${descriptorFileOf(d.name)}`;
  const seen = new Set<string>();
  return (d.api?.actions ?? []).map((action): ActionModel => {
    const where = `${file} action ${action.key}`;
    const on = action.on ?? 'item';
    if (d.kind === 'service' && on === 'item')
      throw new CodegenError(`${where}: a service has no items; use on: collection`);
    if (d.kind === 'singleton' && on === 'item')
      throw new CodegenError(`${where}: a singleton has no items; use on: collection`);
    if (action.authenticatedBy && action.scopes?.length !== 0) {
      throw new CodegenError(`${where}: an action its handler authenticates declares scopes: []`);
    }
    // At the item's own path, an action takes a method no declared operation serves there (Logto's PUT of a field).
    const itemOperation = { GET: 'get', PATCH: 'update', DELETE: 'delete' }[action.method as string];
    if (on === 'item' && !action.path && itemOperation && itemOperation in (d.api?.operations ?? {})) {
      throw new CodegenError(`${where}: an item action at the item's path takes a method no operation serves there`);
    }
    const route = `${on} ${action.method} ${action.path}`;
    if (seen.has(route)) throw new CodegenError(`${where}: another action has the same method and path`);
    seen.add(route);
    const params = actionPathParams(action.path);
    if (new Set(params).size !== params.length) throw new CodegenError(`${where}: a path parameter is repeated`);
    if (
      [action.bodyFields, action.optionalBodyFields, action.bodyField, action.bodySchema].filter(Boolean).length > 1
    ) {
      throw new CodegenError(`${where}: give one of bodyFields, optionalBodyFields, bodyField and bodySchema`);
    }
    if ([action.responseField, action.responseFields, action.responseSchema].filter(Boolean).length > 1) {
      throw new CodegenError(`${where}: give one of responseField, responseFields and responseSchema`);
    }
    if (action.responseType && (action.responseField || action.responseFields || action.responseSchema)) {
      throw new CodegenError(`${where}: an answer of responseType is text; give no responseField(s) or responseSchema`);
    }
    if (action.readOnly && action.method !== 'POST') {
      throw new CodegenError(`${where}: only a POST is declared readOnly (GET reads already; others write)`);
    }
    if (action.createdStatus && (action.status !== 200 || action.method !== 'PUT')) {
      throw new CodegenError(`${where}: only a PUT answering 200 may declare createdStatus`);
    }
    for (const name of [action.bodySchema, action.responseSchema, action.querySchema, action.paramsSchema]) {
      if (name && !ownDefinition(schema, name)) throw new CodegenError(`${where}: the schema has no $defs/${name}`);
    }
    for (const field of [...(action.responseFields ?? []), ...(action.responseField ? [action.responseField] : [])]) {
      const prop = schema.properties?.[field];
      if (!prop || prop['x-private'] || prop.writeOnly)
        throw new CodegenError(`${where}: cannot answer with field ${field}`);
    }
    const described = actionParamsParameters(schema, action).map(({ name }) => name);
    for (const name of described) {
      if (!params.includes(name)) throw new CodegenError(`${where}: paramsSchema names ${name}, not a path parameter`);
    }
    let body: JSONSchema7 | undefined;
    if (action.bodyFields) body = actionBody(schema, action.bodyFields, where);
    if (action.optionalBodyFields) {
      const all = actionBody(schema, action.optionalBodyFields, where);
      const { required: _required, ...rest } = all;
      body = { ...rest, minProperties: 1 } as JSONSchema7;
    }
    if (action.bodyField) {
      const prop = schema.properties?.[action.bodyField];
      if (!prop || prop.readOnly) throw new CodegenError(`${where}: bodyField ${action.bodyField} is not writable`);
      body = cleanSchema(prop);
    }
    if (action.bodySchema) {
      const update = deriveBodySchemas(schema, {}).update;
      body = cleanSchema(withUpdateBodies(ownDefinition(schema, action.bodySchema) ?? {}, update));
    }
    const query = action.querySchema ? { query: queryForm(actionQueryParameters(schema, action)) } : {};
    const paramsForm = action.paramsSchema ? { params: queryForm(actionParamsParameters(schema, action)) } : {};
    return body ? { ...action, body: compile(body), ...query, ...paramsForm } : { ...action, ...query, ...paramsForm };
  });
};

/** The query parameters of an action: the properties of its `querySchema` (none without one). */
export const actionQueryParameters = (schema: JSONSchema7, action: ApiAction): QueryParameter[] =>
  definitionParameters(schema, action.querySchema);

/** The described path parameters of an action: the properties of its `paramsSchema` (none without one). */
export const actionParamsParameters = (schema: JSONSchema7, action: ApiAction): QueryParameter[] =>
  definitionParameters(schema, action.paramsSchema);

const definitionParameters = (schema: JSONSchema7, name: string | undefined): QueryParameter[] => {
  const definition = name ? ownDefinition(schema, name) : undefined;
  return Object.entries(definition?.properties ?? {}).map(([name, property]) => {
    const cleaned = cleanSchema(property as JSONSchema7);
    return { name, description: cleaned.description ?? '', schema: cleaned };
  });
};
