import type { NameLookupModel } from '../../shared/entity-kinds.js';
import type { Queryable } from '../db/database.js';
import type { Entity } from './repository.js';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const nameColumn = (index: number) => `__name_${index}`;

/** The first filled name column of the named item (`''` counts as empty). */
const nameOf = (lookup: NameLookupModel, alias: string) =>
  `coalesce(${lookup.fromColumns.map((column) => `nullif(${alias}.${q(column)}, '')`).join(', ')})`;

/**
 * A page's statement that also answers each lookup's name: the page is read as before (its plan untouched), and
 * each of its rows looks its items up by primary key, in the same statement and snapshot. `tenantParam` is the
 * statement's parameter holding the tenant (`$1`); the rows stay newest first.
 */
export const withNames = (lookups: NameLookupModel[], page: string, tenantParam: string): string => {
  if (lookups.length === 0) return page;
  const names = lookups.map(
    (lookup, i) =>
      `(SELECT ${nameOf(lookup, 'named')} FROM ${q(lookup.table)} named
        WHERE named.tenant_id = ${tenantParam} AND named.id = page.${q(lookup.column)}) AS ${q(nameColumn(i))}`,
  );
  return `SELECT page.*, ${names.join(', ')} FROM (${page}) page ORDER BY page.created_at DESC, page.id DESC`;
};

/** The entry as read, with the names its row found (a lookup whose item does not exist adds nothing). */
export const namedEntry = (lookups: NameLookupModel[], row: Record<string, unknown>, entry: Entity): Entity => {
  lookups.forEach((lookup, i) => {
    const name = row[nameColumn(i)];
    if (typeof name === 'string') entry[lookup.as] = name;
  });
  return entry;
};

/** Per lookup that may name the console's own items, the ids of the entries that found no name in the tenant. */
export const unnamedIds = (lookups: NameLookupModel[], entries: Entity[]): Map<NameLookupModel, string[]> => {
  const unnamed = new Map<NameLookupModel, string[]>();
  for (const lookup of lookups) {
    if (!lookup.consoleTenant) continue;
    const ids = new Set<string>();
    for (const entry of entries) {
      const id = entry[lookup.field];
      if (typeof id === 'string' && id && entry[lookup.as] === undefined) ids.add(id);
    }
    if (ids.size > 0) unnamed.set(lookup, [...ids]);
  }
  return unnamed;
};

/**
 * Names the entries' remaining ids from another tenant's items (the console's own users and applications), all the
 * lookups of a page in one statement, by primary key.
 */
export const nameFrom = async (
  db: Queryable,
  tenantId: string,
  unnamed: Map<NameLookupModel, string[]>,
  entries: Entity[],
): Promise<void> => {
  const lookups = [...unnamed.keys()];
  if (lookups.length === 0) return;
  const params: unknown[] = [tenantId];
  const selects = lookups.map((lookup, i) => {
    params.push(unnamed.get(lookup));
    return `SELECT ${i} AS lookup, named.id, ${nameOf(lookup, 'named')} AS name FROM ${q(lookup.table)} named
      WHERE named.tenant_id = $1 AND named.id = ANY($${params.length})`;
  });
  const { rows } = await db.query<{ lookup: number; id: string; name: string | null }>(
    selects.join(' UNION ALL '),
    params,
  );
  for (const [i, lookup] of lookups.entries()) {
    const names = new Map(rows.filter((row) => Number(row.lookup) === i && row.name).map((row) => [row.id, row.name]));
    for (const entry of entries) {
      const name = names.get(String(entry[lookup.field]));
      if (entry[lookup.as] === undefined && name) entry[lookup.as] = name;
    }
  }
};
