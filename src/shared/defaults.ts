import type { JSONSchema7 } from './json-schema.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A new item's values: each writable property left out takes its schema's default, and an object given in part
 * gains the keys of its property's default object that it leaves out (as old rows do when that default gains keys).
 */
export const withDefaults = (schema: JSONSchema7, value: Record<string, unknown>): Record<string, unknown> => {
  const result = { ...value };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.readOnly || prop.default === undefined) continue;
    const given = result[name];
    if (given === undefined) result[name] = structuredClone(prop.default);
    else if (isPlainObject(given) && isPlainObject(prop.default))
      result[name] = { ...structuredClone(prop.default), ...given };
  }
  return result;
};
