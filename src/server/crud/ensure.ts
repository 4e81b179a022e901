import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import { linkedIds } from './link-repository.js';
import type { Entity } from './repository.js';

/**
 * "Create unless it exists", for data the server writes itself (first-start seeding, bootstrap): the item is found
 * by its natural key, and only a missing one is created, through the entity's own `create` (validation, defaults,
 * server hooks, audit, events). Running it again changes nothing, and leaves alone what an administrator changed.
 */

export interface EnsureOptions {
  /** The fields that name the item: `id`, or the fields of one of the descriptor's `unique` rules. */
  by: readonly string[];
  /** The parent of a child entity (a scope's resource). */
  parentId?: string | undefined;
  /** Values the server makes rather than the body (a fixed id), as `create` takes them. */
  serverValues?: Entity | undefined;
}

export interface Ensured {
  item: Entity;
  /** Whether this call created the item (false when it existed). */
  created: boolean;
}

const sameFields = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((field) => b.includes(field));

/** The values of the natural key, from the body, the server's values and the parent. */
const naturalKey = (ops: EntityOperations, body: Entity, options: EnsureOptions): Entity => {
  const { model } = ops;
  if (!sameFields(options.by, ['id']) && !model.unique.some((rule) => sameFields(rule.fields, options.by))) {
    throw new Error(`${model.name}: [${options.by.join(', ')}] is neither its id nor one of its unique rules`);
  }
  const values: Entity = { ...body, ...options.serverValues };
  if (model.parent && options.parentId !== undefined) values[model.parent.foreignKey] = options.parentId;
  const key: Entity = {};
  for (const field of options.by) {
    if (values[field] === undefined) throw new Error(`${model.name}: no value for ${field} to find the item by`);
    key[field] = values[field];
  }
  return key;
};

/**
 * Finds the item of the context's tenant with the natural key of `body`, or creates it from `body`. A create that
 * loses a race to another writer of the same key (the unique rule refuses it) answers the other writer's item.
 */
export const ensureItem = async (
  ops: EntityOperations,
  context: RequestContext,
  body: Entity,
  options: EnsureOptions,
): Promise<Ensured> => {
  const key = naturalKey(ops, body, options);
  const find = () => ops.tx(context, (tx) => ops.repository.findBy(tx, { tenantId: context.tenantId }, key));
  const found = await find();
  if (found) return { item: found, created: false };
  try {
    return { item: await ops.create(context, body, options.parentId, options.serverValues), created: true };
  } catch (error) {
    const raced = await find();
    if (raced) return { item: raced, created: false };
    throw error;
  }
};

/**
 * Links the targets not linked yet to the source (`key`) through the entity's relation, as an assignment through
 * the API would (its checks, audit and events); answers the ids it linked, none when all were linked already.
 */
export const ensureLinked = async (
  ops: EntityOperations,
  context: RequestContext,
  relationName: string,
  key: string[],
  targetIds: readonly string[],
): Promise<string[]> => {
  const { relation } = ops.links.relation(relationName);
  const missing = async () => {
    const linked = new Set(await ops.tx(context, (tx) => linkedIds(tx, relation, context.tenantId, key)));
    return [...new Set(targetIds)].filter((id) => !linked.has(id));
  };
  const wanted = await missing();
  if (wanted.length === 0) return [];
  try {
    await ops.links.link(context, relationName, key, { [relation.assignField]: wanted });
    return wanted;
  } catch (error) {
    // Another writer linked them meanwhile (the relation refuses a duplicate): nothing is left to do.
    if ((await missing()).length === 0) return [];
    throw error;
  }
};
