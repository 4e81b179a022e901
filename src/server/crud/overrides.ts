import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityModel, LinkedRelation } from '../../shared/descriptor.js';
import type { Database, Queryable } from '../db/database.js';
import type { Actor, RequestContext } from './context.js';
import type { EntityOperations, WithinAction } from './contracts.js';
import type { Announcement } from './pipeline.js';
import type { Entity } from './repository.js';

/**
 * The contracts of bespoke server pieces (overrides). The generic layer defines them and receives the
 * implementations through the catalog; it never imports an implementation.
 */

export interface HookContext {
  tenantId: string;
  db: Queryable;
  model: EntityModel;
  /** Who writes; a hook may record or check it. */
  context: RequestContext;
  /** For `beforeUpdate`: the record as stored before the update (its row locked), to check the patch against. */
  stored?: Entity;
  /** The model of another entity the server serves (from its catalog). */
  modelOf: (entity: string) => EntityModel;
}

/** Runs before an entity is inserted or updated: may add server-managed values (generated keys, password hashes). */
export interface BeforeWriteOverride {
  kind: 'beforeWrite';
  run: (values: Entity, context: HookContext) => Entity | Promise<Entity>;
  /**
   * Runs ahead of the write's transaction on the values sent (no row is locked, no transaction waits): a check that
   * reaches outside the database, such as an identity provider's published configuration; throws to refuse.
   */
  prepare?: (values: Entity, context: Omit<HookContext, 'db' | 'stored'>) => void | Promise<void>;
}

/**
 * Runs before an item is deleted, in the delete's transaction, with the item as stored (its row locked): throws an
 * `ApiError` to refuse (nothing is deleted then).
 */
export interface BeforeDeleteOverride {
  kind: 'beforeDelete';
  run: (stored: Entity, context: HookContext) => void | Promise<void>;
}

/**
 * Runs before targets are linked to an entity through a many-to-many relation, at assignment or at creation, in
 * the same transaction: throws an `ApiError` to refuse (nothing is linked then). `targets` are the requested
 * targets found in the tenant; ids that were not found are answered 404 after this check.
 */
export interface BeforeLinkOverride {
  kind: 'beforeLink';
  run: (
    input: { source: Entity; relation: LinkedRelation; targetIds: string[]; targets: Entity[] },
    context: HookContext,
  ) => void | Promise<void>;
}

/**
 * Runs on the items an operation answers (list, get, create, update), in the operation's transaction: may add what
 * the stored row does not hold (linked items) or show a stored value as it reads now (an expired status).
 */
export interface AfterReadOverride {
  kind: 'afterRead';
  run: (items: Entity[], context: HookContext) => Entity[] | Promise<Entity[]>;
}

/**
 * Serves a declared action: below an item (`/api/<path>/{id}/<action>`, `id` set), on a collection
 * (`/api/<path>/<action>`) or at a path of its own (a service). Its answer is sent as the action's response.
 */
export interface ActionOverride {
  kind: 'action';
  /**
   * For an action declared `authenticatedBy: handler`: finds the caller from the request (or throws 401) before
   * the body is validated. The action's context names `actor`; `run` receives `caller`.
   */
  authenticate?: (
    request: FastifyRequest,
    services: { db: Database; operationsOf: (entity: string) => EntityOperations },
  ) => Promise<{ actor: Actor; caller: unknown }>;
  run: (input: {
    /** What `authenticate` found. */
    caller?: unknown;
    context: RequestContext;
    /** The item of an item action; empty for collection and service actions. */
    id: string;
    /** The request body, already validated against the action's body schema. */
    body: Record<string, unknown>;
    /** The query string; the parameters of `querySchema` are validated against its rules. */
    query: Record<string, unknown>;
    /** Path parameters of the route (a parent's id, the item's key). */
    params: Record<string, string>;
    db: Database;
    request: FastifyRequest;
    reply: FastifyReply;
    operations: EntityOperations;
    operationsOf: (entity: string) => EntityOperations;
    /** The entities the server serves (its catalog's models). */
    models: readonly EntityModel[];
    /** Announces a webhook event, sent once the action has succeeded. */
    announce: (announcement: Announcement) => void;
    /** The write's in-transaction checks (the plan's quota) for a record the action creates itself. */
    within?: WithinAction;
  }) => Promise<unknown>;
}

/** For a public action (`authenticatedBy: handler`) that anyone may call: the caller is anonymous. */
export const anyone: NonNullable<ActionOverride['authenticate']> = async () => ({
  actor: { kind: 'anonymous' },
  caller: undefined,
});

/** An action's answer marked as having inserted what the action's path names: sent with its `createdStatus`. */
export class Created<T = unknown> {
  constructor(readonly answer: T) {}
}

/** Marks an answer `created` (a PUT that inserted rather than replaced); see `createdStatus`. */
export const created = <T>(answer: T) => new Created(answer);

/** An action's answer sent with a status other than its declared one (Logto's 400 `{ result: false, issues }`). */
export class WithStatus<T = unknown> {
  constructor(
    readonly status: number,
    readonly answer: T,
  ) {}
}

/** Marks an answer to go out with `status` instead of the action's declared status. */
export const withStatus = <T>(status: number, answer: T) => new WithStatus(status, answer);

export type ServerOverride =
  | BeforeWriteOverride
  | BeforeDeleteOverride
  | BeforeLinkOverride
  | AfterReadOverride
  | ActionOverride;

/** The implementations a server runs with, by key (`<entity>.<piece>`, as descriptors name them). */
export type ServerOverrides = Readonly<Record<string, ServerOverride>>;

/** The implementation of `key` of the expected kind; a wrong kind is a programming error. */
export const overrideOf = <K extends ServerOverride['kind']>(
  overrides: ServerOverrides,
  key: string,
  kind: K,
): Extract<ServerOverride, { kind: K }> => {
  const override = overrides[key];
  if (override?.kind !== kind) throw new Error(`${key} is not a ${kind} override`);
  return override as Extract<ServerOverride, { kind: K }>;
};
