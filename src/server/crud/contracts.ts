import type { ActionModel, EntityModel, LinkedRelation, NotFoundCodes, ReachedLinks } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';
import type { ApiError } from '../http/api-error.js';
import type { Page } from '../http/pagination.js';
import type { ChangeDecision } from './change.js';
import type { RequestContext } from './context.js';
import type { Counting } from './list-count.js';
import type { ListQuery } from './list-query.js';
import type { Announcement, OpenWrite, Write, WriteKind } from './pipeline.js';
import type { Entity, Repository } from './repository.js';

/**
 * What the generic layer offers for each entity, as its callers see it: the routes, the overrides (through their
 * contracts), the server's own services. The operations implement these; everything else names only these.
 */

/**
 * Statements a caller adds to a create's transaction: `first` before anything else (a lock, a precondition that
 * throws), `after` after the insert (rows that belong with the new one; `open` lets another write, such as a link,
 * join the create's transaction).
 */
/**
 * The in-transaction checks of the write (the plan's quota) for the record an action creates itself, run in the
 * handler's own transaction ahead of its insert.
 */
export type WithinAction = (tx: Queryable, values: Entity) => Promise<void>;

export interface CreateSteps {
  first?: (tx: Queryable) => Promise<void>;
  after?: (tx: Queryable, created: Entity, open: OpenWrite) => Promise<void>;
}

/** A page of items and how many there are in all (the planner's estimate of it when `estimated`). */
export interface Listed {
  items: Entity[];
  total: number;
  estimated?: boolean;
}

/** What a list of linked items asks for: a page, a search, how to count them. */
export interface LinkListQuery {
  page?: Page;
  search?: string;
  count?: Counting;
  /** Only the items whose link is linked to `id` through the nested relation `relation` (a member with a role). */
  nestedFilters?: { relation: string; id: string }[];
}

/** One linked relation of an entity, with the operations of its target and of the relation entity it goes through. */
export interface LinkedSide {
  relation: LinkedRelation;
  target: EntityOperations;
  through: EntityOperations;
}

/**
 * The operations of one entity: validation, transactions, error translation. Every write runs through the write
 * pipeline (access, quota, server hooks, the transaction, audit, events). Routes stay thin and bespoke routes reuse
 * these.
 */
