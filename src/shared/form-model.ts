import type { JSONSchema7 } from './json-schema.js';

/** A form the console renders: its schema is compiled ahead of time; `validatorKey` finds the compiled validator. */
export interface FormModel {
  schema: JSONSchema7;
  validatorKey: string;
  /**
   * The same body as the console's forms check it, where they ask more than the API (the schema's `x-form`): the
   * QA fixtures' valid bodies are made to satisfy both.
   */
  formSchema?: JSONSchema7;
}
