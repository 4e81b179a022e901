import type { EntityModel } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { snakeCase } from './names.js';

/**
 * Column renames the schemas declare: a property with `"x-renamed-from": "oldName"` was called `oldName` before,
 * so its column is renamed (data kept) instead of dropped and added. Per table: new column → old column.
 */
export const renamesOf = (models: EntityModel[]): Record<string, Record<string, string>> => {
  const renames: Record<string, Record<string, string>> = {};
  for (const model of models) {
    for (const [property, schema] of Object.entries(model.schema.properties ?? {})) {
      const from = schema['x-renamed-from'];
      if (from === undefined) continue;
      const where = `schemas of ${model.name}: ${property}`;
      if (typeof from !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(from)) {
        throw new CodegenError(`${where}: "x-renamed-from" must name the property's old name`);
      }
      if (model.schema.properties?.[from]) {
        throw new CodegenError(`${where}: "x-renamed-from": "${from}" names a property that still exists`);
      }
      renames[model.table] ??= {};
      (renames[model.table] as Record<string, string>)[snakeCase(property)] = snakeCase(from);
    }
  }
  return renames;
};