export interface EntityOperations {
  readonly model: EntityModel;
  readonly repository: Repository;
  readonly operationsOf: (name: string) => EntityOperations;
  /** The links this entity exposes through relation entities. */
  readonly links: LinkOperations;
  /** A write of this entity (for the write pipeline), needing its write scopes unless told otherwise. */
  write(kind: WriteKind, context: RequestContext, extra?: Partial<Write>): Write;
  /** The 404 of a missing item; an operation may have a code of its own (`notFoundCodes`). */
  notFound(id: string, name?: string, operation?: keyof NotFoundCodes): ApiError;
  /** Every statement of an operation runs in one transaction of the caller's tenant (row-level security on). */
  tx<T>(context: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The statements of a read-only operation, as the caller's tenant (see `Database.read`). */
  read<T>(context: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T>;
  list(context: RequestContext, query: ListQuery, parentId?: string): Promise<Listed>;
  /** The items as callers read them: the descriptor's `serverHooks.afterRead`, when it has one. */
  present(tx: Queryable, context: RequestContext, items: Entity[], piece?: string): Promise<Entity[]>;
  /** The items with what the server piece `piece` (kind afterRead, a descriptor's query extra) adds, read now. */
  extend(context: RequestContext, items: Entity[], piece: string): Promise<Entity[]>;
  get(context: RequestContext, id: string, parentId?: string): Promise<Entity>;
  /**
   * Creates from a request body. `serverValues` (not validated as input) replace what the server would make itself,
   * such as the id and the generated secret, when the server creates an entity from its own settings.
   */
  create(
    context: RequestContext,
    body: unknown,
    parentId?: string,
    serverValues?: Entity,
    steps?: CreateSteps,
  ): Promise<Entity>;
  /** Updates from a request body; `steps.first` runs first in the update's transaction (a singleton's seed). */
  update(
    context: RequestContext,
    id: string,
    body: unknown,
    parentId?: string,
    steps?: Pick<CreateSteps, 'first'>,
  ): Promise<Entity>;
  /** Sets server-managed values (not validated as input), e.g. a regenerated key; a child's under its parent. */
  setInternal(context: RequestContext, id: string, values: Entity, parentId?: string): Promise<Entity>;
  /**
   * A compare-and-set of server-managed values: `decide` sees the record as stored, under its row lock, and returns
   * the values to set, or nothing when its precondition fails (then nothing is written, audited or announced).
   */
  changeInternal(context: RequestContext, id: string, decide: ChangeDecision): Promise<Entity | undefined>;
  delete(context: RequestContext, id: string, parentId?: string): Promise<void>;
  /**
   * Sets a parent's items to exactly the item keys given (`PUT` at the collection path): deletes the others and
   * creates the new ones, with their defaults, in one transaction.
   */
  replaceAll(context: RequestContext, body: unknown, parentId?: string): Promise<void>;
  /**
   * Runs a declared action's handler as a write (unless it changes nothing): access with the action's scopes, quota,
   * then the handler, which opens the transactions it needs, then audit. A `GET` or `readOnly` action checks access
   * only.
   */
  runAction<T>(
    context: RequestContext,
    action: ActionModel,
    id: string | undefined,
    handler: (announce: (announcement: Announcement) => void, within: WithinAction) => Promise<T>,
    body?: unknown,
  ): Promise<T>;
  /** The scopes an action needs: its own, or the entity's read or write scopes by its method. */
  actionScopes(action: ActionModel): string[];
}

/**
 * The links an entity exposes through relation entities (`GET/POST /api/roles/{id}/scopes`,
 * `DELETE /api/roles/{id}/scopes/{scopeId}`): list the linked items, link, unlink. The source of a link is named by
 * its key: `[id]` for an entity, or both keys of a membership when the owner is itself a relation.
 */
export interface LinkOperations {
  relation(name: string): LinkedSide;
  list(context: RequestContext, name: string, key: string[], query: LinkListQuery): Promise<Listed>;
  /**
   * Links the targets inside the caller's transaction (an assignment, or a create naming targets at once); answers
   * the targets and the ids newly linked. A target linked already is refused with the relation's `duplicateCode`,
   * or left as it is when the relation skips existing links.
   */
  linkIn(
    tx: Queryable,
    context: RequestContext,
    relation: LinkedRelation,
    source: Entity,
    key: string[],
    targetIds: string[],
    attributes?: Entity,
  ): Promise<{ targets: Entity[]; added: string[] }>;
  /**
   * An assignment; answers what the relation's `assignAnswer` says (the linked items, the ids, or nothing). `join`
   * makes it part of another write's transaction (the roles of a new account).
   */
  link(context: RequestContext, name: string, key: string[], body: unknown, join?: OpenWrite): Promise<unknown>;
  /** Sets the source's links to exactly the ids given (`PUT`): links the new ones, removes the others. */
  replace(context: RequestContext, name: string, key: string[], body: unknown): Promise<unknown>;
  /**
   * A bulk assignment below a relation (`POST /organizations/{id}/users/roles`): the ids of the nested relation's
   * assignment field linked to each link named by the relation's own (`userIds`), all in one transaction.
   */
  linkEach(context: RequestContext, name: string, key: string[], nestedName: string, body: unknown): Promise<void>;
  /** The relation of a linked item that a side's `reach` goes through (a role's scopes), with its target. */
  reached(name: string, reach: ReachedLinks): LinkedSide;
  /** The items the source's linked items reach through their own relation, once each (a member's scopes). */
  reach(context: RequestContext, name: string, key: string[], reach: ReachedLinks): Promise<Entity[]>;
  unlink(context: RequestContext, name: string, key: string[], targetId: string): Promise<void>;
}
