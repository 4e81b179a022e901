import type { EntityModel, LinkedRelation } from '../../shared/descriptor.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import { type Database, pgConstraint, pgErrorCode, pgErrorCodes, type Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { serverOverrides } from '../overrides/registry.js';
import { withDefaults } from './defaults.js';
import { generateId } from './ids.js';
import { LinkOperations } from './link-operations.js';
import { type Entity, type ListQuery, Repository, type Scope } from './repository.js';
import { assertRecordRules, assertValid } from './validate.js';

/** Who is asking, for which tenant. Access checks and audit attach here as they arrive. */
export interface RequestContext {
  tenantId: string;
}

/** Where committed changes are announced (webhooks now; audit logs later). */
export interface ChangeListener {
  emit(context: RequestContext, event: string, data: Entity): void;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** How many linked items a list summary shows (Logto's featured users and applications of a role). */
const FEATURED_LINKS = 3;

/**
 * The operations of one entity: validation, server hooks, transactions, error translation. Routes stay thin and
 * bespoke routes reuse these.
 */
export class EntityOperations {
  readonly repository: Repository;
  /** The links this entity exposes through relation entities. */
  readonly links: LinkOperations;

  constructor(
    readonly model: EntityModel,
    private readonly db: Database,
    private readonly operationsOf: (name: string) => EntityOperations,
    private readonly listener?: ChangeListener,
  ) {
    this.repository = new Repository(model);
    this.links = new LinkOperations(this, operationsOf);
  }

  private announce(context: RequestContext, change: 'created' | 'updated' | 'deleted', entity: Entity) {
    const event = this.model.webhookEvents[change];
    if (event && this.listener) this.listener.emit(context, event, entity);
  }

  private scope(context: RequestContext, parentId?: string): Scope {
    const parent = this.model.parent;
    if (!parent) return { tenantId: context.tenantId };
    return { tenantId: context.tenantId, parent: { column: snake(parent.foreignKey), id: parentId ?? '' } };
  }

  notFound(id: string, name = this.model.name) {
    return new ApiError('entity.not_exists_with_id', { name, id });
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
    const code = pgErrorCode(error);
    if (code === pgErrorCodes.uniqueViolation) {
      const constraint = pgConstraint(error);
      const rule = this.model.unique.find(
        (u) => constraint === `${this.model.table}__${u.fields.map(snake).join('__')}__key`,
      );
      if (rule) {
        const params = Object.fromEntries(rule.fields.map((field) => [field, values[field]]));
        const field = this.model.errorFields[rule.code];
        return new ApiError(rule.code as ErrorCode, params, field ? { field } : undefined);
      }
      return new ApiError('entity.unique_integrity_violation');
    }
    if (code === pgErrorCodes.foreignKeyViolation) return new ApiError('entity.relation_foreign_key_not_found');
    return error;
  }

  /** Every statement of an operation runs in one transaction of the caller's tenant (row-level security on). */
  tx<T>(context: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.withTenant(context.tenantId, work);
  }

  async list(context: RequestContext, query: ListQuery, parentId?: string) {
    return this.tx(context, async (tx) => {
      if (this.model.parent) await this.assertParent(tx, context, parentId);
      const result = await this.repository.list(tx, this.scope(context, parentId), query);
      return { ...result, items: await this.withSummaries(tx, context, result.items) };
    });
  }

  /** Adds each item's link summaries (Logto's `usersCount` and `featuredUsers` on roles, and the like). */
  private async withSummaries(tx: Queryable, context: RequestContext, items: Entity[]): Promise<Entity[]> {
    if (this.model.listSummaries.length === 0) return items;
    const ids = items.map((item) => item.id as string);
    const summaries = this.model.listSummaries.map((summary) => ({
      summary,
      target: this.operationsOf(summary.target).repository,
    }));
    const found = await this.repository.linkSummaries(tx, context.tenantId, ids, summaries, FEATURED_LINKS);
    return items.map((item) => {
      const decorated = { ...item };
      for (const [index, { summary }] of summaries.entries()) {
        const entry = found[index]?.get(item.id as string);
        decorated[summary.count] = entry?.count ?? 0;
        decorated[summary.featured] = entry?.featured ?? [];
      }
      return decorated;
    });
  }

  /** Embeds each item's children of a `children` relation under the relation's name (Logto's `includeScopes`). */
  async includeChildren(context: RequestContext, items: Entity[], relationName: string): Promise<Entity[]> {
    const relation = this.model.relations.find((r) => r.kind === 'children' && r.name === relationName);
    if (!relation) throw new Error(`${this.model.name} has no children relation ${relationName}`);
    const child = this.operationsOf(relation.target);
    const foreignKey = child.model.parent?.foreignKey ?? '';
    const children = await this.tx(context, (tx) =>
      child.repository.listByColumn(
        tx,
        context.tenantId,
        snake(foreignKey),
        items.map((item) => item.id as string),
      ),
    );
    return items.map((item) => ({ ...item, [relation.name]: children.filter((c) => c[foreignKey] === item.id) }));
  }

  async get(context: RequestContext, id: string, parentId?: string): Promise<Entity> {
    return this.tx(context, (tx) => this.getIn(tx, context, id, parentId));
  }

  private async getIn(tx: Queryable, context: RequestContext, id: string, parentId?: string): Promise<Entity> {
    if (this.model.parent) await this.assertParent(tx, context, parentId);
    const entity = await this.repository.find(tx, this.scope(context, parentId), id);
    if (!entity) throw this.notFound(id);
    return entity;
  }

  /**
   * Creates from a request body. `serverValues` (not validated as input) replace what the server would make itself,
   * such as the id and the generated secret, when the server creates an entity from its own settings.
   */
  async create(context: RequestContext, body: unknown, parentId?: string, serverValues?: Entity): Promise<Entity> {
    assertValid(this.model.requestBodies.create?.validatorKey, body);
    const input = { ...(body as Entity) };
    const createRelations = this.model.relations.filter(
      (r): r is LinkedRelation => r.kind === 'linked' && r.createField !== undefined && r.createField in input,
    );
    const links = createRelations.map((relation) => {
      const ids = input[relation.createField as string] as string[];
      delete input[relation.createField as string];
      return { relation, ids };
    });
    let values: Entity = { ...withDefaults(this.model.schema, input), id: generateId() };
    if (this.model.parent && parentId) values[this.model.parent.foreignKey] = parentId;
    assertRecordRules(this.model.recordRules, values);
    const created = await this.tx(context, async (tx) => {
      await this.assertParent(tx, context, parentId);
      const hook = this.model.serverHooks.beforeCreate;
      if (hook) values = await runBeforeWrite(hook, values, { tenantId: context.tenantId, db: tx, model: this.model });
      if (serverValues) values = { ...values, ...serverValues };
      const created = await this.repository.insert(tx, context.tenantId, values);
      for (const { relation, ids } of links) {
        await this.links.linkIn(tx, context, relation, created, [created.id as string], ids);
      }
      return created;
    }).catch((error: unknown) => {
      throw this.translate(error, values);
    });
    this.announce(context, 'created', created);
    return created;
  }

  async update(context: RequestContext, id: string, body: unknown, parentId?: string): Promise<Entity> {
    assertValid(this.model.requestBodies.update?.validatorKey, body);
    let patch = { ...(body as Entity) };
    const updated = await this.tx(context, async (tx) => {
      await this.assertParent(tx, context, parentId);
      if (this.model.recordRules) {
        // Cross-field rules see the record as it would be stored; the row stays locked until the write.
        const stored = await this.repository.find(tx, this.scope(context, parentId), id, true);
        if (!stored) throw this.notFound(id);
        assertRecordRules(this.model.recordRules, { ...stored, ...patch }, { stored, sent: patch });
      }
      const hook = this.model.serverHooks.beforeUpdate;
      if (hook) patch = await runBeforeWrite(hook, patch, { tenantId: context.tenantId, db: tx, model: this.model });
      const updated = await this.repository.update(tx, this.scope(context, parentId), id, patch);
      if (!updated) throw this.notFound(id);
      return updated;
    }).catch((error: unknown) => {
      throw this.translate(error, patch);
    });
    this.announce(context, 'updated', updated);
    return updated;
  }

  /** Sets server-managed values (not validated as input), e.g. a regenerated key. */
  async setInternal(context: RequestContext, id: string, values: Entity): Promise<Entity> {
    const updated = await this.tx(context, (tx) => this.repository.update(tx, this.scope(context), id, values));
    if (!updated) throw this.notFound(id);
    return updated;
  }

  async delete(context: RequestContext, id: string, parentId?: string): Promise<void> {
    const deleted = await this.tx(context, async (tx) => {
      await this.assertParent(tx, context, parentId);
      const row = await this.repository.delete(tx, this.scope(context, parentId), id);
      if (!row) throw this.notFound(id);
      return row;
    });
    this.announce(context, 'deleted', deleted);
  }
}

const runBeforeWrite = async (key: string, values: Entity, context: Parameters<BeforeWriteRun>[1]) => {
  const override = serverOverrides[key as keyof typeof serverOverrides];
  if (override?.kind !== 'beforeWrite') throw new Error(`${key} is not a beforeWrite override`);
  return override.run(values, context);
};
type BeforeWriteRun = Extract<(typeof serverOverrides)[keyof typeof serverOverrides], { kind: 'beforeWrite' }>['run'];
