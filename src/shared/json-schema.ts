/** The subset of JSON Schema (draft 2020-12) that entity schemas use. */
export interface JSONSchema7 {
  $schema?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JSONSchema7>;
  required?: string[];
  additionalProperties?: boolean | JSONSchema7;
  propertyNames?: JSONSchema7;
  items?: JSONSchema7;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxProperties?: number;
  pattern?: string;
  format?: string;
  readOnly?: boolean;
  deprecated?: boolean;
  not?: JSONSchema7;
  /** At an entity schema's top level only: its cross-field rules, each an `if`/`then` (`else`) on the whole record. */
  allOf?: JSONSchema7[];
  /** At a top-level field only, with `discriminator`: the field's value is one of these branches. */
  oneOf?: JSONSchema7[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  if?: JSONSchema7;
  then?: JSONSchema7;
  else?: JSONSchema7;
  [extension: `x-${string}`]: unknown;
}
