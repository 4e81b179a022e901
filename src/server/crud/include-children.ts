import { columnOf } from './columns.js';
import type { RequestContext } from './context.js';
import type { EntityOperations } from './contracts.js';
import type { Entity } from './repository.js';

/**
 * Embeds each item's children of a `children` relation under the relation's name (Logto's `includeScopes` on a
 * resource list), read in one statement for the whole page.
 */
export const includeChildren = async (
  owner: EntityOperations,
  context: RequestContext,
  items: Entity[],
  relationName: string,
): Promise<Entity[]> => {
  const relation = owner.model.relations.find((r) => r.kind === 'children' && r.name === relationName);
  if (!relation) throw new Error(`${owner.model.name} has no children relation ${relationName}`);
  const child = owner.operationsOf(relation.target);
  const foreignKey = child.model.parent?.foreignKey ?? '';
  const ids = items.map((item) => item.id as string);
  const children = await owner.tx(context, (tx) =>
    child.repository.listByColumn(tx, context.tenantId, columnOf(child.model, foreignKey), ids),
  );
  return items.map((item) => ({ ...item, [relation.name]: children.filter((c) => c[foreignKey] === item.id) }));
};
