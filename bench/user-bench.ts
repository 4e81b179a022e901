/**
 * HTTP benchmark of the users API and the audit log by user at scale (1,000,000 users, 10,000,000 log entries on
 * Postgres; 100,000 and 1,000,000 on PGlite), each request beside the same SQL run raw. See bench/README.md
 * ("Users at a million"). Results go to stdout only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '../src/server/db/connect.js';
import { DEFAULT_COUNT_THRESHOLD } from '../src/shared/list-counts.js';
import type { Run, Summary } from './load.js';
import { measure } from './measure.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { fixed, shellQuote, table } from './report.js';
import { log, onCleanup, print, runBenchmark, runCleanups, seconds } from './run.js';
import { medianOf, resultTable } from './tables.js';
import { benchUsage, parseUserOptions, type UserBenchOptions } from './user-options.js';
import { captureScenarios, loadRaw, statementCount } from './user-raw.js';
import {
  ESTIMATED_COUNT_LABEL,
  EXACT_COUNT_LABEL,
  MANY_TERM,
  type UserScenario,
  userScenarios,
} from './user-scenarios.js';
import { seedUsersAndLogs, userSeeds } from './user-seed.js';
import { measureDuringPasswordWrites, type WriteCheck } from './user-writes.js';

interface Sizes {
  users: number;
  logs: number;
  secondUsers: number;
}

interface Target {
  label: 'PGlite' | 'Postgres';
  sizes: Sizes;
  /** The database is seeded already (`--seeded`): it is measured as it is, without the password writes. */
  seeded?: boolean;
  prepare(): Promise<{ serveEnv: Record<string, string>; open: () => ReturnType<typeof connectDatabase> }>;
}

interface TargetResult {
  label: string;
  sizes: Sizes;
  http: Summary[];
  raw: Summary[];
  statements: number[];
  writes?: WriteCheck | undefined;
}

const rawSummaries = async (
  open: () => ReturnType<typeof connectDatabase>,
  scenarios: UserScenario[],
  options: UserBenchOptions,
) => {
  const db = await open();
  try {
    const captured = await captureScenarios(db, scenarios);
    const summaries: Summary[] = scenarios.map((s) => ({ scenario: s.label, detail: 'raw SQL', runs: [] }));
    for (const requests of captured)
      if (options.warmup > 0) await loadRaw(db, requests, options.warmup, options.connections);
    for (let round = 1; round <= options.runs; round++) {
      for (const [i, requests] of captured.entries()) {
        const run = await loadRaw(db, requests, options.duration, options.connections);
        summaries[i]?.runs.push(run);
        log(`[raw] run ${round} ${scenarios[i]?.label}: ${fixed(run.rps)} req/s, p50 ${fixed(run.p50, 2)} ms`);
      }
    }
    return { summaries, statements: captured.map(statementCount) };
  } finally {
    await db.close();
  }
};

const benchTarget = async (target: Target, options: UserBenchOptions): Promise<TargetResult> => {
  const { sizes } = target;
  print();
  print(
    `=== ${target.label}: ${sizes.users} users and ${sizes.logs} log entries, ${sizes.secondUsers} users in a second tenant ===`,
  );
  const prepared = await target.prepare();
  const db = await prepared.open();
  try {
    const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
    print(`Server: ${rows[0]?.version ?? 'unknown'}`);
    if (target.seeded) print('Measured as seeded before (--seeded)');
    else {
      const started = Date.now();
      await seedUsersAndLogs(db, userSeeds(sizes.users, sizes.logs, sizes.secondUsers), (m) =>
        log(`[${target.label}] ${m}`),
      );
      print(
        `Seeded in ${seconds(Date.now() - started)} (set-based, indexes built after the load, then VACUUM ANALYZE)`,
      );
    }
  } finally {
    await db.close();
  }
  const scenarios = userScenarios(sizes.users, sizes.logs);
  const http = await measure(target.label, 'seeded', prepared.serveEnv, scenarios, options);
  print();
  print(`Over HTTP on ${target.label} (median over ${options.runs} runs of ${options.duration} s):`);
  print(resultTable(http.summaries));
  const read = scenarios.find((s) => s.label === 'get by id') ?? (scenarios[0] as UserScenario);
  // Password writes add users, which a database kept between runs must not get.
  const writes = target.seeded
    ? undefined
    : await measureDuringPasswordWrites(prepared.serveEnv, read, options.duration, options.connections);
  const raw = await rawSummaries(prepared.open, scenarios, options);
  const result = {
    label: target.label,
    sizes,
    http: http.summaries,
    raw: raw.summaries,
    statements: raw.statements,
    writes,
  };
  print();
  print(comparison(result, scenarios));
  print();
  print(countsTable(result));
  print();
  print(writesLine(result));
  return result;
};

const m = (summaries: Summary[], label: string, key: keyof Run) => {
  const summary = summaries.find((s) => s.scenario === label);
  return summary ? medianOf(summary, key) : Number.NaN;
};

