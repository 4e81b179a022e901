import { deepEquals } from '@rjsf/utils';
import type { JSONSchema7 } from '../../shared/json-schema';

type Data = Record<string, unknown>;

const allowsNull = (schema: JSONSchema7 | undefined): boolean =>
  Array.isArray(schema?.type) ? schema.type.includes('null') : schema?.type === 'null';

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
