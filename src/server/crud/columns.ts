import type { ColumnModelDb } from '../../shared/descriptor.js';
import { snakeCase } from '../../shared/snake-case.js';

/**
 * The column an entity stores a field in, as its model names it (`columns`, written by codegen); a field with no
 * column of its own (a relation entity's `id`) by codegen's naming rule.
 */
export const columnOf = (model: { columns: readonly ColumnModelDb[] }, field: string): string =>
  model.columns.find((column) => column.property === field)?.column ?? snakeCase(field);