/** HTTP beside raw SQL per scenario, with the p50 goal; on PGlite also the p50 against Postgres's. */
const comparison = (result: TargetResult, scenarios: UserScenario[], postgres?: TargetResult) =>
  [
    `${result.label}, ${result.sizes.users} users / ${result.sizes.logs} logs: HTTP vs the same SQL raw (ratio = raw req/s / HTTP req/s; ` +
      'CPU µs/req: of the app process over HTTP, of the replaying process raw)',
    table(
      [
        'scenario',
        'stmts',
        'HTTP req/s',
        'HTTP p50 ms',
        'raw req/s',
        'raw p50 ms',
        'ratio',
        'app CPU µs/req',
        'raw CPU µs/req',
        'p50 goal',
        ...(postgres ? ['p50 vs Postgres'] : []),
      ],
      scenarios.map((s, i) => {
        const httpRps = m(result.http, s.label, 'rps');
        const rawRps = m(result.raw, s.label, 'rps');
        const p50 = m(result.http, s.label, 'p50');
        const goal = s.goalMs === undefined ? '' : `${p50 <= s.goalMs ? 'met' : 'missed'} (≤ ${s.goalMs})`;
        return [
          s.label,
          String(result.statements[i] ?? ''),
          fixed(httpRps),
          fixed(p50, 2),
          fixed(rawRps),
          fixed(m(result.raw, s.label, 'p50'), 2),
          `${fixed(rawRps / httpRps, 2)}x`,
          fixed(m(result.http, s.label, 'cpu'), 0),
          fixed(m(result.raw, s.label, 'cpu'), 0),
          goal,
          ...(postgres ? [`${fixed(p50 / m(postgres.http, s.label, 'p50'), 2)}x`] : []),
        ];
      }),
    ),
  ].join('\n');

/**
 * The frequent term's search with its exact total (the default) beside the same page with `Prefer: count=estimated`:
 * p50 and p95 over HTTP and raw, and the total each answered.
 */
const countsTable = (result: TargetResult) => {
  const row = (label: string, count: string) => {
    const summary = result.http.find((s) => s.scenario === label);
    return [
      count,
      fixed(m(result.http, label, 'p50'), 2),
      fixed(m(result.http, label, 'p95'), 2),
      fixed(m(result.raw, label, 'p50'), 2),
      fixed(m(result.raw, label, 'p95'), 2),
      summary?.detail ?? '',
    ];
  };
  return [
    `${result.label}, ${result.sizes.users} users: search %${MANY_TERM}% page 1, exact total vs Prefer: count=estimated ` +
      `(threshold ${process.env.COUNT_ESTIMATE_THRESHOLD || DEFAULT_COUNT_THRESHOLD})`,
    table(
      ['count', 'HTTP p50 ms', 'HTTP p95 ms', 'raw p50 ms', 'raw p95 ms', 'response'],
      [row(EXACT_COUNT_LABEL, 'exact (default)'), row(ESTIMATED_COUNT_LABEL, 'estimated')],
    ),
  ].join('\n');
};

const writesLine = ({ label, writes }: TargetResult) =>
  !writes
    ? `${label}: no password writes (--seeded)`
    : `${label}: get by id p50 ${fixed(writes.alone.p50, 2)} ms (p99 ${fixed(writes.alone.p99, 2)}) alone, ` +
      `${fixed(writes.during.p50, 2)} ms (p99 ${fixed(writes.during.p99, 2)}) while 4 clients created ${writes.created} users ` +
      `with passwords (${fixed(writes.createRate)} per second)`;

const targetsOf = (options: UserBenchOptions): Target[] => {
  const targets: Target[] = [];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    targets.push({
      label: 'Postgres',
      sizes: { users: options.users, logs: options.logs, secondUsers: options.secondUsers },
      seeded: options.seeded,
      prepare: async () => {
        if (options.seeded) {
          return {
            serveEnv: { BENCH_SERVE_DATABASE_URL: serverUrl },
            open: () => connectDatabase({ databaseUrl: serverUrl }),
          };
        }
        const temporary = await createTemporaryDatabase(serverUrl);
        onCleanup(temporary.drop);
        print(`Created database ${temporary.name} (dropped at the end)`);
        return {
          serveEnv: { BENCH_SERVE_DATABASE_URL: temporary.url },
          open: () => connectDatabase({ databaseUrl: temporary.url }),
        };
      },
    });
  }
  if (!options.skipPglite) {
    targets.push({
      label: 'PGlite',
      sizes: { users: options.pgliteUsers, logs: options.pgliteLogs, secondUsers: options.pgliteSecondUsers },
      prepare: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-user-bench-'));
        onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
        return { serveEnv: { BENCH_SERVE_DATA_DIR: dataDir }, open: () => connectDatabase({ dataDir }) };
      },
    });
  }
  return targets;
};

const main = async () => {
  const options = parseUserOptions(process.argv.slice(2), benchUsage);
  if (options === 'help') return print(benchUsage);
  const begun = Date.now();
  const args = process.argv.slice(2).map(shellQuote).join(' ');
  const url = process.env.DATABASE_URL ? `DATABASE_URL=${shellQuote(redactUrl(process.env.DATABASE_URL))} ` : '';
  const command = `${url}npm run bench:users${args ? ` -- ${args}` : ''}`;
  const cpuList = cpus();
  print('Gatehouse users benchmark');
  print(`Command: ${command}`);
  print(
    `${options.connections} connections; ${options.warmup} s warm-up; ${options.runs} runs × ${options.duration} s per scenario; ` +
      `${cpuList.length} × ${cpuList[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}`,
  );
  const targets = targetsOf(options);
  if (targets.length === 0) throw new Error('Nothing to measure: --no-pglite needs DATABASE_URL');
  if (options.seeded && !process.env.DATABASE_URL) throw new Error('--seeded needs DATABASE_URL');
  const results: TargetResult[] = [];
  for (const target of targets) {
    results.push(await benchTarget(target, options));
    await runCleanups();
  }
  const postgres = results.find((r) => r.label === 'Postgres');
  print();
  print('=== Summary ===');
  print(`Command: ${command}`);
  for (const result of results) {
    print();
    print(
      comparison(
        result,
        userScenarios(result.sizes.users, result.sizes.logs),
        result === postgres ? undefined : postgres,
      ),
    );
    print(countsTable(result));
    print(writesLine(result));
  }
  if (!postgres) print('\nPostgres: skipped (DATABASE_URL is not set).');
  print();
  print(`Total time: ${seconds(Date.now() - begun)}`);
};

await runBenchmark(main);
