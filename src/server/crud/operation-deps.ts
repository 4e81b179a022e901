import type { Database } from '../db/database.js';
import type { EntityOperations } from './contracts.js';
import type { ServerOverrides } from './overrides.js';
import type { WritePipeline } from './pipeline.js';
import type { Validation } from './validate.js';

/** What the operations of every entity share: the database, the catalog's validators and overrides, the stages. */
export interface OperationDeps {
  db: Database;
  operationsOf: (name: string) => EntityOperations;
  validation: Validation;
  overrides: ServerOverrides;
  pipeline: WritePipeline;
}
