import type { EntityModel } from '../src/shared/descriptor.js';
import type { DbColumn, DbForeignKey, DbIndex, DbModel, DbTable } from './db-schema.js';
import { CodegenError } from './errors.js';
import { logIndexes } from './kinds/log.js';
import { snakeCase } from './names.js';

/** A search usually matches a page or two of rows: see `DbTable.searchRows`. */
const SEARCH_ROWS_ESTIMATE = 50;

const TENANT: DbColumn = { name: 'tenant_id', type: 'varchar(21)', nullable: false };
export const TENANT_ROLE = 'gatehouse_tenant';

const sqlLiteral = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
};

const entityTable = (model: EntityModel, models: EntityModel[]): DbTable => {
  const scoped = model.tenantScoped;
  const tenant = scoped ? ['tenant_id'] : [];
  const columns: DbColumn[] = scoped ? [TENANT] : [];
  for (const column of model.columns) {
    if (column.column === TENANT.name) continue;
    const prop = model.schema.properties?.[column.property];
    // A required timestamp without a default is stamped by the database (createdAt); a nullable one starts empty.
    const fallback = sqlLiteral(prop?.default) ?? (column.timestamp && !column.nullable ? 'now()' : undefined);
    columns.push({
      name: column.column,
      type: column.sqlType,
      nullable: column.nullable,
      ...(fallback ? { default: fallback } : {}),
    });
  }
  if (!columns.some((c) => c.name === 'created_at')) {
    columns.push({ name: 'created_at', type: 'timestamptz', nullable: false, default: 'now()' });
  }
  const foreignKeys: DbForeignKey[] = [];
  const indexes: DbIndex[] = [
    { name: `${model.table}__created_at`, columns: [...tenant, 'created_at', 'id'], unique: false, method: 'btree' },
  ];
  if (model.parent) {
    const parent = models.find((m) => m.name === model.parent?.resource);
    const fk = snakeCase(model.parent.foreignKey);
    foreignKeys.push({
      name: `${model.table}__${fk}__fkey`,
      columns: [...tenant, fk],
      refTable: parent?.table ?? '',
      refColumns: [...tenant, 'id'],
    });
    indexes.push({ name: `${model.table}__${fk}`, columns: [...tenant, fk], unique: false, method: 'btree' });
  }
  for (const reference of model.references ?? []) {
    const referred = models.find((m) => m.name === reference.entity);
    const fk = snakeCase(reference.field);
    foreignKeys.push({
      name: `${model.table}__${fk}__fkey`,
      columns: [...tenant, fk],
      refTable: referred?.table ?? '',
      refColumns: [...tenant, 'id'],
    });
    indexes.push({ name: `${model.table}__${fk}`, columns: [...tenant, fk], unique: false, method: 'btree' });
  }
  for (const rule of model.unique) {
    const cols = rule.fields.map(snakeCase);
    indexes.push({
      name: `${model.table}__${cols.join('__')}__key`,
      columns: [...(rule.acrossTenants ? [] : tenant), ...cols],
      unique: true,
      ...(rule.caseInsensitive ? { lowerColumns: cols } : {}),
      method: 'btree',
    });
  }
  for (const fields of model.indexes) {
    const cols = fields.map(snakeCase);
    indexes.push({
      name: `${model.table}__${cols.join('__')}`,
      columns: [...tenant, ...cols],
      unique: false,
      method: 'btree',
    });
  }
  // One row per tenant: the seed's `ON CONFLICT DO NOTHING` leans on this key.
  if (model.kind === 'singleton') {
    indexes.push({ name: `${model.table}__tenant__key`, columns: ['tenant_id'], unique: true, method: 'btree' });
  }
  indexes.push(...logIndexes(model));
  for (const column of model.searchColumns) {
    indexes.push({
      name: `${model.table}__${column}__trgm`,
      columns: [...tenant, column],
      unique: false,
      method: 'trigram',
      fastUpdate: false,
    });
  }
  return {
    name: model.table,
    rls: model.rls,
    ...(model.rls && model.searchColumns.length > 0
      ? {
          searchColumns: model.searchColumns,
          searchRows: SEARCH_ROWS_ESTIMATE,
          searchReturnsRows: true,
          searchPlannedPerCall: true,
          searchPaged: true,
          searchFields: true,
          searchPageNewestFirst: true,
          searchCounts: true,
        }
      : {}),
    ...(model.countRows ? { countRows: true } : {}),
    ...(model.countRows && model.countBy.length > 0 ? { countBy: model.countBy } : {}),
    columns,
    primaryKey: [...tenant, 'id'],
    foreignKeys,
    indexes,
  };
};

