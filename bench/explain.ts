import { Repository } from '../src/server/crud/repository.js';
import type { Database, Queryable } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/server/tenants.js';
import { roleModel } from './seed.js';

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements `Repository.list` sends for a query, captured (and run) through a recording wrapper. */
const captureList = async (db: Database, query: Parameters<Repository['list']>[2]): Promise<Statement[]> => {
  const statements: Statement[] = [];
  const recorder: Queryable = {
    query: (sql, params = []) => {
      statements.push({ sql, params });
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  await new Repository(roleModel()).list(recorder, { tenantId: DEFAULT_TENANT_ID }, query);
  return statements;
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

/**
 * Prints EXPLAIN ANALYZE of the exact statements the API runs for the search scenario (the page and the count), says
 * whether a trigram index appears in each plan and, when none does, also shows the plan with sequential and plain
 * index scans disabled, so the trigram index's estimated cost and actual time can be set against the chosen plan.
 */
export const explainSearch = async (db: Database, label: string, search: string, pageSize: number): Promise<string> => {
  const table = roleModel().table;
  const { rows: indexRows } = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexdef ILIKE '%gin_trgm_ops%' ORDER BY indexname`,
    [table],
  );
  const trigramIndexes = indexRows.map((row) => row.indexname);
  const statements = await captureList(db, { page: { page: 1, pageSize }, search });
  await captureList(db, { page: { page: 1, pageSize }, search }); // once more, so the plans below run warm

  const out: string[] = [];
  out.push(`EXPLAIN (ANALYZE, BUFFERS) of the search scenario on ${label}`);
  out.push(`  search pattern: ${search}; trigram indexes on ${table}: ${trigramIndexes.join(', ') || '(none)'}`);
  for (const [i, statement] of statements.entries()) {
    const kind = /^SELECT count\(/.test(statement.sql) ? 'count query' : 'page query';
    out.push('');
    out.push(`  [${i + 1}] ${kind}: ${statement.sql}`);
    out.push(`      params: ${JSON.stringify(statement.params)}`);
    const plan = await planOf(db, statement);
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
        return planOf(tx, statement);
      });
      out.push(
        '  Same statement with enable_seqscan and enable_indexscan off, for comparison only (the API never does this):',
      );
      out.push(indent(forced));
      out.push(`  -> chosen plan: ${gist(plan)}; trigram (bitmap) plan: ${gist(forced)}`);
    }
  }
  return out.join('\n');
};
