import type { DbColumn, DbForeignKey, DbIndex, DbTable } from './db-schema.js';
import { CodegenError } from './errors.js';
import { countTriggersOffSql, countTriggersSql } from './row-counts.js';

/** The SQL pieces of an existing table's change that depend on how tables are written (see migrations.ts). */
export interface AlterPieces {
  q: (name: string) => string;
  columnSql: (column: DbColumn) => string;
  indexSql: (table: string, index: DbIndex) => string;
  foreignKeySql: (table: string, fk: DbForeignKey) => string;
  searchFunctionSql: (table: DbTable, role: string) => string[];
  searchFunctionName: (table: string) => string;
  searchPageSignature: (table: DbTable) => string | undefined;
  searchFieldsFunctionName: (table: string) => string;
  searchFieldsPageSignature: (table: DbTable) => string | undefined;
  rlsSql: (table: string, role: string) => string[];
  rlsOffSql: (table: string, role: string) => string[];
}

export interface AlterOptions {
  allowDrop: boolean;
  /** Per table: new column → the column it was renamed from (`x-renamed-from` in the schema). */
  renames?: Record<string, Record<string, string>>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const varcharLength = (type: string) => Number(/^varchar\((\d+)\)$/.exec(type)?.[1] ?? Number.NaN);

/** Widening a column keeps every row; anything else would need a hand-written data migration. */
const isSafeTypeChange = (from: string, to: string) =>
  varcharLength(from) < varcharLength(to) ||
  (from.startsWith('varchar') && to === 'text') ||
  (from === 'integer' && to === 'bigint');

const withoutName = <T extends { name: string }>(item: T) => ({ ...item, name: '' });

/**
 * Turns an existing table into its new shape in three phases, so no statement reads a column that is not there:
 * first what reads columns is dropped (indexes, constraints, counting triggers, a search function that changes
 * its return type), then columns are renamed, added, changed and dropped, then what reads them is created.
 * A declared rename keeps the column's data, and renames the indexes and constraints that only followed it.
 */
export const alterTableSql = (
  old: DbTable,
  table: DbTable,
  role: string | undefined,
  options: AlterOptions,
  p: AlterPieces,
): string[] => {
  const { q } = p;
  const t = q(table.name);
  const before: string[] = [];
  const columns: string[] = [];
  const after: string[] = [];

  // Renames first: every later comparison sees old columns under their new names.
  const oldColumns = new Map(old.columns.map((c) => [c.name, c]));
  const renamed = new Map<string, string>(); // old name → new name
  for (const [to, from] of Object.entries(options.renames?.[table.name] ?? {})) {
    const was = oldColumns.get(from);
    if (!was || oldColumns.has(to) || !table.columns.some((c) => c.name === to)) continue;
    columns.push(`ALTER TABLE ${t} RENAME COLUMN ${q(from)} TO ${q(to)};`);
    oldColumns.delete(from);
    oldColumns.set(to, { ...was, name: to });
    renamed.set(from, to);
  }
  const follow = (names: string[]) => names.map((name) => renamed.get(name) ?? name);

  // Indexes and foreign keys: unchanged ones stay, ones that only followed a rename are renamed, others rebuilt.
  const pairUp = <T extends { name: string }>(
    olds: T[],
    news: T[],
    moved: (item: T) => T,
    rename: (from: string, to: string) => string,
    drop: (name: string) => string,
    create: (item: T) => string,
  ) => {
    const left = new Map(olds.map((item) => [item.name, moved(item)]));
    for (const item of news) {
      const was = left.get(item.name);
      if (was && same(was, item)) {
        left.delete(item.name);
        continue;
      }
      const followed = [...left.values()].find((candidate) => same(withoutName(candidate), withoutName(item)));
      if (followed && !news.some((other) => other.name === followed.name)) {
        left.delete(followed.name);
        columns.push(rename(followed.name, item.name));
        continue;
      }
      after.push(create(item));
    }
    for (const name of left.keys()) before.push(drop(name));
  };
  pairUp(
    old.indexes,
    table.indexes,
    (index) => ({
      ...index,
      columns: follow(index.columns),
      ...(index.lowerColumns ? { lowerColumns: follow(index.lowerColumns) } : {}),
    }),
    (from, to) => `ALTER INDEX ${q(from)} RENAME TO ${q(to)};`,
    (name) => `DROP INDEX ${q(name)};`,
    (index) => p.indexSql(table.name, index),
  );
  pairUp(
    old.foreignKeys,
    table.foreignKeys,
    (fk) => ({ ...fk, columns: follow(fk.columns) }),
    (from, to) => `ALTER TABLE ${t} RENAME CONSTRAINT ${q(from)} TO ${q(to)};`,
    (name) => `ALTER TABLE ${t} DROP CONSTRAINT ${q(name)};`,
    (fk) => p.foreignKeySql(table.name, fk),
  );

  // The search function names its columns: re-created once they exist (dropped first if its return type changes).
  if (
    !same(old.searchColumns, table.searchColumns) ||
    old.searchRows !== table.searchRows ||
    Boolean(old.searchReturnsRows) !== Boolean(table.searchReturnsRows) ||
    Boolean(old.searchPlannedPerCall) !== Boolean(table.searchPlannedPerCall) ||
    Boolean(old.searchPaged) !== Boolean(table.searchPaged) ||
    Boolean(old.searchFields) !== Boolean(table.searchFields) ||
    Boolean(old.searchPageNewestFirst) !== Boolean(table.searchPageNewestFirst) ||
    Boolean(old.searchCounts) !== Boolean(table.searchCounts) ||
    (old.searchReturnsRows && !same(old.columns, table.columns))
  ) {
    const fn = `${q(p.searchFunctionName(table.name))}(text)`;
    const retyped = old.searchColumns && Boolean(old.searchReturnsRows) !== Boolean(table.searchReturnsRows);
    const searched = Boolean(table.searchColumns && role);
    if (table.searchColumns && role) {
      if (retyped) before.push(`DROP FUNCTION ${fn};`);
      after.push(...p.searchFunctionSql(table, role));
    } else if (old.searchColumns) before.push(`DROP FUNCTION IF EXISTS ${fn};`);
    if (old.searchFields && !(table.searchFields && searched)) {
      before.push(`DROP FUNCTION IF EXISTS ${q(p.searchFieldsFunctionName(table.name))}(text[], text[], text);`);
    }
    // A page function goes when the table has it no more, or takes other arguments now (its signature changes).
    for (const signature of [p.searchPageSignature, p.searchFieldsPageSignature]) {
      const was = signature(old);
      if (was && was !== (searched ? signature(table) : undefined)) before.push(`DROP FUNCTION IF EXISTS ${was};`);
    }
  }
  if (Boolean(old.countRows) !== Boolean(table.countRows)) {
    if (table.countRows) after.push(...countTriggersSql(table.name, table.countBy));
    else before.push(...countTriggersOffSql(table.name, old.countBy));
  } else if (table.countRows && !same(old.countBy ?? [], table.countBy ?? [])) {
    // Counted by other columns: count the table again, by the new ones.
    before.push(...countTriggersOffSql(table.name, old.countBy));
    after.push(...countTriggersSql(table.name, table.countBy));
  }
  if (Boolean(old.rls) !== Boolean(table.rls) && role) {
    if (table.rls) after.push(...p.rlsSql(table.name, role));
    else before.push(...p.rlsOffSql(table.name, role));
  }

  const dropped: string[] = [];
  for (const column of table.columns) {
    const was = oldColumns.get(column.name);
    oldColumns.delete(column.name);
    if (!was) {
      if (!column.nullable && !column.default) {
        throw new CodegenError(
          `${table.name}.${column.name}: a new required column needs a "default" in its schema, so existing rows get a value (or, for a renamed property, "x-renamed-from": "<old property>")`,
        );
      }
      columns.push(`ALTER TABLE ${t} ADD COLUMN ${p.columnSql(column)};`);
      continue;
    }
    const c = q(column.name);
    if (was.type !== column.type) {
      if (!isSafeTypeChange(was.type, column.type)) {
        throw new CodegenError(`${table.name}.${column.name}: changing ${was.type} to ${column.type} could lose data`);
      }
      columns.push(`ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${column.type};`);
    }
    if (was.default !== column.default) {
      columns.push(
        column.default
          ? `ALTER TABLE ${t} ALTER COLUMN ${c} SET DEFAULT ${column.default};`
          : `ALTER TABLE ${t} ALTER COLUMN ${c} DROP DEFAULT;`,
      );
      // A JSON object whose default gains keys: old rows gain the keys they lack, and keep the values they have.
      if (column.type === 'jsonb' && column.default?.startsWith("'{")) {
        columns.push(`UPDATE ${t} SET ${c} = ${column.default} || ${c} WHERE jsonb_typeof(${c}) = 'object';`);
      }
    }
    if (was.nullable !== column.nullable) {
      if (!column.nullable && column.default) {
        columns.push(`UPDATE ${t} SET ${c} = ${column.default} WHERE ${c} IS NULL;`);
      } else if (!column.nullable) {
        throw new CodegenError(`${table.name}.${column.name}: making a column required needs a "default" for old rows`);
      }
      columns.push(`ALTER TABLE ${t} ALTER COLUMN ${c} ${column.nullable ? 'DROP' : 'SET'} NOT NULL;`);
    }
  }
  for (const name of oldColumns.keys()) {
    if (!options.allowDrop) {
      throw new CodegenError(
        `${table.name}.${name}: removing a column deletes its data; run codegen with --allow-drop, or declare a rename with "x-renamed-from": "<old property>" on the new property`,
      );
    }
    dropped.push(`ALTER TABLE ${t} DROP COLUMN ${q(name)};`);
  }
  return [...before, ...columns, ...dropped, ...after];
};
