import type { DbColumn, DbForeignKey, DbIndex, DbModel, DbTable } from './db-schema.js';
import { CodegenError } from './load.js';
import { type AlterOptions, alterTableSql } from './migration-alter.js';
import { countTriggersSql, ROW_COUNTS_TABLE, rowCountGroupsSql, rowCountsSql } from './row-counts.js';
import {
  PLAN_ROWS_FUNCTION,
  planRowsFunctionSql,
  searchFieldsFunctionName,
  searchFieldsPageSignature,
  searchFunctionName,
  searchFunctionSql,
  searchPageSignature,
} from './search-functions.js';

const q = (name: string) => `"${name}"`;
const list = (names: string[]) => names.map(q).join(', ');

const columnSql = (c: DbColumn) =>
  `${q(c.name)} ${c.type}${c.nullable ? '' : ' NOT NULL'}${c.default ? ` DEFAULT ${c.default}` : ''}`;

const foreignKeySql = (table: string, fk: DbForeignKey) =>
  `ALTER TABLE ${q(table)} ADD CONSTRAINT ${q(fk.name)} FOREIGN KEY (${list(fk.columns)}) REFERENCES ${q(fk.refTable)} (${list(fk.refColumns)}) ON DELETE CASCADE;`;

const indexKeys = (index: DbIndex) =>
  index.columns
    .map((column) =>
      index.lowerColumns?.includes(column)
        ? `lower(${q(column)})`
        : index.patternColumns?.includes(column)
          ? `${q(column)} text_pattern_ops`
          : q(column),
    )
    .join(', ');

const trigramKeys = (index: DbIndex) =>
  index.columns
    .map((column, i) => (i === index.columns.length - 1 ? `${q(column)} gin_trgm_ops` : q(column)))
    .join(', ');

const indexSql = (table: string, index: DbIndex) =>
  index.method === 'trigram'
    ? `CREATE INDEX ${q(index.name)} ON ${q(table)} USING gin (${trigramKeys(index)})${index.fastUpdate === false ? ' WITH (fastupdate = off)' : ''};`
    : `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${q(index.name)} ON ${q(table)} (${indexKeys(index)});`;

/** Creates the tenant role once per cluster (roles are shared by its databases; two may race to create it). */
const tenantRoleSql = (role: string) => [
  `DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN
    CREATE ROLE ${role} NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;`,
  `GRANT ${role} TO CURRENT_USER;`,
];

/**
 * Row-level security: the tenant role may touch a row only when its tenant_id is the transaction's tenant
 * (`gatehouse.tenant_id`). A restrictive policy narrows the permissive one, so a later permissive policy cannot
 * widen access by mistake. The table owner (migrations, maintenance) is not subject to it.
 */
const rlsSql = (table: string, role: string) => [
  `ALTER TABLE ${q(table)} ENABLE ROW LEVEL SECURITY;`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ${q(table)} TO ${role};`,
  `CREATE POLICY ${q(`${table}__tenant_access`)} ON ${q(table)} AS PERMISSIVE FOR ALL TO ${role} USING (true);`,
  `CREATE POLICY ${q(`${table}__tenant_isolation`)} ON ${q(table)} AS RESTRICTIVE FOR ALL TO ${role}
  USING (tenant_id = current_setting('gatehouse.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('gatehouse.tenant_id', true));`,
];

const rlsOffSql = (table: string, role: string) => [
  `DROP POLICY ${q(`${table}__tenant_isolation`)} ON ${q(table)};`,
  `DROP POLICY ${q(`${table}__tenant_access`)} ON ${q(table)};`,
  `REVOKE SELECT, INSERT, UPDATE, DELETE ON ${q(table)} FROM ${role};`,
  `ALTER TABLE ${q(table)} DISABLE ROW LEVEL SECURITY;`,
];

const createTableSql = (table: DbTable): string[] => [
  `CREATE TABLE ${q(table.name)} (\n${[...table.columns.map((c) => `  ${columnSql(c)}`), `  PRIMARY KEY (${list(table.primaryKey)})`].join(',\n')}\n);`,
  ...table.foreignKeys.map((fk) => foreignKeySql(table.name, fk)),
  ...table.indexes.map((index) => indexSql(table.name, index)),
];

export type DiffOptions = AlterOptions;

/** SQL statements that turn the database of `before` into that of `after`, keeping existing rows. */
export const diffDbModels = (before: DbModel | undefined, after: DbModel, options: DiffOptions): string[] => {
  const sql: string[] = [];
  for (const extension of after.extensions) {
    if (!before?.extensions.includes(extension)) sql.push(`CREATE EXTENSION IF NOT EXISTS ${extension};`);
  }
  const role = after.tenantRole;
  if (role && before?.tenantRole !== role) sql.push(...tenantRoleSql(role));
  const counting = (model: DbModel | undefined) => Boolean(model?.tables.some((t) => t.countRows));
  if (counting(after) && !counting(before)) sql.push(...rowCountsSql(role));
  else if (counting(after) && after.countGroups && !before?.countGroups) sql.push(...rowCountGroupsSql());
  // The planner's estimates the search page functions answer on request come from one shared function.
  const estimating = (model: DbModel | undefined) => Boolean(model?.tables.some((t) => t.searchCounts));
  if (estimating(after) && !estimating(before)) sql.push(...planRowsFunctionSql());
  const previous = new Map((before?.tables ?? []).map((t) => [t.name, t]));
  for (const table of after.tables) {
    const old = previous.get(table.name);
    if (!old) {
      sql.push(...createTableSql(table));
      if (table.rls && role) sql.push(...rlsSql(table.name, role));
      if (table.searchColumns && role) {
        sql.push(...searchFunctionSql(table, role));
      }
      if (table.countRows) sql.push(...countTriggersSql(table.name, table.countBy));
      continue;
    }
    previous.delete(table.name);
    sql.push(
      ...alterTableSql(old, table, role, options, {
        q,
        columnSql,
        indexSql,
        foreignKeySql,
        searchFunctionSql,
        searchFunctionName,
        searchPageSignature,
        searchFieldsFunctionName,
        searchFieldsPageSignature,
        rlsSql,
        rlsOffSql,
      }),
    );
  }
  if (estimating(before) && !estimating(after)) {
    sql.push(`DROP FUNCTION IF EXISTS ${PLAN_ROWS_FUNCTION}(text, text, anyelement);`);
  }
  for (const table of previous.keys()) {
    if (!options.allowDrop) throw new CodegenError(`table ${table} would be dropped; run codegen with --allow-drop`);
    sql.push(`DROP TABLE ${q(table)} CASCADE;`);
    if (previous.get(table)?.countRows) sql.push(`DELETE FROM ${ROW_COUNTS_TABLE} WHERE table_name = '${table}';`);
  }
  return sql;
};
