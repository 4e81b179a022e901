import type { DetailTab, RecordCondition } from '../src/shared/descriptor.js';
import { CodegenError, type LoadedEntity } from './load.js';
import type { DescriptorConsole } from './resource-descriptor.js';

type DescribedTab = NonNullable<DescriptorConsole['detail']>['tabs'][number];

/**
 * A list tab shows what an item action answers (a list, such as a user's organizations): the action must be a GET
 * on the item, and a column's `link` an entity with a console detail page.
 */
export const listTab = (
  entity: LoadedEntity,
  tab: DescribedTab,
  isDefault: boolean,
  when: { when: RecordCondition } | undefined,
  entities: Map<string, LoadedEntity>,
): DetailTab => {
  const file = `resources/${entity.descriptor.name}.resource.json`;
  const action = entity.descriptor.api?.actions?.find(
    (a) => a.key === tab.action && a.method === 'GET' && (a.on ?? 'item') === 'item',
  );
  if (!action) throw new CodegenError(`${file}: tab ${tab.key} names "${tab.action}", which is not a GET item action`);
  for (const column of tab.columns ?? []) {
    if (column.link === undefined) continue;
    const linked = entities.get(column.link)?.descriptor.console;
    if (!linked?.detail) {
      throw new CodegenError(
        `${file}: tab ${tab.key} column ${column.field}: ${column.link} has no console detail page`,
      );
    }
  }
  return {
    key: tab.key,
    titleKey: tab.titleKey,
    kind: 'list',
    default: isDefault,
    action: action.key,
    path: action.path,
    columns: tab.columns ?? [],
    emptyKey: tab.emptyKey ?? '',
    ...when,
  };
};
