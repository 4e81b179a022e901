import { ApiError } from './api-error.js';

/** Checks of a JSON body's fields for hand-written routes: each refusal is 400 `guard.invalid_input` naming the field. */
const invalid = (field: string) => new ApiError('guard.invalid_input', { type: 'body' }, { field });

/** A non-empty string field of the body, or 400 `guard.invalid_input`. */
export const stringField = (body: Record<string, unknown>, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) throw invalid(field);
  return value;
};

/** An optional string field: undefined when absent, 400 when it is not a string. */
export const optionalString = (body: Record<string, unknown>, field: string): string | undefined =>
  body[field] === undefined ? undefined : stringField(body, field);

/** A field that must be one of the values given. */
export const oneOfField = <T extends string>(body: Record<string, unknown>, field: string, values: readonly T[]): T => {
  const value = body[field];
  if (!values.includes(value as T)) throw invalid(field);
  return value as T;
};

/** The body's `identifier`: `{type, value}` of one of the types given. */
export const identifierField = <T extends 'username' | 'email' | 'phone'>(
  body: Record<string, unknown>,
  types: readonly T[],
): { type: T; value: string } => {
  const identifier = body.identifier;
  if (!identifier || typeof identifier !== 'object') throw invalid('identifier');
  const fields = identifier as Record<string, unknown>;
  const type = oneOfField(fields, 'type', types);
  const value = stringField(fields, 'value').trim();
  if (!value) throw invalid('identifier');
  return { type, value };
};
