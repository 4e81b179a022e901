/** EXPLAIN (ANALYZE, BUFFERS) of the exact statements the log routes send, captured from `LogRepository`. */
import { type LogCursor, type LogQuery, LogRepository } from '../src/server/crud/log-repository.js';
import type { Entity } from '../src/server/crud/repository.js';
import type { Database, Queryable } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { recording, type Statement } from './explain.js';
import { hookLogModel } from './log-seed.js';

/** What one scenario asks the repository for: a keyset page after `cursor`, or a numbered page with its total. */
export type LogCall =
  | { mode: 'keyset'; query: LogQuery; cursor?: LogCursor }
  | { mode: 'page'; query: LogQuery; capped: boolean };

const run = (logs: LogRepository, tx: Queryable, call: LogCall, pageSize: number) =>
  call.mode === 'keyset'
    ? logs.keyset(tx, DEFAULT_TENANT_ID, call.query, call.cursor, pageSize)
    : logs.page(tx, DEFAULT_TENANT_ID, call.query, { page: 1, pageSize }, call.capped);

const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');

/**
 * The statements of one call, explained inside the default tenant's transaction as the tenant database role (row
 * level security on, as for the API), after running them once so that the plans run warm.
 */
export const explainLog = async (db: Database, label: string, scenario: string, call: LogCall, pageSize: number) => {
  const logs = new LogRepository(hookLogModel(), (row) => row as Entity);
  const plans = await db.withTenant(DEFAULT_TENANT_ID, async (tx) => {
    const statements: Statement[] = [];
    await run(logs, recording(tx, statements), call, pageSize);
    await run(logs, tx, call, pageSize);
    const explained: { statement: Statement; plan: string[] }[] = [];
    for (const statement of statements) {
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
        statement.params,
      );
      explained.push({ statement, plan: rows.map((row) => Object.values(row)[0] ?? '') });
    }
    return explained;
  });
  return [
    `EXPLAIN (ANALYZE, BUFFERS) of the ${scenario} scenario on ${label}`,
    ...plans.flatMap(({ statement, plan }, i) => [
      '',
      `  [${i + 1}] API statement, in the tenant's transaction: ${statement.sql.replace(/\s+/g, ' ')}`,
      `      params: ${JSON.stringify(statement.params)}`,
      indent(plan),
    ]),
  ].join('\n');
};
