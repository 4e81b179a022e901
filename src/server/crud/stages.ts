import type { EntityModel } from '../../shared/descriptor.js';
import { ApiError } from '../http/api-error.js';
import { actorName, missingScopes, type RequestContext } from './context.js';
import { shownRecord } from './fields.js';
import { overrideOf, type ServerOverrides, WithStatus } from './overrides.js';
import type { Write, WriteStage } from './pipeline.js';
import type { Entity } from './repository.js';

/** The caller's scopes against what the write needs (the entity's `requiredScopes.write`, or the action's). */
export const accessStage = (): WriteStage => ({
  name: 'access',
  before(write) {
    const missing = missingScopes(write.context, write.requiredScopes);
    if (missing.length > 0) throw new ApiError('auth.forbidden', {}, { missingScopes: missing });
  },
});

/**
 * Refuses a write that would exceed the tenant's plan (throws an `ApiError`): `before` ahead of the transaction,
 * `within` inside it, where a count and the write it limits are one transaction.
 */
export type QuotaCheck = Pick<WriteStage, 'before' | 'within'>;

/** Plan limits. The open-source edition has none: the default check admits every write. */
export const quotaStage = (check: QuotaCheck = {}): WriteStage => ({ name: 'quota', ...check });

const hookOf = (overrides: ServerOverrides, write: Write) => {
  const hooks = write.model.serverHooks;
  const key = write.kind === 'create' ? hooks.beforeCreate : write.kind === 'update' ? hooks.beforeUpdate : undefined;
  return key ? overrideOf(overrides, key, 'beforeWrite') : undefined;
};

/**
 * The descriptor's `serverHooks.beforeCreate` / `beforeUpdate`: its `prepare` ahead of the transaction, its `run`
 * inside it, on the values to store.
 */
export const serverHooksStage = (overrides: ServerOverrides, modelOf: (entity: string) => EntityModel): WriteStage => ({
  name: 'server-hooks',
  async before(write) {
    const hook = hookOf(overrides, write);
    if (!hook?.prepare || !write.values) return;
    await hook.prepare(write.values, {
      tenantId: write.context.tenantId,
      model: write.model,
      context: write.context,
      modelOf,
    });
  },
  async within(write, tx) {
    const hook = hookOf(overrides, write);
    if (!hook || !write.values) return;
    write.values = await hook.run(write.values, {
      tenantId: write.context.tenantId,
      db: tx,
      model: write.model,
      context: write.context,
      modelOf,
      ...(write.stored ? { stored: write.stored } : {}),
    });
  },
});

/** Who did what: one record per committed write. */
export interface AuditEntry {
  tenantId: string;
  /** `user:<id>`, `application:<id>`, `system:<work>` or `anonymous`. */
  actor: string;
  entity: string;
  kind: Write['kind'];
  /** The item written, when there is one. */
  id?: string;
  relation?: string;
  action?: string;
  at: number;
  /** Where the write came from (the request's address, user agent and token client), when it came from a request. */
  client?: RequestContext['client'];
}

/** Where audit records go. The audit log implements it; the default keeps the latest records in memory. */
export interface AuditSink {
  record(entry: AuditEntry): void | Promise<void>;
}

/** The latest `limit` audit records, newest last. */
export class MemoryAuditSink implements AuditSink {
  readonly entries: AuditEntry[] = [];
  constructor(private readonly limit = 1000) {}
  record(entry: AuditEntry) {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }
}

const writtenId = (write: Write): string | undefined => {
  if (write.id) return write.id;
  const result = write.result as Entity | undefined;
  return result && typeof result === 'object' && typeof result.id === 'string' ? result.id : undefined;
};

export const auditStage = (sink: AuditSink): WriteStage => ({
  name: 'audit',
  async after(write) {
    // An action that answered with an error status (`withStatus(400, ...)`) refused, and changed nothing.
    if (write.result instanceof WithStatus && write.result.status >= 400) return;
    const id = writtenId(write);
    await sink.record({
      tenantId: write.context.tenantId,
      actor: actorName(write.context.actor),
      entity: write.model.name,
      kind: write.kind,
      ...(id ? { id } : {}),
      ...(write.relation ? { relation: write.relation } : {}),
      ...(write.action ? { action: write.action.key } : {}),
      at: Date.now(),
      ...(write.context.client ? { client: write.context.client } : {}),
    });
  },
});

/** Where committed changes are announced (webhooks). */
export interface ChangeListener {
  emit(context: RequestContext, event: string, data: Entity): void;
  /** An event whose payload carries its own fields at the top (`organizationId`, `addedUserIds`...). */
  announce(context: RequestContext, event: string, fields: Record<string, unknown>): void;
}

const announced = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/** The descriptor's `webhookEvents`, announced after commit with the stored (or deleted) record. */
export const eventsStage = (listener: ChangeListener | undefined): WriteStage => ({
  name: 'events',
  after(write) {
    for (const { event, fields } of write.announcements ?? []) listener?.announce(write.context, event, fields);
    const change = announced[write.kind as keyof typeof announced];
    const event = change ? write.model.webhookEvents[change] : undefined;
    if (!event || !listener || !write.result) return;
    // A webhook receives what the API would answer: derived fields computed, private ones (hashes) left out.
    const { model } = write;
    const data = shownRecord(model, write.result as Entity);
    listener.emit(write.context, event, data);
  },
});

export interface StageOptions {
  overrides: ServerOverrides;
  listener?: ChangeListener | undefined;
  audit: AuditSink;
  quota?: QuotaCheck | undefined;
  /** The models of the catalog's entities, for the server hooks (`HookContext.modelOf`). */
  modelOf: (entity: string) => EntityModel;
  /** The stage keeping the configuration history inside each write's transaction (none: no history is kept). */
  history?: WriteStage | undefined;
}

/**
 * The write pipeline's stages, in order: access → quota → server hooks → (transaction, the history inside it) →
 * audit → events.
 */
export const defaultWriteStages = ({
  overrides,
  listener,
  audit,
  quota,
  modelOf,
  history,
}: StageOptions): WriteStage[] => [
  accessStage(),
  quotaStage(quota),
  serverHooksStage(overrides, modelOf),
  ...(history ? [history] : []),
  auditStage(audit),
  eventsStage(listener),
];
