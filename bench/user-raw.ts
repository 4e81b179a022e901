/**
 * The same SQL as a request, run raw: the statements a request sends are captured once through an in-process app
 * (`inject`, no socket) over a recording database, then replayed on the database directly, each replay in the same
 * kind of transaction (`withTenant` when the request used it), from as many concurrent workers as the HTTP load has
 * connections. The ratio of the two throughputs is what the HTTP layer and the app add to the database's work.
 */
import { buildApp } from '../src/server/app.js';
import { readConfig } from '../src/server/config.js';
import type { Database, Queryable } from '../src/server/db/database.js';
import { recording, type Statement } from './explain.js';
import type { Run, Scenario } from './load.js';

/** One transaction of a request (in a tenant's, or none; a tenant's read) and the statements sent in it. */
export interface Unit {
  tenantId?: string;
  read?: boolean;
  statements: Statement[];
}

/** A database that records every statement, grouped by the transaction it ran in. */
export const recordingDatabase = (db: Database, units: Unit[]): Database => {
  const top = (): Statement[] => {
    const unit: Unit = { statements: [] };
    units.push(unit);
    return unit.statements;
  };
  return {
    kind: db.kind,
    query: (sql, params) => recording(db, top()).query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (work, prelude) => db.transaction((tx) => work(recording(tx, top())), prelude),
    withTenant: (tenantId, work) =>
      db.withTenant(tenantId, (tx) => {
        const unit: Unit = { tenantId, statements: [] };
        units.push(unit);
        return work(recording(tx, unit.statements));
      }),
    read: (tenantId, work) =>
      db.read(tenantId, (tx) => {
        const unit: Unit = { tenantId, read: true, statements: [] };
        units.push(unit);
        return work(recording(tx, unit.statements));
      }),
    exclusive: (work) => db.exclusive(work),
    close: () => db.close(),
  };
};

/** The statements each scenario's requests send (one capture per distinct request), in order. */
export const captureScenarios = async (db: Database, scenarios: Scenario[]): Promise<Unit[][][]> => {
  const units: Unit[] = [];
  // The threshold of `Prefer: count=estimated` as the served app reads it, so the replay sends the same statements.
  const app = await buildApp({ db: recordingDatabase(db, units), countThreshold: readConfig().countThreshold });
  try {
    await app.ready();
    const captured: Unit[][][] = [];
    for (const scenario of scenarios) {
      const perRequest: Unit[][] = [];
      for (const request of scenario.requests) {
        units.length = 0;
        const response = await app.inject({
          method: request.method,
          url: request.path,
          headers: request.headers ?? {},
        });
        if (response.statusCode !== 200)
          throw new Error(`${scenario.label}: ${request.path} answered ${response.statusCode}`);
        perRequest.push(units.splice(0));
      }
      captured.push(perRequest);
    }
    return captured;
  } finally {
    await app.close();
  }
};

const replay = async (db: Database, units: Unit[]) => {
  for (const unit of units) {
    const run = async (tx: Queryable) => {
      for (const statement of unit.statements) await tx.query(statement.sql, statement.params);
    };
    if (!unit.tenantId) await run(db);
    else await (unit.read ? db.read(unit.tenantId, run) : db.withTenant(unit.tenantId, run));
  }
};

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0);

/** Replays the requests' statements round-robin from `connections` workers for `duration` seconds. */
export const loadRaw = async (
  db: Database,
  requests: Unit[][],
  duration: number,
  connections: number,
): Promise<Run> => {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const end = started + duration * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const units = requests[next++ % requests.length] ?? [];
      const at = performance.now();
      await replay(db, units);
      times.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    rps: times.length / elapsed,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    total: times.length,
    bad: 0,
    // This process runs nothing else meanwhile: its CPU is the replay's (the driver's and the protocol's).
    cpu: (cpu.user + cpu.system) / times.length,
  };
};

/** How many statements one request of a capture sends, for the report. */
export const statementCount = (requests: Unit[][]) =>
  requests[0]?.reduce((n, unit) => n + unit.statements.length, 0) ?? 0;
