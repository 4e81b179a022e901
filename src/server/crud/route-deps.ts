import type { FastifyRequest } from 'fastify';
import type { EntityModel } from '../../shared/descriptor.js';
import type { Database } from '../db/database.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import type { ServerOverrides } from './overrides.js';
import type { Validation } from './validate.js';

/** What the routes of every entity share: the database, the operations, the caller's context, the catalog's parts. */
export interface RouteDeps {
  db: Database;
  operationsOf: (entity: string) => EntityOperations;
  context: (request: FastifyRequest) => RequestContext;
  validation: Validation;
  overrides: ServerOverrides;
  /** The entities the server serves (its catalog's models), for the actions that list them. */
  models: readonly EntityModel[];
  /** The rows a list counts exactly for `Prefer: count=estimated` before it takes the planner's estimate. */
  countThreshold: number;
}
