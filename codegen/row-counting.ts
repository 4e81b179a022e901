import type { RelationSide } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { descriptorFileOf, snakeCase } from './names.js';

/**
 * A list filter whose field takes a few known values (a boolean, or a string enum) has its rows counted per value
 * (`EntityModel.countBy`), so the filtered list's total is a sum of counter rows too.
 */
export const isCountable = (prop: JSONSchema7 | undefined) =>
  Boolean(prop) &&
  (prop?.type === 'boolean' || (Array.isArray(prop?.enum) && prop.enum.every((value) => typeof value === 'string')));

/** The keys of a relation's side whose links are counted per item (`api.counted`), if one is. */
export const countedSideKeys = (entity: LoadedEntity, sides: RelationSide[] | undefined): string[] | undefined => {
  const counted = (entity.descriptor.sides ?? []).flatMap((side, index) => (side.api?.counted ? [index] : []));
  if (counted.length > 1) {
    throw new CodegenError(`${descriptorFileOf(entity.descriptor.name)}: only one side's links can be counted`);
  }
  const index = counted[0];
  return index === undefined ? undefined : sides?.[index]?.keys;
};

/**
 * Which rows triggers count: an entity with a list per tenant, by its countable filters; a relation with a counted
 * side, by that side's keys, so each item's links are a counter group (an organization's members).
 */
export const rowCounting = (listed: boolean, countableFilters: string[], sideKeys: string[] | undefined) =>
  sideKeys
    ? { countRows: true, countBy: sideKeys.map(snakeCase) }
    : { countRows: listed, countBy: listed ? countableFilters.map(snakeCase) : [] };
