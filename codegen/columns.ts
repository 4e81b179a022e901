import type { ColumnModelDb } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { isStored } from './fields.js';
import { CodegenError, type LoadedEntity } from './load.js';
import { schemaFileOf, snakeCase } from './names.js';

const typesOf = (schema: JSONSchema7): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** The column type of a stored property, from its schema (`where` names it in errors). */
export const sqlTypeOf = (schema: JSONSchema7, where: string): string => {
  if (schema['x-column'] === 'timestamp') return 'timestamptz';
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length > 1 && types.every((t) => t === 'object' || t === 'array')) return 'jsonb';
  if (types.length !== 1) throw new CodegenError(`${where}: a column needs exactly one non-null type`);
  switch (types[0]) {
    case 'string':
      return schema.maxLength && schema.maxLength <= 4096 ? `varchar(${schema.maxLength})` : 'text';
    case 'integer':
      return (schema.maximum ?? 0) > 2147483647 ? 'bigint' : 'integer';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'object':
    case 'array':
      return 'jsonb';
    default:
      throw new CodegenError(`${where}: unsupported type ${types[0]}`);
  }
};

/** An entity's stored properties as its table's columns (a service has none). */
export const columnsOf = (entity: LoadedEntity): ColumnModelDb[] => {
  const required = new Set(entity.schema.required ?? []);
  if (entity.descriptor.kind === 'service') return [];
  const stored = Object.entries(entity.schema.properties ?? {}).filter(([, prop]) => isStored(prop));
  return stored.map(([property, prop]) => {
    const sqlType = sqlTypeOf(prop, `${schemaFileOf(entity.descriptor.name)}#/properties/${property}`);
    return {
      property,
      column: snakeCase(property),
      sqlType,
      // An optional property allows null or has a default (see optional-fields.ts): only the former stores NULL.
      nullable: typesOf(prop).includes('null') || (!required.has(property) && prop.default === undefined),
      json: sqlType === 'jsonb',
      timestamp: sqlType === 'timestamptz',
    };
  });
};
