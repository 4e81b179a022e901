/**
 * HTTP benchmark of a log entity at volume (hook logs, `GET /api/hooks/{hookId}/recent-logs`) over PGlite and, when
 * DATABASE_URL is set, a Postgres server. See bench/README.md ("Logs at volume"). Results go to stdout only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { encodeCursor, type LogQuery } from '../src/server/crud/log-repository.js';
import { connectDatabase } from '../src/server/db/connect.js';
import type { Scenario } from './load.js';
import { explainLog, type LogCall } from './log-explain.js';
import { type LogBenchOptions, parseLogOptions, usage } from './log-options.js';
import {
  BENCH_HOOK_ID,
  createHooks,
  daysBefore,
  type LogLayout,
  logId,
  logInstant,
  logLayout,
  SPAN_DAYS,
  seedHookLogs,
} from './log-seed.js';
import { measure } from './measure.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { shellQuote } from './report.js';
import { log, onCleanup, print, runBenchmark, runCleanups, seconds } from './run.js';
import { comparisonTable, resultTable, type TargetResult } from './tables.js';

const PAGE_SIZE = 20;
const DEEP_PAGES = 1000;
const PREFIX = 'TriggerHook.User.';
/** A prefix no entry has: the page must find that out without walking the entries. */
const NO_PREFIX = 'TriggerHook.Organization.';
const GET_IDS = 100;

interface LogScenario extends Scenario {
  /** The repository call the route makes, for the EXPLAIN block; absent when it is not explained. */
  call?: LogCall;
}

const base = `/api/hooks/${BENCH_HOOK_ID}/recent-logs`;
const get = (query: string) => [{ method: 'GET' as const, path: `${base}?${query}` }];
const createdAt = (range: Omit<LogQuery['ranges'][number], 'field'>): LogQuery => ({
  parentId: BENCH_HOOK_ID,
  ranges: [{ field: 'createdAt', ...range }],
  prefixes: [],
  values: [],
});

/** The list scenarios, measured on the empty and the seeded table alike (same requests, same cursor). */
const listScenarios = (layout: LogLayout): LogScenario[] => {
  const all = daysBefore(layout, SPAN_DAYS + 1);
  const day = { after: daysBefore(layout, 11), before: daysBefore(layout, 10) };
  const deepRow = DEEP_PAGES * PAGE_SIZE - 1;
  const deep = { at: logInstant(layout, deepRow), id: logId(deepRow) };
  return [
    {
      label: 'keyset first page',
      requests: get(`cursor=&page_size=${PAGE_SIZE}&start_time=${all}`),
      call: { mode: 'keyset', query: createdAt({ after: all }) },
    },
    {
      label: `keyset page ${DEEP_PAGES} deep`,
      requests: get(`cursor=${encodeCursor(deep)}&page_size=${PAGE_SIZE}&start_time=${all}`),
      call: { mode: 'keyset', query: createdAt({ after: all }), cursor: deep },
    },
    {
      label: 'keyset prefix',
      requests: get(`cursor=&page_size=${PAGE_SIZE}&start_time=${all}&logKeyPrefix=${encodeURIComponent(PREFIX)}`),
      call: {
        mode: 'keyset',
        query: { ...createdAt({ after: all }), prefixes: [{ field: 'key', value: PREFIX }] },
      },
    },
    {
      label: 'keyset prefix, no match',
      requests: get(`cursor=&page_size=${PAGE_SIZE}&start_time=${all}&logKeyPrefix=${encodeURIComponent(NO_PREFIX)}`),
      call: {
        mode: 'keyset',
        query: { ...createdAt({ after: all }), prefixes: [{ field: 'key', value: NO_PREFIX }] },
      },
    },
    {
      label: 'keyset one day',
      requests: get(`cursor=&page_size=${PAGE_SIZE}&start_time=${day.after}&end_time=${day.before}`),
    },
    {
      label: 'page=1, exact total, 24 h',
      requests: get(`page=1&page_size=${PAGE_SIZE}`),
      call: { mode: 'page', query: createdAt({ sinceHours: 24 }), capped: false },
    },
    {
      label: 'page=1, enableCap, 30 days',
      requests: get(`page=1&page_size=${PAGE_SIZE}&enableCap=true&start_time=${all}`),
      call: { mode: 'page', query: createdAt({ after: all }), capped: true },
    },
  ];
};

const seededScenarios = (layout: LogLayout): LogScenario[] => {
  const step = Math.max(1, Math.floor(layout.count / GET_IDS));
  const ids = Array.from({ length: GET_IDS }, (_, k) => logId(Math.min(layout.count - 1, k * step)));
  return [
    ...listScenarios(layout),
    { label: 'get by id', requests: ids.map((id) => ({ method: 'GET' as const, path: `${base}/${id}` })) },
  ];
};

interface Target {
  label: 'PGlite' | 'Postgres';
  description: string;
  logs: number;
  prepare(): Promise<{ serveEnv: Record<string, string>; open: () => ReturnType<typeof connectDatabase> }>;
}

