import type { JSONSchema7 } from './json-schema.js';

/** A form the console renders: its schema is compiled ahead of time; `validatorKey` finds the compiled validator. */
export interface FormModel {
  schema: JSONSchema7;
  validatorKey: string;
}
