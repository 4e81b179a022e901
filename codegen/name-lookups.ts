import type { NameLookupModel } from '../src/shared/entity-kinds.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { isStored } from './fields.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf, snakeCase } from './names.js';

const isText = (prop: JSONSchema7 | undefined): boolean => {
  const types = Array.isArray(prop?.type) ? prop.type : [prop?.type];
  return Boolean(prop && isStored(prop) && !prop['x-column'] && types.includes('string') && !types.includes('object'));
};

/**
 * A log's name lookups with their storage: each names a stored text field of the log holding the id of an item of a
 * tenant entity with a table, the item's stored, public text fields its name is read from, and an answer field of its
 * own (not one of the log's fields, not used twice).
 */
export const compileNameLookups = (
  entity: LoadedEntity,
  need: (name: string, where: string) => LoadedEntity,
): NameLookupModel[] | undefined => {
  const { descriptor: d, schema } = entity;
  const lookups = d.nameLookups;
  if (!lookups) return undefined;
  const file = `${descriptorFileOf(d.name)}`;
  if (d.kind !== 'log') throw new CodegenError(`${file}: nameLookups are for logs (a collection has relations)`);
  const taken = new Set(Object.keys(schema.properties ?? {}));
  return lookups.map((lookup) => {
    const where = `${file}: nameLookups ${lookup.as}`;
    if (!isText(schema.properties?.[lookup.field]))
      throw new CodegenError(`${where}: ${lookup.field} is not a text field`);
    const named = need(lookup.entity, where);
    if (!named.descriptor.table || (named.descriptor.kind !== undefined && named.descriptor.kind !== 'collection')) {
      throw new CodegenError(`${where}: ${lookup.entity} is not a collection with items by id`);
    }
    if (named.descriptor.tenantScoped === false) throw new CodegenError(`${where}: ${lookup.entity} is not a tenant's`);
    for (const field of lookup.from) {
      const prop = named.schema.properties?.[field];
      if (!isText(prop) || prop?.['x-private']) {
        throw new CodegenError(`${where}: from names ${field}, which is not a public text field of ${lookup.entity}`);
      }
    }
    if (taken.has(lookup.as)) throw new CodegenError(`${where}: ${lookup.as} is already a field of ${d.name}`);
    taken.add(lookup.as);
    return {
      ...lookup,
      column: snakeCase(lookup.field),
      table: named.descriptor.table,
      fromColumns: lookup.from.map(snakeCase),
    };
  });
};
