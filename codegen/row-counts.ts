/**
 * Exact row counts per tenant and table, kept by triggers in the writing transaction (`DbTable.countRows`). A list
 * without filters reads its total as the sum of a table's counter rows for the tenant instead of counting the
 * tenant's rows, which grows with the table.
 *
 * Each statement adds its inserted rows (or subtracts its deleted rows) per tenant to one of `SLOTS` counter rows,
 * chosen by the server process, so concurrent writers on different connections rarely wait for the same counter
 * row; the total is the sum over the slots. The counters commit or roll back with the rows, so a reader's snapshot
 * sees counters and rows that agree. TRUNCATE clears the table's counters. Rows never change tenant.
 */

import { ROW_COUNTS_TABLE } from '../src/shared/row-counts.js';

export { ROW_COUNTS_TABLE };

const COUNT_FUNCTION = 'gatehouse_count_rows';
const SLOTS = 16;

const q = (name: string) => `"${name}"`;

/** The counter table (read-only for the tenant role, and only its tenant's rows) and the trigger function. */
export const rowCountsSql = (role: string | undefined) => [
  `CREATE TABLE ${ROW_COUNTS_TABLE} (
  table_name text NOT NULL,
  tenant_id varchar(21) NOT NULL,
  slot integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, table_name, slot)
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
  `CREATE FUNCTION ${COUNT_FUNCTION}() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${ROW_COUNTS_TABLE} WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO ${ROW_COUNTS_TABLE} AS c (table_name, tenant_id, slot, n)
      SELECT TG_TABLE_NAME, tenant_id, pg_backend_pid() % ${SLOTS}, count(*) FROM gatehouse_new_rows GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO ${ROW_COUNTS_TABLE} AS c (table_name, tenant_id, slot, n)
      SELECT TG_TABLE_NAME, tenant_id, pg_backend_pid() % ${SLOTS}, -count(*) FROM gatehouse_old_rows GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;`,
  `REVOKE ALL ON FUNCTION ${COUNT_FUNCTION}() FROM PUBLIC;`,
];

/** Starts counting a table: its triggers, and counters for the rows it already holds. */
export const countTriggersSql = (table: string) => [
  `CREATE TRIGGER ${q(`${table}__count_inserts`)} AFTER INSERT ON ${q(table)}
  REFERENCING NEW TABLE AS gatehouse_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}();`,
  `CREATE TRIGGER ${q(`${table}__count_deletes`)} AFTER DELETE ON ${q(table)}
  REFERENCING OLD TABLE AS gatehouse_old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}();`,
  `CREATE TRIGGER ${q(`${table}__count_truncates`)} AFTER TRUNCATE ON ${q(table)} FOR EACH STATEMENT EXECUTE FUNCTION ${COUNT_FUNCTION}();`,
  `INSERT INTO ${ROW_COUNTS_TABLE} (table_name, tenant_id, slot, n)
  SELECT '${table}', tenant_id, 0, count(*) FROM ${q(table)} GROUP BY tenant_id;`,
];

/** Stops counting a table. */
export const countTriggersOffSql = (table: string) => [
  ...['inserts', 'deletes', 'truncates'].map(
    (event) => `DROP TRIGGER ${q(`${table}__count_${event}`)} ON ${q(table)};`,
  ),
  `DELETE FROM ${ROW_COUNTS_TABLE} WHERE table_name = '${table}';`,
];
