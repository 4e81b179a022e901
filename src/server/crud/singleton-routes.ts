import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../shared/action-paths.js';
import { withDefaults } from '../../shared/defaults.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { Database, Queryable } from '../db/database.js';
import { registerActionRoutes } from './action-routes.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import { publicView, withoutPrivate } from './fields.js';
import { generateId } from './ids.js';
import type { Entity } from './repository.js';
import type { RouteDeps } from './route-deps.js';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A singleton's record: one row per tenant, seeded with the schema's defaults the first time the tenant reads or
 * updates it. The seed is `INSERT ... ON CONFLICT DO NOTHING` on the table's unique tenant key, in the tenant's own
 * transaction: concurrent first reads insert one row, and each then reads that row.
 */
export class SingletonOperations {
  private readonly selectList: string;

  constructor(
    private readonly ops: EntityOperations,
    private readonly db: Database,
  ) {
    this.selectList = ops.model.columns.map((c) => q(c.column)).join(', ');
  }

  private get model(): EntityModel {
    return this.ops.model;
  }

  private async find(tx: Queryable, tenantId: string, lock: boolean): Promise<Entity | undefined> {
    const { rows } = await tx.query(
      `SELECT ${this.selectList} FROM ${q(this.model.table)} WHERE tenant_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [tenantId],
    );
    return rows[0] ? this.ops.repository.fromRow(rows[0]) : undefined;
  }

  /** The id of a tenant's record: the schema's default id (Logto's `default`), else a new one. */
  private newId(): string {
    const schemaId = this.model.schema.properties?.id?.default;
    return typeof schemaId === 'string' ? schemaId : generateId();
  }

  /** Inserts the tenant's record with the schema's defaults unless it has one (`ON CONFLICT DO NOTHING`). */
  private async seed(tx: Queryable, tenantId: string, id: string): Promise<void> {
    const values: Entity = { ...withDefaults(this.model.schema, {}), id };
    const entries = Object.entries(values).filter(([property]) => property !== 'tenantId');
    const json = new Set(this.model.columns.filter((c) => c.json).map((c) => c.property));
    const column = (property: string) => this.model.columns.find((c) => c.property === property)?.column ?? property;
    await tx.query(
      `INSERT INTO ${q(this.model.table)} (tenant_id, ${entries.map(([p]) => q(column(p))).join(', ')})
       VALUES ($1, ${entries.map((_, i) => `$${i + 2}`).join(', ')}) ON CONFLICT DO NOTHING`,
      [tenantId, ...entries.map(([p, v]) => (json.has(p) ? JSON.stringify(v) : v))],
    );
  }

  private async seeded(tx: Queryable, tenantId: string, lock: boolean): Promise<Entity> {
    const found = await this.find(tx, tenantId, lock);
    if (found) return found;
    await this.seed(tx, tenantId, this.newId());
    const row = await this.find(tx, tenantId, lock);
    if (!row) throw new Error(`${this.model.name}: the seeded row is missing`);
    return row;
  }

  /** The tenant's record as callers read it (the entity's `afterRead` hook, as a collection item's get runs it). */
  async get(context: RequestContext): Promise<Entity> {
    return this.db.withTenant(context.tenantId, async (tx) => {
      const [shown] = await this.ops.present(tx, context, [await this.seeded(tx, context.tenantId, false)]);
      return shown as Entity;
    });
  }

  /**
   * An update of the tenant's record through the entity's own update: the same body validation, record rules and
   * write pipeline (access, quota, hooks, audit, events) as a collection item's. A tenant without a record yet has it
   * seeded inside the update's transaction, so a refused update leaves nothing behind.
   */
  async update(context: RequestContext, body: unknown): Promise<Entity> {
    const { tenantId } = context;
    const stored = await this.db.withTenant(tenantId, (tx) => this.find(tx, tenantId, false));
    if (stored) return this.ops.update(context, String(stored.id), body);
    const id = this.newId();
    try {
      return await this.ops.update(context, id, body, undefined, { first: (tx) => this.seed(tx, tenantId, id) });
    } catch (error) {
      // Another first write seeded the record with an id of its own meanwhile: update that one.
      const seededElsewhere = await this.db.withTenant(tenantId, (tx) => this.find(tx, tenantId, false));
      if (seededElsewhere && seededElsewhere.id !== id)
        return this.ops.update(context, String(seededElsewhere.id), body);
      throw error;
    }
  }
}

/** `GET` and `PATCH` at a singleton's path and its declared actions below it: no list, no id, no create or delete. */
export const registerSingletonRoutes = (app: FastifyInstance, model: EntityModel, deps: RouteDeps) => {
  const singleton = new SingletonOperations(deps.operationsOf(model.name), deps.db);
  const path = `/api${routerPath(model.apiPath)}`;
  const view = (entity: Entity) => withoutPrivate(model, entity);
  if (model.operations.get) {
    app.get(path, { config: { scopes: model.requiredScopes.read } }, async (request) =>
      view(await singleton.get(deps.context(request))),
    );
  }
  if (model.operations.update) {
    app.patch(path, { config: { scopes: model.requiredScopes.write } }, async (request) =>
      view(await singleton.update(deps.context(request), request.body)),
    );
  }
  registerActionRoutes(app, model, deps, { base: path, item: path, idParam: 'id', view: publicView(model) });
};
