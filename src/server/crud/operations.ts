import { withDefaults } from '../../shared/defaults.js';
import type { ActionModel, EntityModel, LinkedRelation, NotFoundCodes } from '../../shared/descriptor.js';
import { changesNothing } from '../../shared/descriptor-actions.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { Database, Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { type ChangeDecision, changeIf } from './change.js';
import { columnOf } from './columns.js';
import { translateConstraintError } from './constraint-errors.js';
import type { RequestContext } from './context.js';
import type { CreateSteps, EntityOperations, LinkOperations, WithinAction } from './contracts.js';
import { withEmptyAsNull, withoutWriteOnly } from './fields.js';
import { generateId } from './ids.js';
import { createAnnouncements } from './link-announcements.js';
import { GenericLinkOperations } from './link-operations.js';
import type { ListQuery } from './list-query.js';
import type { OperationDeps } from './operation-deps.js';
import { type HookContext, overrideOf } from './overrides.js';
import type { Announcement, Write, WriteKind } from './pipeline.js';
import { type Entity, Repository, type Scope } from './repository.js';
import { withLinkSummaries } from './summaries.js';
import type { Validation } from './validate.js';

/** The operations of one entity (see `EntityOperations`), over its repository and the shared write pipeline. */
export class GenericEntityOperations implements EntityOperations {
  readonly repository: Repository;
  private readonly db: Database;
  readonly operationsOf: (name: string) => EntityOperations;
  private readonly validation: Validation;
  readonly links: LinkOperations;

  constructor(
    readonly model: EntityModel,
    private readonly deps: OperationDeps,
  ) {
    this.repository = new Repository(model);
    this.db = deps.db;
    this.operationsOf = deps.operationsOf;
    this.validation = deps.validation;
    this.links = new GenericLinkOperations(this, deps);
  }

  /** New ids: the descriptor's `idLength`, else what the schema allows, at most 21 (users' are 12, as Logto's). */
  private get idLength(): number {
    return Math.min(21, this.model.idLength ?? this.model.schema.properties?.id?.maxLength ?? 21);
  }

  write(kind: WriteKind, context: RequestContext, extra: Partial<Write> = {}): Write {
    return { kind, model: this.model, context, requiredScopes: this.model.requiredScopes.write, ...extra };
  }

  private scope({ tenantId }: RequestContext, parentId?: string): Scope {
    const parent = this.model.parent;
    return parent
      ? { tenantId, parent: { column: columnOf(this.model, parent.foreignKey), id: parentId ?? '' } }
      : { tenantId };
  }

  notFound(id: string, name = this.model.name, operation?: keyof NotFoundCodes) {
    const code = (operation && this.model.notFoundCodes?.[operation]) ?? this.model.notFoundCode;
    return new ApiError((code ?? 'entity.not_exists_with_id') as ErrorCode, { name, id });
  }

  /** The parent of a child entity must exist in the tenant, or the request is about nothing (404). */
  private async assertParent(db: Queryable, context: RequestContext, parentId?: string) {
    const parent = this.model.parent;
    if (!parent) return;
    const parentOps = this.operationsOf(parent.resource);
    if (!(await parentOps.repository.find(db, { tenantId: context.tenantId }, parentId ?? ''))) {
      throw parentOps.notFound(parentId ?? '');
    }
  }

  /** Turns a unique or foreign-key violation into the API error its descriptor names. */
  private translate(error: unknown, values: Entity): unknown {
    return translateConstraintError(this.model, error, values);
  }

  tx<T>(context: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.withTenant(context.tenantId, work);
  }

  read<T>(context: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.read(context.tenantId, work);
  }

  async list(context: RequestContext, query: ListQuery, parentId?: string) {
    return this.read(context, async (tx) => {
      if (this.model.parent) await this.assertParent(tx, context, parentId);
      const result = await this.repository.list(tx, this.scope(context, parentId), query);
      const items = await this.withSummaries(tx, context, result.items, false, query.switches);
      return { ...result, items: await this.present(tx, context, items) };
    });
  }

  async present(tx: Queryable, context: RequestContext, items: Entity[], piece = this.model.serverHooks.afterRead) {
    if (!piece || items.length === 0) return items;
    return overrideOf(this.deps.overrides, piece, 'afterRead').run(items, this.hookContext(tx, context));
  }

