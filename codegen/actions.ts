import type { ActionModel, ApiAction } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { actionBody, cleanSchema } from './forms.js';
import { CodegenError, type LoadedEntity } from './load.js';

/** The answer of an action as a schema: the entity (undefined), an object of some of its fields, or one field. */
export const actionResponseSchema = (schema: JSONSchema7, action: ApiAction): JSONSchema7 | undefined => {
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

/**
 * The query string of an action with `queryFields`: each an optional string field of the entity, with its rules
 * (a query value arrives as text, so only string fields are accepted); other parameters are ignored, as on lists.
 */
const actionQuery = (schema: JSONSchema7, fields: string[], where: string): JSONSchema7 => ({
  type: 'object',
  properties: Object.fromEntries(
    fields.map((field) => {
      const prop = schema.properties?.[field];
      if (prop?.type !== 'string') {
        throw new CodegenError(`${where}: query field ${field} is not a string field`);
      }
      return [field, cleanSchema(prop)];
    }),
  ),
});

/**
 * The declared actions of an entity with their bodies compiled: `bodyFields` all required, `optionalBodyFields` at
 * least one. Collection actions with an empty path are the collection's (or service's) own path; only a service may
 * have no item, so item actions belong to collections.
 */
export const actionModels = (entity: LoadedEntity, compile: (schema: JSONSchema7) => ActionModel['body']) => {
  const { descriptor: d, schema } = entity;
  const file = `resources/${d.name}.resource.json`;
  const seen = new Set<string>();
  return (d.api?.actions ?? []).map((action): ActionModel => {
    const where = `${file} action ${action.key}`;
    const on = action.on ?? 'item';
    if (d.kind === 'service' && on === 'item')
      throw new CodegenError(`${where}: a service has no items; use on: collection`);
    if (action.authenticatedBy && action.scopes?.length !== 0) {
      throw new CodegenError(`${where}: an action its handler authenticates declares scopes: []`);
    }
    if (on === 'item' && !action.path) throw new CodegenError(`${where}: an item action needs a path`);
    const route = `${on} ${action.method} ${action.path}`;
    if (seen.has(route)) throw new CodegenError(`${where}: another action has the same method and path`);
    seen.add(route);
    if ([action.bodyFields, action.optionalBodyFields, action.bodyField].filter(Boolean).length > 1) {
      throw new CodegenError(`${where}: give one of bodyFields, optionalBodyFields and bodyField`);
    }
    if (action.responseField && action.responseFields) {
      throw new CodegenError(`${where}: give responseField or responseFields, not both`);
    }
    for (const field of [...(action.responseFields ?? []), ...(action.responseField ? [action.responseField] : [])]) {
      const prop = schema.properties?.[field];
      if (!prop || prop['x-private'] || prop.writeOnly)
        throw new CodegenError(`${where}: cannot answer with field ${field}`);
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
    const query = action.queryFields ? actionQuery(schema, action.queryFields, where) : undefined;
    return {
      ...action,
      ...(body ? { body: compile(body) } : {}),
      ...(query ? { query: compile(query) } : {}),
    };
  });
};
