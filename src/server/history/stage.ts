import { createHash } from 'node:crypto';
import type { EntityModel } from '../../shared/descriptor.js';
import { actorName } from '../crud/context.js';
import { generateId } from '../crud/ids.js';
import type { Write, WriteStage } from '../crud/pipeline.js';
import type { Entity, Repository } from '../crud/repository.js';
import type { Queryable } from '../db/database.js';

/**
 * The configuration history: every create, update and delete of an item of an entity with `history: true` is kept
 * as a `configChange` with the record before and after it, inside the write's own transaction (a change and its
 * history commit together, or neither). Secret fields are kept as a digest, so a diff shows that a secret changed and
 * never its value; private fields are left out. The server's own writes (seeds) are not recorded.
 */

type RepositoryOf = (entity: string) => Repository;

/** The record as the history keeps it. */
const kept = (model: EntityModel, record: Entity | undefined): Entity | null => {
  if (!record) return null;
  const properties = model.schema.properties ?? {};
  return Object.fromEntries(
    Object.entries(record)
      .filter(([name]) => name !== 'tenantId' && !model.privateFields.includes(name))
      .map(([name, value]) =>
        properties[name]?.['x-secret'] === true && typeof value === 'string'
          ? [name, { $secret: createHash('sha256').update(value).digest('hex').slice(0, 12) }]
          : [name, value],
      ),
  );
};

const recordedKinds = ['create', 'update', 'delete'] as const;
type RecordedKind = (typeof recordedKinds)[number];

const recorded = (write: Write): write is Write & { kind: RecordedKind } =>
  write.model.history === true &&
  write.context.actor.kind !== 'system' &&
  (recordedKinds as readonly string[]).includes(write.kind);

const before = new WeakMap<Write, Entity | undefined>();

export const historyStage = (repositoryOf: RepositoryOf): WriteStage => {
  const find = (tx: Queryable, write: Write, id: string) =>
    repositoryOf(write.model.name).find(tx, { tenantId: write.context.tenantId }, id);
  return {
    name: 'history',
    async within(write, tx) {
      if (!recorded(write) || write.kind === 'create' || !write.id) return;
      before.set(write, write.stored ?? (await find(tx, write, write.id)));
    },
    async recorded(write, tx, result) {
      if (!recorded(write)) return;
      const id = write.id ?? ((result as Entity | undefined)?.id as string | undefined);
      if (!id) return;
      const after = write.kind === 'delete' ? undefined : await find(tx, write, id);
      await repositoryOf('configChange').insert(tx, write.context.tenantId, {
        id: generateId(),
        entity: write.model.name,
        itemId: id,
        kind: write.context.restoring ? 'restore' : write.kind,
        restoredFrom: write.context.restoring ?? null,
        before: kept(write.model, before.get(write)),
        after: kept(write.model, after),
        actor: actorName(write.context.actor),
      });
    },
  };
};
