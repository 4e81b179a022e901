import { ApiError } from '../http/api-error.js';
import { columnOf } from './columns.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import { type ActionOverride, created, type ServerOverride } from './overrides.js';
import type { Entity } from './repository.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * A configuration kept as Logto keeps its `logto_configs` rows: one value per key out of a fixed set (a JWT
 * customizer per token type, an action per trigger), served as collection actions at `{path}/{param}`. The entity
 * stores a row per key (its `itemKey` is the key, its other fields the value); this turns its declared actions into
 * Logto's answers, so a second configuration of the shape is a schema, a descriptor and this spec.
 */
export interface KeyedConfigSpec {
  /** The path parameter naming the key (`tokenTypePath`). */
  param: string;
  /** Logto's key of each item key, in Logto's order (`access-token` → `jwt.accessToken`). */
  keys: Readonly<Record<string, string>>;
  /** Rules on a body its schema cannot say because they depend on the key. */
  check?: (itemKey: string, body: Record<string, unknown>) => void;
}

/** The fields no value holds: the row's own bookkeeping and its key. */
const bookkeeping = new Set(['tenantId', 'id', 'createdAt', 'updatedAt']);

const valueFieldsOf = (operations: EntityOperations) =>
  operations.model.columns
    .map((column) => column.property)
    .filter((field) => !bookkeeping.has(field) && field !== operations.model.idField);

/** The value as Logto answers it: its fields, without those unset. */
const answerOf = (operations: EntityOperations, row: Entity) =>
  Object.fromEntries(
    valueFieldsOf(operations)
      .filter((field) => row[field] != null)
      .map((field) => [field, row[field]]),
  );

/** A full replacement's values: what the body leaves out is unset. */
const replacementOf = (operations: EntityOperations, body: Record<string, unknown>) =>
  Object.fromEntries(valueFieldsOf(operations).map((field) => [field, body[field] ?? null]));

/** The stored rows of the keys given. */
const storedRows = (operations: EntityOperations, context: RequestContext, itemKeys: string[]) =>
  operations.read(context, (tx) =>
    operations.repository.listByColumn(
      tx,
      context.tenantId,
      columnOf(operations.model, operations.model.idField),
      itemKeys,
    ),
  );

/** The handlers of a keyed configuration's declared actions `list`, `get`, `upsert`, `update` and `delete`. */
export const keyedConfigActions = (spec: KeyedConfigSpec) => {
  const keyOf = (params: Record<string, string>) => params[spec.param] ?? '';

  const list = async ({ operations, context }: Run) => {
    const rows = await storedRows(operations, context, Object.keys(spec.keys));
    const idField = operations.model.idField;
    return Object.entries(spec.keys).flatMap(([itemKey, key]) => {
      const row = rows.find((stored) => stored[idField] === itemKey);
      return row ? [{ key, value: answerOf(operations, row) }] : [];
    });
  };

  const get = async ({ operations, context, params }: Run) =>
    answerOf(operations, await operations.get(context, keyOf(params)));

  /** Made (201) or replaced; of two racing first writes, one inserts and the other finds the key taken and replaces. */
  const upsert = async ({ operations, context, params, body }: Run) => {
    const itemKey = keyOf(params);
    spec.check?.(itemKey, body);
    const values = replacementOf(operations, body);
    try {
      const made = await operations.create(context, { [operations.model.idField]: itemKey, ...values });
      return created(answerOf(operations, made));
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'entity.unique_integrity_violation') throw error;
    }
    return answerOf(operations, await operations.setInternal(context, itemKey, values));
  };

  /** The body's fields set over the stored value's (404 when the key has none). */
  const update = async ({ operations, context, params, body }: Run) => {
    const itemKey = keyOf(params);
    spec.check?.(itemKey, body);
    const stored = answerOf(operations, await operations.get(context, itemKey));
    const merged = replacementOf(operations, { ...stored, ...body });
    return answerOf(operations, await operations.setInternal(context, itemKey, merged));
  };

  const remove = async ({ operations, context, params }: Run) => {
    await operations.delete(context, keyOf(params));
  };

  const action = (run: ActionOverride['run']): ServerOverride => ({ kind: 'action', run });
  return {
    list: action(list),
    get: action(get),
    upsert: action(upsert),
    update: action(update),
    delete: action(remove),
  };
};
