import type { Database, Queryable } from '../db/database.js';
import type { EntityOperations } from './operations.js';
import type { ServerOverrides } from './overrides.js';
import type { OpenWrite, WritePipeline } from './pipeline.js';
import type { Entity } from './repository.js';
import type { Validation } from './validate.js';

/**
 * Statements a caller adds to a create's transaction: `first` before anything else (a lock, a precondition that
 * throws), `after` after the insert (rows that belong with the new one; `open` lets another write, such as a link,
 * join the create's transaction).
 */
export interface CreateSteps {
  first?: (tx: Queryable) => Promise<void>;
  after?: (tx: Queryable, created: Entity, open: OpenWrite) => Promise<void>;
}

/** What the operations of every entity share: the database, the catalog's validators and overrides, the stages. */
export interface OperationDeps {
  db: Database;
  operationsOf: (name: string) => EntityOperations;
  validation: Validation;
  overrides: ServerOverrides;
  pipeline: WritePipeline;
}
