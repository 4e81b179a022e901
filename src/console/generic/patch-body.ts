import { deepEquals } from '@rjsf/utils';
import type { JSONSchema7 } from '../../shared/json-schema';

type Data = Record<string, unknown>;

const allowsNull = (schema: JSONSchema7 | undefined): boolean =>
  Array.isArray(schema?.type) ? schema.type.includes('null') : schema?.type === 'null';

const typeOf = (schema: JSONSchema7) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * The root fields of a settings form that cannot be emptied: text and numbers that do not allow null, and lists
 * that need an entry. `patchBody` reports them as cleared when emptied, so the form marks them as required.
 */
export const keptFields = (properties: Record<string, JSONSchema7> = {}): string[] =>
  Object.entries(properties)
    .filter(([, schema]) => !allowsNull(schema) && !schema.readOnly)
    .filter(([, schema]) =>
      typeOf(schema).some(
        (type) => type === 'string' || type === 'number' || type === 'integer' || (type === 'array' && schema.minItems),
      ),
    )
    .map(([name]) => name);

export interface PatchBody {
  /** The fields to send: only those that differ from the saved record. */
  body: Data;
  /** Fields the user emptied that cannot be removed (PATCH leaves an omitted field unchanged). */
  cleared: string[];
}

/**
 * The PATCH body of a settings form. An emptied field is sent as `null` when its schema allows null; otherwise it
 * is reported as cleared, so the form can say the field is required instead of silently keeping the old value.
 */
export const patchBody = (values: Data, baseline: Data, properties: Record<string, JSONSchema7> = {}): PatchBody => {
  const body: Data = {};
  const cleared: string[] = [];
  for (const key of new Set([...Object.keys(baseline), ...Object.keys(values)])) {
    const value = values[key];
    if (deepEquals(value, baseline[key])) continue;
    if (value !== undefined) body[key] = value;
    else if (baseline[key] === undefined || baseline[key] === null) continue;
    else if (allowsNull(properties[key])) body[key] = null;
    else cleared.push(key);
  }
  return { body, cleared };
};
