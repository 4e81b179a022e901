import type { DetailTab } from '../src/shared/descriptor.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';

/** The entity that keeps the configuration history (`GET /api/config-history`). */
export const HISTORY_ENTITY = 'configChange';
export const HISTORY_TAB_KEY = 'history';

/**
 * The History tab every collection with `history: true` and a detail page gets, after its own tabs: the item's
 * changes, each as a field-by-field diff with "Restore this version". Declared by the flag alone.
 */
export const historyTabs = (entity: LoadedEntity, entities: Map<string, LoadedEntity>, declared: DetailTab[]) => {
  const { descriptor: d } = entity;
  if (!d.history || !d.console?.detail || (d.kind ?? 'collection') !== 'collection') return [];
  const file = descriptorFileOf(d.name);
  const history = entities.get(HISTORY_ENTITY)?.descriptor;
  const restore = history?.api?.actions?.find((action) => action.key === 'restore' && (action.on ?? 'item') === 'item');
  if (!history?.console || !history.api || !restore) {
    throw new CodegenError(`${file}: history needs the ${HISTORY_ENTITY} entity, with its console and restore action`);
  }
  if (declared.some((tab) => tab.key === HISTORY_TAB_KEY)) {
    throw new CodegenError(`${file}: the tab key ${HISTORY_TAB_KEY} is the history's`);
  }
  const tab: DetailTab = {
    key: HISTORY_TAB_KEY,
    titleKey: 'history.tab',
    kind: 'history',
    default: false,
    log: HISTORY_ENTITY,
    restore: `${history.api.path}/{id}/${restore.path ?? ''}`,
  };
  return [tab];
};
