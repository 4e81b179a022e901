import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel, LinkedRelation } from '../../shared/descriptor.js';
import type { EntityOperations, RequestContext } from '../crud/operations.js';
import type { Entity } from '../crud/repository.js';
import type { Database, Queryable } from '../db/database.js';
import { applicationOverrides } from '../entities/application/overrides.js';
import { hookOverrides } from '../entities/hook/overrides.js';
import { resourceOverrides } from '../entities/resource/overrides.js';
import type { ServerOverrideKey } from './keys.js';

export interface HookContext {
  tenantId: string;
  db: Queryable;
  model: EntityModel;
}

/** Runs before an entity is inserted: may add server-managed values (generated keys, defaults). */
export interface BeforeWriteOverride {
  kind: 'beforeWrite';
  run: (values: Entity, context: HookContext) => Entity | Promise<Entity>;
}

/**
 * Runs before targets are linked to a source through a relation entity, at assignment or at creation, in the same
 * transaction: throws an `ApiError` to refuse (nothing is linked then). Named by the relation, it runs for links made
 * from either side (`relation.target` tells which); named by a side entity, for the links made from it. `targets`
 * are the requested targets found in the tenant; ids that were not found are answered 404 after this check.
 */
export interface BeforeLinkOverride {
  kind: 'beforeLink';
  run: (
    input: { source: Entity; relation: LinkedRelation; targetIds: string[]; targets: Entity[] },
    context: HookContext,
  ) => void | Promise<void>;
}

/** Serves a bespoke route below an entity (`/api/<path>/{id}/<action>`). */
export interface ActionOverride {
  kind: 'action';
  run: (input: {
    context: RequestContext;
    id: string;
    /** The request body, already validated against the action's `bodyFields`. */
    body: Record<string, unknown>;
    db: Database;
    request: FastifyRequest;
    reply: FastifyReply;
    operations: EntityOperations;
    operationsOf: (entity: string) => EntityOperations;
  }) => Promise<unknown>;
}

export type ServerOverride = BeforeWriteOverride | BeforeLinkOverride | ActionOverride;

/** Every key of `keys.ts` has exactly one implementation; TypeScript fails the build otherwise. */
export const serverOverrides: Record<ServerOverrideKey, ServerOverride> = {
  ...applicationOverrides,
  ...hookOverrides,
  ...resourceOverrides,
};
