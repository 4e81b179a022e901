import type { JSONSchema7 } from '../src/shared/json-schema.js';

/** A query parameter of a list route, as the OpenAPI document describes it (typed values). */
export interface QueryParameter {
  name: string;
  description: string;
  schema: JSONSchema7;
  /** The parameter may be repeated (`?types=SPA&types=Native`), each time with one value. */
  repeated?: boolean;
}
