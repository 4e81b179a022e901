import { Repository } from '../src/server/crud/repository.js';
import type { Database, Queryable } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { roleModel } from './seed.js';

/** One statement a repository call sent, with its parameters. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A connection that runs every statement on `tx` and records it (with its parameters) into `statements`. */
export const recording = (tx: Queryable, statements: Statement[]): Queryable => ({
  query: (sql, params = []) => {
    statements.push({ sql, params });
    return tx.query(sql, params);
  },
  exec: (sql) => tx.exec(sql),
});

/**
 * The statements `Repository.list` sends for a query, captured (and run) through a recording wrapper inside the
 * tenant's transaction, as the API runs them (row-level security on).
 */
const captureList = async (tx: Queryable, query: Parameters<Repository['list']>[2]): Promise<Statement[]> => {
  const statements: Statement[] = [];
  await new Repository(roleModel()).list(recording(tx, statements), { tenantId: DEFAULT_TENANT_ID }, query);
  return statements;
};

/**
 * The query inside the table's generated search function (`<table>__search`): it runs as the table owner, so a plan
 * of the calling statement shows only the function call. Read from the function as stored in the database (it runs
 * it through `EXECUTE … USING` the tenant and the pattern) and explained on its own with those two parameters.
 */
const searchFunctionBody = async (db: Queryable, search: string): Promise<Statement> => {
  const { rows } = await db.query<{ source: string }>(`SELECT prosrc AS source FROM pg_proc WHERE proname = $1`, [
    `${roleModel().table}__search`,
  ]);
  const sql = /EXECUTE '((?:[^']|'')*)'/.exec(rows[0]?.source ?? '')?.[1]?.replaceAll("''", "'");
  if (!sql) throw new Error('The search function runs no EXECUTE');
  return { sql, params: [DEFAULT_TENANT_ID, search] };
};

const planOf = async (db: Queryable, statement: Statement) => {
  const { rows } = await db.query<Record<string, string>>(
    `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
    statement.params,
  );
  return rows.map((row) => Object.values(row)[0] ?? '');
};

/** "total cost C, executed in T ms" from a plan's first and last lines. */
const gist = (plan: string[]) => {
  const cost = /cost=[\d.]+\.\.([\d.]+)/.exec(plan[0] ?? '')?.[1] ?? '?';
  const time = plan.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean) ?? '?';
  return `estimated total cost ${cost}, executed in ${time} ms`;
};

const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');

/** EXPLAIN ANALYZE of the exact statements the API runs for one list, in the tenant's transaction. */
const explainStatements = async (db: Database, query: Parameters<Repository['list']>[2]) =>
  db.withTenant(DEFAULT_TENANT_ID, async (tx) => {
    const captured = await captureList(tx, query);
    await captureList(tx, query); // once more, so the plans below run warm
    const explained: string[][] = [];
    for (const statement of captured) explained.push(await planOf(tx, statement));
    return { statements: captured, plans: explained };
  });

const statementLines = (statements: Statement[], plans: string[][]) =>
  statements.flatMap((statement, i) => [
    '',
    `  [${i + 1}] API statement, in the tenant's transaction: ${statement.sql}`,
    `      params: ${JSON.stringify(statement.params)}`,
    indent(plans[i] ?? []),
  ]);

/** Prints EXPLAIN ANALYZE of the exact statements the API runs for a filtered list (`filters`: field → values). */
export const explainList = async (
  db: Database,
  label: string,
  scenario: string,
  filters: Record<string, string[]>,
  pageSize: number,
): Promise<string> => {
  const { statements, plans } = await explainStatements(db, { page: { page: 1, pageSize }, filters });
  return [
    `EXPLAIN (ANALYZE, BUFFERS) of the ${scenario} scenario on ${label}`,
    ...statementLines(statements, plans),
  ].join('\n');
};

/**
 * Prints EXPLAIN ANALYZE of the exact statements the API runs for the search scenario (in the tenant's transaction)
 * and of the search function's own query, says whether a trigram index appears in that query's plan and, when none
 * does, also shows its plan with sequential and plain index scans disabled, so the trigram index's estimated cost
 * and actual time can be set against the chosen plan.
 */
export const explainSearch = async (db: Database, label: string, search: string, pageSize: number): Promise<string> => {
  const table = roleModel().table;
  const { rows: indexRows } = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexdef ILIKE '%gin_trgm_ops%' ORDER BY indexname`,
    [table],
  );
  const trigramIndexes = indexRows.map((row) => row.indexname);
  const { statements, plans } = await explainStatements(db, { page: { page: 1, pageSize }, search });

  const out: string[] = [];
  out.push(`EXPLAIN (ANALYZE, BUFFERS) of the search scenario on ${label}`);
  out.push(`  search pattern: ${search}; trigram indexes on ${table}: ${trigramIndexes.join(', ') || '(none)'}`);
  out.push(...statementLines(statements, plans));

  const body = await searchFunctionBody(db, search);
  const plan = await planOf(db, body);
  out.push('');
  out.push(`  [${statements.length + 1}] inside ${table}__search, as the table owner: ${body.sql}`);
  out.push(`      params: ${JSON.stringify(body.params)}`);
  out.push(indent(plan));
  const used = trigramIndexes.filter((name) => plan.some((line) => line.includes(name)));
  out.push(
    used.length > 0
      ? `  -> trigram index used: yes (${used.join(', ')})`
      : '  -> trigram index used: no (the planner preferred another plan; the forced plan below shows the index path)',
  );
  if (used.length === 0 && trigramIndexes.length > 0) {
    const forced = await db.transaction(async (tx) => {
      // A GIN index is only read through a bitmap scan: rule out the other two access paths.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_indexscan = off');
      return planOf(tx, body);
    });
    out.push(
      '  Same query with enable_seqscan and enable_indexscan off, for comparison only (the API never does this):',
    );
    out.push(indent(forced));
    out.push(`  -> chosen plan: ${gist(plan)}; trigram (bitmap) plan: ${gist(forced)}`);
  }
  return out.join('\n');
};
