import type { JSONSchema7 } from './json-schema.js';

/** Removes our `x-*` extensions and annotations a request body must not carry. */
export const cleanSchema = (schema: JSONSchema7, forForm = false): JSONSchema7 => {
  const result: Record<string, unknown> = {};
  const clean = (sub: JSONSchema7) => cleanSchema(sub, forForm);
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === '$schema' || key === 'readOnly') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      result[key] = Object.fromEntries(
        Object.entries(value as Record<string, JSONSchema7>).map(([name, sub]) => [name, clean(sub)]),
      );
    } else if (['items', 'additionalProperties', 'propertyNames'].includes(key) && value && typeof value === 'object') {
      result[key] = clean(value as JSONSchema7);
    } else if (key === 'oneOf' && Array.isArray(value)) {
      result[key] = value.map((branch: JSONSchema7) => clean(branch));
    } else {
      result[key] = value;
    }
  }
  // `x-form`: what the console's forms ask beyond what the API accepts (Logto's console wants a webhook's endpoint
  // to be an http(s) URL; its API takes any text). A keyword set to null there is one the forms go without.
  if (forForm && schema['x-form'] && typeof schema['x-form'] === 'object') {
    for (const [key, value] of Object.entries(schema['x-form'])) {
      if (value === null) delete result[key];
      else result[key] = value;
    }
  }
  return result as JSONSchema7;
};
