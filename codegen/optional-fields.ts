import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError } from './errors.js';
import { isStored } from './fields.js';
import type { LoadedEntity } from './load.js';
import { schemaFileOf } from './names.js';

const typesOf = (schema: JSONSchema7): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/**
 * One rule for optional properties: each property has a column, and a row always has a value in it. So an optional
 * (not `required`) property either allows null (stored NULL, returned `null`, cleared by sending `null`) or has a
 * `default` (stored and returned with that value, never null). Anything else would be stored as NULL and returned
 * as `null` although its type, and the OpenAPI document, say it cannot be. Properties inside a JSON object (an
 * object-typed property) are not columns: there an optional property is simply absent; nor are write-only and derived
 * properties, nor the properties of a service, which has no table.
 */
export const checkOptionalFields = (entities: LoadedEntity[]) => {
  const problems: string[] = [];
  for (const { descriptor, schema } of entities) {
    if (descriptor.kind === 'service') continue;
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (
        !isStored(property) ||
        required.has(name) ||
        typesOf(property).includes('null') ||
        property.default !== undefined
      )
        continue;
      const types = typesOf(property);
      const nullable = JSON.stringify([...(types.length ? types : ['string']), 'null']);
      problems.push(
        `${schemaFileOf(descriptor.name)}#/properties/${name}: an optional property must allow null or have a default; write "type": ${nullable} (stored as NULL, cleared with null), or a "default", or list it in "required"`,
      );
    }
  }
  if (problems.length) throw new CodegenError(problems.join('\n'));
};
