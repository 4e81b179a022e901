import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { cleanSchema } from '../src/shared/schema-tools.js';

export { cleanSchema };

import { CodegenError } from './load.js';

const objectSchema = (properties: Record<string, JSONSchema7>, required: string[]): JSONSchema7 => ({
  type: 'object',
  additionalProperties: false,
  properties,
  ...(required.length > 0 ? { required } : {}),
});

export interface BodySchemas {
  create: JSONSchema7;
  update: JSONSchema7;
  /** The same bodies as the console's forms check them (with the properties' `x-form` constraints). */
  forms: { create: JSONSchema7; update: JSONSchema7 };
}

/**
 * Request bodies derived from the entity schema: readOnly properties are the server's; `x-immutable` ones are set at
 * creation only (`"x-immutable": "ignored"`: an update body may still carry it, and the server drops it, as Logto
 * ignores a resource's indicator on update); a property with a default may be omitted on creation.
 */
export const deriveBodySchemas = (entity: JSONSchema7, extraCreate: Record<string, JSONSchema7>): BodySchemas => {
  const bodies = (forForm: boolean) => {
    const properties = entity.properties ?? {};
    const required = new Set(entity.required ?? []);
    const writable = Object.entries(properties).filter(([, prop]) => !prop.readOnly);
    const createProps = Object.fromEntries([
      ...writable.map(([name, prop]) => [name, cleanSchema(prop, forForm)] as const),
      ...Object.entries(extraCreate),
    ]);
    // A form may ask for more than the API (`x-form` at the root: `required`, e.g. a webhook's events).
    const formRequired = forForm ? ((entity['x-form'] as { required?: string[] } | undefined)?.required ?? []) : [];
    const createRequired = writable
      .filter(([name, prop]) => (required.has(name) && prop.default === undefined) || formRequired.includes(name))
      .map(([name]) => name);
    const updateProps = Object.fromEntries(
      writable
        .filter(([, prop]) => !prop['x-immutable'] || prop['x-immutable'] === 'ignored')
        .map(([name, prop]) => [name, cleanSchema(prop, forForm)]),
    );
    return { create: objectSchema(createProps, createRequired), update: objectSchema(updateProps, []) };
  };
  return { ...bodies(false), forms: bodies(true) };
};

/** The schema of a console form showing only `fields` of a body schema, in that order. */
export const pickForm = (body: JSONSchema7, fields: string[], where: string): JSONSchema7 => {
  const properties: Record<string, JSONSchema7> = {};
  for (const field of fields) {
    const prop = body.properties?.[field];
    if (!prop) throw new CodegenError(`${where}: field "${field}" is not writable here`);
    properties[field] = prop;
  }
  return objectSchema(
    properties,
    (body.required ?? []).filter((name) => fields.includes(name)),
  );
};

/** The body of a bespoke action: the named entity fields, each required, with the entity's rules. */
export const actionBody = (entity: JSONSchema7, fields: string[], where: string): JSONSchema7 => {
  const properties: Record<string, JSONSchema7> = {};
  for (const field of fields) {
    const prop = entity.properties?.[field];
    if (!prop) throw new CodegenError(`${where}: unknown body field "${field}"`);
    properties[field] = cleanSchema(prop);
  }
  return objectSchema(properties, fields);
};