  extend(context: RequestContext, items: Entity[], piece: string): Promise<Entity[]> {
    return this.read(context, (tx) => this.present(tx, context, items, piece));
  }

  private hookContext(tx: Queryable, context: RequestContext): HookContext {
    return {
      tenantId: context.tenantId,
      db: tx,
      model: this.model,
      context,
      modelOf: (name) => this.operationsOf(name).model,
    };
  }

  private async presentOne(tx: Queryable, context: RequestContext, item: Entity): Promise<Entity> {
    return (await this.present(tx, context, [item]))[0] ?? item;
  }

  /** Adds each item's link summaries (Logto's `usersCount` and `featuredUsers` on roles, and the like). */
  private withSummaries(
    tx: Queryable,
    context: RequestContext,
    items: Entity[],
    single = false,
    switches?: readonly string[],
  ): Promise<Entity[]> {
    const repositoryOf = (name: string) => this.operationsOf(name).repository;
    return withLinkSummaries(this.repository, tx, context.tenantId, items, repositoryOf, single, switches);
  }

  async get(context: RequestContext, id: string, parentId?: string): Promise<Entity> {
    return this.read(context, async (tx) => {
      const entity = await this.getIn(tx, context, id, parentId);
      const [withItemSummaries] = await this.withSummaries(tx, context, [entity], true);
      return withItemSummaries ?? entity;
    });
  }

  private async getIn(tx: Queryable, context: RequestContext, id: string, parentId?: string): Promise<Entity> {
    if (this.model.parent) await this.assertParent(tx, context, parentId);
    const entity = await this.repository.find(tx, this.scope(context, parentId), id);
    if (!entity) throw this.notFound(id, this.model.name, 'get');
    return this.presentOne(tx, context, entity);
  }

  async create(
    context: RequestContext,
    body: unknown,
    parentId?: string,
    serverValues?: Entity,
    steps: CreateSteps = {},
  ): Promise<Entity> {
    const input = withEmptyAsNull(this.model, body);
    this.validation.assertValid(this.model.requestBodies.create?.validatorKey, input);
    const createRelations = this.model.relations.filter(
      (r): r is LinkedRelation => r.kind === 'linked' && r.createField !== undefined && r.createField in input,
    );
    const links = createRelations.map((relation) => {
      const ids = input[relation.createField as string] as string[];
      delete input[relation.createField as string];
      return { relation, ids };
    });
    const values: Entity = { ...withDefaults(this.model.schema, input), id: generateId(this.idLength) };
    if (this.model.parent && parentId) values[this.model.parent.foreignKey] = parentId;
    this.validation.assertRecordRules(this.model.recordRules, withoutWriteOnly(this.model, values));
    const write = this.write('create', context, { values });
    return this.deps.pipeline
      .run(write, {
        load: async (tx) => {
          await steps.first?.(tx);
          await this.assertParent(tx, context, parentId);
        },
        work: async (tx, open) => {
          const stored = withoutWriteOnly(this.model, { ...write.values, ...serverValues });
          const created = await this.repository.insert(tx, context.tenantId, stored);
          for (const { relation, ids } of links) {
            await this.links.linkIn(tx, context, relation, created, [created.id as string], ids);
          }
          write.announcements = createAnnouncements(links, created.id as string);
          await steps.after?.(tx, created, open);
          return this.presentOne(tx, context, created);
        },
      })
      .catch((error: unknown) => {
        throw this.translate(error, write.values ?? values);
      });
  }

  async update(
    context: RequestContext,
    id: string,
    body: unknown,
    parentId?: string,
    steps: Pick<CreateSteps, 'first'> = {},
  ): Promise<Entity> {
    const patch = withEmptyAsNull(this.model, body);
    this.validation.assertValid(this.model.requestBodies.update?.validatorKey, patch);
    for (const name of this.model.ignoredOnUpdate ?? []) delete patch[name];
    const write = this.write('update', context, { id, values: patch });
    return this.deps.pipeline
      .run(write, {
        load: async (tx) => {
          await steps.first?.(tx);
          await this.assertParent(tx, context, parentId);
          if (!this.model.recordRules && !this.model.serverHooks.beforeUpdate) return;
          // Cross-field rules and the update hook see the record as stored; the row stays locked until the write.
          const stored = await this.repository.find(tx, this.scope(context, parentId), id, true);
          if (!stored) throw this.notFound(id, this.model.name, 'update');
          write.stored = stored;
          if (!this.model.recordRules) return;
          const sent = withoutWriteOnly(this.model, patch);
          this.validation.assertRecordRules(this.model.recordRules, { ...stored, ...sent }, { stored, sent });
        },
        work: async (tx) => {
          const values = withoutWriteOnly(this.model, write.values ?? {});
          const updated = await this.repository.update(tx, this.scope(context, parentId), id, values);
          if (!updated) throw this.notFound(id, this.model.name, 'update');
          return this.presentOne(tx, context, updated);
        },
      })
      .catch((error: unknown) => {
        throw this.translate(error, write.values ?? patch);
      });
  }