/**
 * A side's list reads the links of one item, newest first: with a `created_at` column, an index per side on its keys
 * then the link's age, so a page of a crowded item (an organization with many members) is read in order instead of
 * sorting all its links; the second side's also serves its lookups. Without one, the second side's lookup index.
 */
const relationIndexes = (table: string, keyColumns: string[][], columns: DbColumn[]): DbIndex[] => {
  const aged = columns.some((c) => c.name === 'created_at');
  const sides = aged ? keyColumns : keyColumns.slice(1, 2);
  return sides.map((keys) => ({
    name: `${table}__${keys.join('__')}${aged ? '__created_at' : ''}`,
    columns: ['tenant_id', ...keys, ...(aged ? ['created_at'] : [])],
    unique: false,
    method: 'btree',
  }));
};

/**
 * A relation entity's table: the tenant, both sides' keys (together the primary key, which also serves lookups from
 * the first side), the relation's attributes, a foreign key to each side that deletes the link with it, and an index
 * per side for its lists, newest link first (the second side's also serves its lookups); its rows counted per item
 * of a `counted` side.
 */
const relationTable = (model: EntityModel): DbTable => {
  const sides = model.sides ?? [];
  const columns: DbColumn[] = [
    TENANT,
    ...model.columns
      .filter((c) => c.column !== TENANT.name)
      .map((column) => {
        const prop = model.schema.properties?.[column.property];
        const fallback = sqlLiteral(prop?.default) ?? (column.timestamp && !column.nullable ? 'now()' : undefined);
        return {
          name: column.column,
          type: column.sqlType,
          nullable: column.nullable,
          ...(fallback ? { default: fallback } : {}),
        };
      }),
  ];
  const keyColumns = sides.map((side) => side.keys.map(snakeCase));
  return {
    name: model.table,
    rls: model.rls,
    columns,
    ...(model.countRows ? { countRows: true } : {}),
    ...(model.countRows && model.countBy.length > 0 ? { countBy: model.countBy } : {}),
    primaryKey: ['tenant_id', ...keyColumns.flat()],
    foreignKeys: sides.map((side, index) => ({
      name: `${model.table}__${(keyColumns[index] ?? []).join('__')}__fkey`,
      columns: ['tenant_id', ...(keyColumns[index] ?? [])],
      refTable: side.refTable,
      refColumns: ['tenant_id', ...side.refColumns],
    })),
    indexes: relationIndexes(model.table, keyColumns, columns),
  };
};

export const buildDbModel = (models: EntityModel[]): DbModel => {
  // Parents before children, so foreign keys point at tables that exist.
  const ordered: EntityModel[] = [];
  const visit = (model: EntityModel) => {
    if (ordered.includes(model)) return;
    const parent = models.find((m) => m.name === model.parent?.resource);
    if (parent) visit(parent);
    ordered.push(model);
  };
  const byTable = [...models].sort((a, b) => a.table.localeCompare(b.table));
  for (const model of byTable) if (!model.sides) visit(model);
  const tables = ordered.map((model) => entityTable(model, models));
  // Relations after the entities they link, and a relation after the relations that are its sides.
  const relations: EntityModel[] = [];
  const visitRelation = (model: EntityModel) => {
    if (relations.includes(model)) return;
    for (const side of model.sides ?? []) {
      const sideModel = models.find((m) => m.name === side.entity);
      if (sideModel?.sides) visitRelation(sideModel);
    }
    relations.push(model);
  };
  for (const model of byTable) if (model.sides) visitRelation(model);
  tables.push(...relations.map(relationTable));
  const repeated = tables.find((table, i) => tables.findIndex((t) => t.name === table.name) !== i);
  if (repeated) throw new CodegenError(`table ${repeated.name} is declared twice`);
  // btree_gin lets a trigram index also hold the tenant (see `DbIndex.method`).
  return { extensions: ['pg_trgm', 'btree_gin'], tenantRole: TENANT_ROLE, countGroups: true, tables };
};