const benchTarget = async (target: Target, options: LogBenchOptions): Promise<TargetResult> => {
  print();
  print(`=== ${target.label}: ${target.description}, ${target.logs} logs per hook ===`);
  const prepared = await target.prepare();
  const layout = logLayout(target.logs, Date.now());
  let started = Date.now();
  let db = await prepared.open();
  try {
    print(`Opened and migrated in ${seconds(Date.now() - started)}`);
    const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
    print(`Server: ${rows[0]?.version ?? 'unknown'}`);
    await createHooks(db);
  } finally {
    await db.close();
  }
  const runs = `median over ${options.runs} run${options.runs === 1 ? '' : 's'} of ${options.duration} s each`;

  const empty = await measure(target.label, 'empty', prepared.serveEnv, listScenarios(layout), options);
  print();
  print(`Results on ${target.label}, empty table (${runs}, measured in ${seconds(empty.elapsed)}):`);
  print(resultTable(empty.summaries));

  db = await prepared.open();
  try {
    log(`[${target.label}] seeding ${target.logs} hook logs into each of two tenants`);
    started = Date.now();
    await seedHookLogs(db, layout);
    print();
    print(
      `Seeded ${target.logs} hook logs into each of two tenants in ${seconds(Date.now() - started)} (one transaction, then VACUUM ANALYZE)`,
    );
    for (const scenario of seededScenarios(layout)) {
      if (!scenario.call) continue;
      print();
      print(await explainLog(db, target.label, scenario.label, scenario.call, PAGE_SIZE));
    }
  } finally {
    await db.close();
  }

  const seeded = await measure(target.label, 'seeded', prepared.serveEnv, seededScenarios(layout), options);
  print();
  print(`Results on ${target.label}, ${target.logs} logs (${runs}, measured in ${seconds(seeded.elapsed)}):`);
  print(resultTable(seeded.summaries));
  print();
  const result = { empty: empty.summaries, seeded: seeded.summaries };
  print(comparisonTable(target.label, result, target.logs, 'hook logs'));
  return result;
};

const commandLine = () => {
  const args = process.argv.slice(2).map(shellQuote);
  const env = ['BENCH_LOGS', 'DATABASE_URL']
    .filter((name) => process.env[name])
    .map((name) => {
      const value = process.env[name] ?? '';
      return `${name}=${shellQuote(name === 'DATABASE_URL' ? redactUrl(value) : value)}`;
    });
  const script = relative(process.cwd(), process.argv[1] ?? 'bench/log-bench.ts');
  const node = [...env, 'node', ...process.execArgv.map(shellQuote), script, ...args].join(' ');
  if (process.env.npm_lifecycle_event !== 'bench:logs') return { command: node, node };
  return { command: [...env, 'npm run bench:logs', ...(args.length > 0 ? ['--', ...args] : [])].join(' '), node };
};

const targetsOf = (options: LogBenchOptions): Target[] => {
  const targets: Target[] = [];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    targets.push({
      label: 'Postgres',
      description: `temporary database on ${redactUrl(serverUrl)}`,
      logs: options.logs,
      prepare: async () => {
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
      description: 'embedded PGlite in a temporary data directory',
      logs: options.pgliteLogs,
      prepare: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-log-bench-'));
        onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
        return { serveEnv: { BENCH_SERVE_DATA_DIR: dataDir }, open: () => connectDatabase({ dataDir }) };
      },
    });
  }
  return targets;
};

const main = async () => {
  const options = parseLogOptions(process.argv.slice(2), process.env);
  if (options === 'help') return print(usage);
  const begun = Date.now();
  const { command, node } = commandLine();
  const cpuList = cpus();
  print('Gatehouse log benchmark (hook logs)');
  print(`Command: ${command}`);
  if (node !== command) print(`  (runs: ${node})`);
  print(
    `N = ${options.logs} hook logs (PGlite: ${options.pgliteLogs}) for the measured hook and as many for a second tenant's, over ${SPAN_DAYS} days; ` +
      `${options.connections} connections; ${options.warmup} s warm-up per scenario; ${options.runs} measured runs × ${options.duration} s per scenario`,
  );
  print(`Machine: ${cpuList.length} × ${cpuList[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}`);
  const targets = targetsOf(options);
  if (targets.length === 0) throw new Error('Nothing to measure: --no-pglite needs DATABASE_URL');

  const results = new Map<string, { logs: number; result: TargetResult }>();
  for (const target of targets) {
    results.set(target.label, { logs: target.logs, result: await benchTarget(target, options) });
    await runCleanups();
  }
  print();
  print('=== Summary ===');
  print(`Command: ${command}`);
  for (const [label, { logs, result }] of results) {
    print();
    print(comparisonTable(label, result, logs, 'hook logs'));
  }
  if (!process.env.DATABASE_URL) print('\nPostgres: skipped (DATABASE_URL is not set).');
  print();
  print(`Total time: ${seconds(Date.now() - begun)}`);
};

await runBenchmark(main);
