import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError } from './load.js';

/** The fields an update body may carry and the server drops (`"x-immutable": "ignored"`). */
export const ignoredOnUpdate = (schema: JSONSchema7) => {
  const names = Object.entries(schema.properties ?? {})
    .filter(([, prop]) => prop['x-immutable'] === 'ignored')
    .map(([name]) => name);
  return names.length > 0 ? { ignoredOnUpdate: names } : {};
};

/** The nullable text fields whose empty text a body may send for "none" (`"x-empty": "null"`, Logto's `''`). */
export const emptyAsNull = (schema: JSONSchema7) => {
  const marked = Object.entries(schema.properties ?? {}).filter(([, prop]) => prop['x-empty'] !== undefined);
  for (const [name, prop] of marked) {
    const types = Array.isArray(prop.type) ? prop.type : [prop.type];
    if (prop['x-empty'] !== 'null' || !types.includes('string') || !types.includes('null'))
      throw new CodegenError(`${name}: "x-empty": "null" belongs on a field of type ["string", "null"]`);
  }
  const names = marked.map(([name]) => name);
  return names.length > 0 ? { emptyAsNull: names } : {};
};
