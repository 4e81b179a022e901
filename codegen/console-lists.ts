import { type DetailAction, type FilteredList, listFilterOf, type RecordCondition } from '../src/shared/descriptor.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { assertFields } from './model-parts.js';
import { descriptorFileOf } from './names.js';

/** A `when` names a field of the entity and, for an enum field, only values of its enum. */
export const checkCondition = (entity: LoadedEntity, when: RecordCondition | undefined, where: string) => {
  if (!when) return undefined;
  assertFields(entity, [when.field], `${where} when`);
  const values = entity.schema.properties?.[when.field]?.enum;
  const unknown = values ? when.in.find((value) => !values.includes(value)) : undefined;
  if (unknown !== undefined) {
    throw new CodegenError(
      `${descriptorFileOf(entity.descriptor.name)}: ${where} when: "${String(unknown)}" is not a value of ${when.field}`,
    );
  }
  return { when };
};

/**
 * Console entries calling an item action of the API with a fixed body (a detail page's menu, a list's row buttons):
 * each names an item action of the entity, whose method and path are filled in.
 */
export const compileItemActions = (
  entity: LoadedEntity,
  entries: Omit<DetailAction, 'method' | 'path'>[] | undefined,
  where: string,
): DetailAction[] =>
  (entries ?? []).map((entry) => {
    const { descriptor: d } = entity;
    const action = d.api?.actions?.find((a) => a.key === entry.action && (a.on ?? 'item') === 'item');
    if (!action) {
      throw new CodegenError(
        `${descriptorFileOf(d.name)}: ${where} ${entry.key} names unknown item action "${entry.action}"`,
      );
    }
    return {
      ...entry,
      method: action.method,
      // The whole route, as the server serves it: the console fills in `{id}` and joins nothing.
      path: [`${d.api?.path ?? ''}/{id}`, action.path].filter(Boolean).join('/'),
      ...checkCondition(entity, entry.when, `${where} ${entry.key}`),
    };
  });

/**
 * The lists of other entities' records on a relation tab: each entity has a console list and a single-value list
 * filter `filter`, whose field its create dialog sets to the item's id.
 */
export const compileTabLists = (
  entity: LoadedEntity,
  tabKey: string,
  lists: { entity: string; filter: string }[] | undefined,
  entities: Map<string, LoadedEntity>,
): { lists?: FilteredList[] } => {
  if (!lists) return {};
  const file = `${descriptorFileOf(entity.descriptor.name)}`;
  return {
    lists: lists.map((list) => {
      const listed = entities.get(list.entity);
      if (!listed?.descriptor.console?.list || !listed.descriptor.api?.operations.list) {
        throw new CodegenError(`${file}: tab ${tabKey} lists "${list.entity}", which has no console list`);
      }
      const filter = (listed.descriptor.api.operations.list.filters ?? [])
        .map(listFilterOf)
        .find((item) => item.param === list.filter && !item.multiple);
      if (!filter) {
        throw new CodegenError(
          `${file}: tab ${tabKey}: ${list.entity} has no single-value list filter "${list.filter}"`,
        );
      }
      return { entity: list.entity, filter: list.filter, field: filter.field };
    }),
  };
};
