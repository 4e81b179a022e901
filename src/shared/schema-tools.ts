import type { JSONSchema7 } from './json-schema.js';

/** Removes our `x-*` extensions and annotations a request body must not carry. */
export const cleanSchema = (schema: JSONSchema7): JSONSchema7 => {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === '$schema' || key === 'readOnly') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      result[key] = Object.fromEntries(
        Object.entries(value as Record<string, JSONSchema7>).map(([name, sub]) => [name, cleanSchema(sub)]),
      );
    } else if (['items', 'additionalProperties', 'propertyNames'].includes(key) && value && typeof value === 'object') {
      result[key] = cleanSchema(value as JSONSchema7);
    } else if (key === 'oneOf' && Array.isArray(value)) {
      result[key] = value.map((branch: JSONSchema7) => cleanSchema(branch));
    } else {
      result[key] = value;
    }
  }
  return result as JSONSchema7;
};