  async setInternal(context: RequestContext, id: string, values: Entity, parentId?: string): Promise<Entity> {
    return this.deps.pipeline.run(this.write('setInternal', context, { id, values }), {
      work: async (tx) => {
        const updated = await this.repository.update(tx, this.scope(context, parentId), id, values);
        if (!updated) throw this.notFound(id);
        return updated;
      },
    });
  }

  /** Sets server-managed values `decide` makes of the record as stored, under its row lock, or none (`changeIf`). */
  changeInternal(context: RequestContext, id: string, decide: ChangeDecision): Promise<Entity | undefined> {
    const write = { ...this.write('setInternal', context), id };
    return changeIf(this.deps.pipeline, write, this.repository, this.scope(context), decide);
  }

  async delete(context: RequestContext, id: string, parentId?: string): Promise<void> {
    await this.deps.pipeline.run(this.write('delete', context, { id }), {
      load: (tx) => this.assertParent(tx, context, parentId),
      work: async (tx) => {
        const key = this.model.serverHooks.beforeDelete;
        if (key) {
          // The delete hook sees the item as stored, its row locked until the delete; it may refuse.
          const stored = await this.repository.find(tx, this.scope(context, parentId), id, true);
          if (!stored) throw this.notFound(id, this.model.name, 'delete');
          await overrideOf(this.deps.overrides, key, 'beforeDelete').run(stored, this.hookContext(tx, context));
        }
        const row = await this.repository.delete(tx, this.scope(context, parentId), id);
        if (!row) throw this.notFound(id, this.model.name, 'delete');
        return row;
      },
    });
  }

  async replaceAll(context: RequestContext, body: unknown, parentId?: string): Promise<void> {
    const { parent, operations, idField } = this.model;
    this.validation.assertValid(this.model.requestBodies.replace?.validatorKey, body);
    const keys = [...new Set((body as Record<string, string[]>)[operations.replace?.field ?? ''] ?? [])];
    const scope = this.scope(context, parentId);
    await this.deps.pipeline.run(this.write('update', context, { id: parentId }), {
      load: (tx) => this.assertParent(tx, context, parentId),
      work: async (tx) => {
        const current = await this.repository.listByColumn(tx, context.tenantId, scope.parent?.column ?? '', [
          parentId ?? '',
        ]);
        const kept = new Set(current.map((item) => String(item[idField])));
        for (const key of kept) if (!keys.includes(key)) await this.repository.delete(tx, scope, key);
        for (const key of keys.filter((key) => !kept.has(key))) {
          const values = { ...withDefaults(this.model.schema, { [idField]: key }), id: generateId(this.idLength) };
          await this.repository.insert(tx, context.tenantId, { ...values, [parent?.foreignKey ?? '']: parentId });
        }
      },
    });
  }

  async runAction<T>(
    context: RequestContext,
    action: ActionModel,
    id: string | undefined,
    handler: (announce: (announcement: Announcement) => void, within: WithinAction) => Promise<T>,
    body?: unknown,
  ): Promise<T> {
    const write = this.write('action', context, { id, action, body, requiredScopes: this.actionScopes(action) });
    const announce = (announcement: Announcement) => {
      write.announcements = [...(write.announcements ?? []), announcement];
    };
    const within: WithinAction = (tx, values) => this.deps.pipeline.within({ ...write, values }, write, tx);
    if (changesNothing(action)) return this.deps.pipeline.read(write, () => handler(announce, within));
    return this.deps.pipeline.run(write, { work: () => handler(announce, within), transaction: false });
  }

  actionScopes(action: ActionModel): string[] {
    return action.scopes ?? (changesNothing(action) ? this.model.requiredScopes.read : this.model.requiredScopes.write);
  }
}
