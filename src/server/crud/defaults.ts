import type { JSONSchema7 } from '../../shared/json-schema.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A new item's values: each writable property left out takes its schema's default, and an object given in part
 * gains the defaults of the properties it leaves out, at every depth (as the console's forms fill them in).
 */
export const withDefaults = (schema: JSONSchema7, value: Record<string, unknown>): Record<string, unknown> => {
  const result = { ...value };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.readOnly) continue;
    const given = result[name];
    if (given === undefined) {
      if (prop.default !== undefined) result[name] = structuredClone(prop.default);
    } else if (isPlainObject(given) && prop.properties) {
      result[name] = withDefaults(prop, given);
    }
  }
  return result;
};
