import { type ListView, listFilterOf } from '../src/shared/descriptor.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf } from './names.js';

/**
 * The tabs over an entity's list (`console.list.views`): each key once and not a path the list's pages use, each
 * filter one of the list's single-value filters with a value its schema allows, each create value a field of the
 * create body.
 */
export const listViewsOf = (entity: LoadedEntity): ListView[] | undefined => {
  const { descriptor: d, schema } = entity;
  const views = d.console?.list?.views;
  if (!views) return undefined;
  const file = descriptorFileOf(d.name);
  const filters = (d.api?.operations.list?.filters ?? []).map(listFilterOf);
  const keys = new Set<string>();
  for (const view of views) {
    const where = `${file}: console.list.views ${view.key}`;
    if (keys.has(view.key) || view.key === 'create') throw new CodegenError(`${where}: the key is taken`);
    keys.add(view.key);
    for (const [param, value] of Object.entries(view.filters)) {
      const filter = filters.find((candidate) => candidate.param === param && !candidate.multiple);
      if (!filter) throw new CodegenError(`${where}: "${param}" is not a single-value list filter`);
      const field = schema.properties?.[filter.field];
      const allowed = field?.enum ?? (field?.type === 'boolean' ? ['true', 'false'] : undefined);
      if (allowed && !allowed.map(String).includes(value)) {
        throw new CodegenError(`${where}: "${value}" is not a value of ${d.name}.${filter.field}`);
      }
    }
    for (const field of Object.keys(view.createValues ?? {})) {
      const prop = schema.properties?.[field];
      if (!d.console?.create || !prop || prop.readOnly) {
        throw new CodegenError(`${where}: createValues names ${field}, which the create body does not take`);
      }
    }
  }
  return views.map((view) => ({ ...view }));
};
