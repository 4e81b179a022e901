import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { EntityModel } from '../../../shared/descriptor.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The fields of a kept record a body of the entity's may set, secrets aside (the history has only their digest). */
const restorable = (model: EntityModel, body: 'create' | 'update', record: Entity): Entity => {
  const fields = Object.keys(model.requestBodies[body]?.schema.properties ?? {});
  return Object.fromEntries(
    Object.entries(record).filter(
      ([name, value]) =>
        fields.includes(name) && !(value && typeof value === 'object' && '$secret' in (value as Entity)),
    ),
  );
};

/**
 * `POST /api/config-history/{id}/restore`: the item made as the change left it, through the entity's own operations
 * (its rules, its audit record, its history): updated where it exists, created again with its id where it was
 * deleted, deleted where the change deleted it. A rule that now forbids the version answers with its own error, and
 * nothing changes.
 */
const restore = async ({ context, id, operations, operationsOf }: Run) => {
  const scope = { tenantId: context.tenantId };
  const change = await operations.read(context, (tx) => operations.repository.find(tx, scope, id));
  if (!change) throw operations.notFound(id);
  const target = operationsOf(String(change.entity));
  const itemId = String(change.itemId);
  const current = await target.read(context, (tx) => target.repository.find(tx, scope, itemId));
  const version = change.after as Entity | null;
  // The writes below are recorded in the history as a restore of this change.
  const restoring = { ...context, restoring: id };
  if (!version) {
    if (current) await target.delete(restoring, itemId);
    return { entity: change.entity, itemId, restored: null };
  }
  const { parent } = target.model;
  const parentId = parent ? (version[parent.foreignKey] as string | undefined) : undefined;
  const restored = current
    ? await target.update(restoring, itemId, restorable(target.model, 'update', version), parentId)
    : await target.create(restoring, restorable(target.model, 'create', version), parentId, { id: itemId });
  return { entity: change.entity, itemId, restored };
};

export const configChangeOverrides = {
  'configChange.restore': { kind: 'action', run: restore },
} satisfies Record<string, ServerOverride>;
