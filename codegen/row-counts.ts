/**
 * Exact row counts per tenant and table, kept by triggers in the writing transaction (`DbTable.countRows`). A list
 * without filters reads its total as the sum of a table's counter rows for the tenant instead of counting the
 * tenant's rows, which grows with the table.
 *
 * Each statement adds its inserted rows (or subtracts its deleted rows) per tenant to one of `SLOTS` counter rows,
 * chosen by the server process, so concurrent writers on different connections rarely wait for the same counter
 * row; the total is the sum over the slots. The counters commit or roll back with the rows, so a reader's snapshot
 * sees counters and rows that agree. TRUNCATE clears the table's counters. Rows never change tenant.
 *
 * A table with `countBy` columns (list filters with a few known values) is counted per combination of their values,
 * the counter row's `grp` (`{"type": "User"}`), which its triggers receive as arguments; an update that changes one
 * of them moves the rows from one group to another. Other tables have the one group `{}`.
 */

import { ROW_COUNTS_TABLE } from '../src/shared/row-counts.js';

export { ROW_COUNTS_TABLE };

const COUNT_FUNCTION = 'gatehouse_count_rows';
const SLOTS = 16;

const q = (name: string) => `"${name}"`;

/** The group of a transition table's row `r`: the values of the trigger's columns (its arguments). */
const GROUP = `coalesce((SELECT jsonb_object_agg(k, to_jsonb(r) -> k) FROM unnest(TG_ARGV) k), '{}')`;

/** Adds `sign` times the rows of a transition table to their tenant's and group's counters. */
const addRowsSql = (rows: string, sign: string) =>
  `INSERT INTO ${ROW_COUNTS_TABLE} AS c (table_name, tenant_id, grp, slot, n)
      SELECT TG_TABLE_NAME, tenant_id, grp, pg_backend_pid() % ${SLOTS}, ${sign}count(*)
      FROM (SELECT tenant_id, ${GROUP} AS grp FROM ${rows} r) changed GROUP BY tenant_id, grp
      ON CONFLICT (tenant_id, table_name, grp, slot) DO UPDATE SET n = c.n + excluded.n;`;

/** The trigger function (one for every counted table; see the file's comment). */
const countFunctionSql = () => `CREATE OR REPLACE FUNCTION ${COUNT_FUNCTION}() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${ROW_COUNTS_TABLE} WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    ${addRowsSql('gatehouse_new_rows', '')}
  ELSIF TG_OP = 'DELETE' THEN
    ${addRowsSql('gatehouse_old_rows', '-')}
  ELSE
    -- An update moves rows between groups when it changes a counted column; only changed groups are written.
    INSERT INTO ${ROW_COUNTS_TABLE} AS c (table_name, tenant_id, grp, slot, n)
      SELECT TG_TABLE_NAME, tenant_id, grp, pg_backend_pid() % ${SLOTS}, sum(d) FROM (
        SELECT tenant_id, ${GROUP} AS grp, 1 AS d FROM gatehouse_new_rows r
        UNION ALL
        SELECT tenant_id, ${GROUP} AS grp, -1 AS d FROM gatehouse_old_rows r
      ) moved GROUP BY tenant_id, grp HAVING sum(d) <> 0
      ON CONFLICT (tenant_id, table_name, grp, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;`;

/** The counter table (read-only for the tenant role, and only its tenant's rows) and the trigger function. */
export const rowCountsSql = (role: string | undefined) => [
  `CREATE TABLE ${ROW_COUNTS_TABLE} (
  table_name text NOT NULL,
  tenant_id varchar(21) NOT NULL,
  grp jsonb NOT NULL DEFAULT '{}',
  slot integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, table_name, grp, slot)
);`,
  ...(role
    ? [
        `ALTER TABLE ${ROW_COUNTS_TABLE} ENABLE ROW LEVEL SECURITY;`,
        `GRANT SELECT ON ${ROW_COUNTS_TABLE} TO ${role};`,
        `CREATE POLICY ${q(`${ROW_COUNTS_TABLE}__tenant_access`)} ON ${ROW_COUNTS_TABLE} AS PERMISSIVE FOR SELECT TO ${role} USING (true);`,
        `CREATE POLICY ${q(`${ROW_COUNTS_TABLE}__tenant_isolation`)} ON ${ROW_COUNTS_TABLE} AS RESTRICTIVE FOR SELECT TO ${role}
  USING (tenant_id = current_setting('gatehouse.tenant_id', true));`,
      ]
    : []),
  countFunctionSql(),
  `REVOKE ALL ON FUNCTION ${COUNT_FUNCTION}() FROM PUBLIC;`,
];

/** Turns a counter table without groups (every row one count per tenant) into one with groups, all `{}`. */
export const rowCountGroupsSql = () => [
  `ALTER TABLE ${ROW_COUNTS_TABLE} ADD COLUMN grp jsonb NOT NULL DEFAULT '{}';`,
  `ALTER TABLE ${ROW_COUNTS_TABLE} DROP CONSTRAINT ${ROW_COUNTS_TABLE}_pkey, ADD PRIMARY KEY (tenant_id, table_name, grp, slot);`,
  countFunctionSql(),
];

const args = (countBy: string[]) => countBy.map((column) => `'${column}'`).join(', ');

/** Starts counting a table: its triggers, and counters for the rows it already holds. */
export const countTriggersSql = (table: string, countBy: string[] = []) => [
  `CREATE TRIGGER ${q(`${table}__count_inserts`)} AFTER INSERT ON ${q(table)}
  REFERENCING NEW TABLE AS gatehouse_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}(${args(countBy)});`,
  `CREATE TRIGGER ${q(`${table}__count_deletes`)} AFTER DELETE ON ${q(table)}
  REFERENCING OLD TABLE AS gatehouse_old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}(${args(countBy)});`,
  ...(countBy.length > 0
    ? [
        `CREATE TRIGGER ${q(`${table}__count_updates`)} AFTER UPDATE ON ${q(table)}
  REFERENCING OLD TABLE AS gatehouse_old_rows NEW TABLE AS gatehouse_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}(${args(countBy)});`,
      ]
    : []),
  `CREATE TRIGGER ${q(`${table}__count_truncates`)} AFTER TRUNCATE ON ${q(table)} FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}();`,
  `INSERT INTO ${ROW_COUNTS_TABLE} (table_name, tenant_id, grp, slot, n)
  SELECT '${table}', tenant_id, ${countBy.length > 0 ? `jsonb_build_object(${countBy.map((c) => `'${c}', ${q(c)}`).join(', ')})` : `'{}'::jsonb`}, 0, count(*)
  FROM ${q(table)} GROUP BY 1, 2, 3;`,
];

/** Stops counting a table. */
export const countTriggersOffSql = (table: string, countBy: string[] = []) => [
  ...['inserts', 'deletes', ...(countBy.length > 0 ? ['updates'] : []), 'truncates'].map(
    (event) => `DROP TRIGGER ${q(`${table}__count_${event}`)} ON ${q(table)};`,
  ),
  `DELETE FROM ${ROW_COUNTS_TABLE} WHERE table_name = '${table}';`,
];
