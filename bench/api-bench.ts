/**
 * HTTP benchmark of the management API over an embedded PGlite and, when DATABASE_URL is set, a Postgres server.
 * See bench/README.md for how to run it and how to read what it prints. Results go to stdout only.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { connectDatabase } from '../src/server/db/connect.js';
import { explainSearch } from './explain.js';
import { type BenchOptions, parseOptions, usage } from './options.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { fixed, median, shellQuote, table } from './report.js';
import { seedRoles } from './seed.js';

const PAGE_SIZE = 20;
const DEEP_PAGE = 200;
const SEARCH = '%role-12%';
const GET_IDS = 100;

interface Scenario {
  label: string;
  requests: { method: 'GET'; path: string }[];
}

interface Run {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
  bad: number;
}

interface Summary {
  scenario: string;
  detail: string;
  runs: Run[];
}

interface Target {
  label: 'PGlite' | 'Postgres';
  description: string;
  /** Opens the seeding connection and returns the settings the app process needs, plus cleanup. */
  prepare(): Promise<{
    serveEnv: Record<string, string>;
    open: () => ReturnType<typeof connectDatabase>;
    cleanup: () => Promise<void>;
  }>;
}

const log = (message: string) => process.stderr.write(`${message}\n`);
const print = (message = '') => process.stdout.write(`${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const cleanups: (() => Promise<void>)[] = [];
const runCleanups = async () => {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    try {
      await cleanup?.();
    } catch (error) {
      log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
};

const scenariosFor = (ids: string[]): Scenario[] => {
  const step = Math.max(1, Math.floor(ids.length / GET_IDS));
  const sample = ids.filter((_, i) => i % step === 0).slice(0, GET_IDS);
  const list = (query: string) => [{ method: 'GET' as const, path: `/api/roles?${query}` }];
  return [
    { label: 'list first page', requests: list(`page=1&page_size=${PAGE_SIZE}`) },
    { label: `list deep page (${DEEP_PAGE})`, requests: list(`page=${DEEP_PAGE}&page_size=${PAGE_SIZE}`) },
    { label: 'search', requests: list(`search=${encodeURIComponent(SEARCH)}&page=1&page_size=${PAGE_SIZE}`) },
    { label: 'get by id', requests: sample.map((id) => ({ method: 'GET' as const, path: `/api/roles/${id}` })) },
  ];
};

/** Starts the app in a child process on 127.0.0.1 and resolves with its origin. */
const startServer = (serveEnv: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
      env: { ...process.env, ...serveEnv },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The app did not start within 60 s'));
    }, 60_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      const port = (message as { port?: number }).port;
      if (typeof port === 'number') resolve({ origin: `http://127.0.0.1:${port}`, child });
      else reject(new Error(`Unexpected message from the app process: ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app process exited with code ${code} before listening`));
    });
  });

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** One request per scenario, to fail early on a broken route and to describe what each scenario returns. */
const probe = async (origin: string, scenario: Scenario): Promise<string> => {
  const first = scenario.requests[0];
  if (!first) throw new Error(`Scenario ${scenario.label} has no request`);
  const response = await fetch(`${origin}${first.path}`);
  if (response.status !== 200) throw new Error(`${scenario.label}: GET ${first.path} answered ${response.status}`);
  const body = (await response.json()) as unknown;
  const total = response.headers.get('total-number');
  if (Array.isArray(body)) return `${body.length} items, Total-Number ${total ?? '?'}`;
  return `${scenario.requests.length} distinct ids, 1 row each`;
};

/** The q-th percentile (0–100) of sorted values, nearest-rank. */
const percentile = (sorted: Float64Array, q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0);

/**
 * One autocannon run. Requests per second is autocannon's mean of its per-second samples; latencies are computed
 * here from every response time autocannon reports, because its own histogram only resolves whole milliseconds.
 */
const load = (origin: string, scenario: Scenario, duration: number, connections: number): Promise<Run> =>
  new Promise((resolve, reject) => {
    let times = new Float64Array(1 << 16);
    let count = 0;
    const instance = autocannon(
      { url: origin, connections, duration, pipelining: 1, requests: scenario.requests },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error);
        const sorted = times.subarray(0, count).sort();
        resolve({
          rps: result.requests.mean,
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p99: percentile(sorted, 99),
          total: result.requests.total,
          bad: result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = responseTime;
    });
  });

const benchTarget = async (target: Target, options: BenchOptions): Promise<Summary[]> => {
  print();
  print(`=== ${target.label}: ${target.description} ===`);
  const prepared = await target.prepare();
  cleanups.push(prepared.cleanup);

  let started = Date.now();
  const db = await prepared.open();
  print(`Opened and migrated in ${seconds(Date.now() - started)}`);
  let ids: string[];
  try {
    const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
    print(`Server: ${rows[0]?.version ?? 'unknown'}`);
    log(`[${target.label}] seeding ${options.roles} roles`);
    started = Date.now();
    ids = await seedRoles(db, options.roles);
    print(`Seeded ${options.roles} roles in ${seconds(Date.now() - started)} (one transaction, then VACUUM ANALYZE)`);
    print();
    print(await explainSearch(db, target.label, SEARCH, PAGE_SIZE));
  } finally {
    await db.close();
  }

  const { origin, child } = await startServer(prepared.serveEnv);
  const stop = () => stopServer(child);
  cleanups.push(stop);
  const scenarios = scenariosFor(ids);
  const summaries: Summary[] = [];
  try {
    for (const scenario of scenarios) {
      summaries.push({ scenario: scenario.label, detail: await probe(origin, scenario), runs: [] });
    }
    if (options.warmup > 0) {
      for (const scenario of scenarios) {
        log(`[${target.label}] warm-up ${scenario.label} (${options.warmup} s)`);
        await load(origin, scenario, options.warmup, options.connections);
      }
    }
    // Rounds interleave the scenarios, so a slow drift of the machine spreads over all of them.
    started = Date.now();
    for (let round = 1; round <= options.runs; round++) {
      for (const [i, scenario] of scenarios.entries()) {
        const run = await load(origin, scenario, options.duration, options.connections);
        summaries[i]?.runs.push(run);
        log(
          `[${target.label}] run ${round}/${options.runs} ${scenario.label}: ${fixed(run.rps)} req/s, ` +
            `p50 ${fixed(run.p50, 2)} ms, p90 ${fixed(run.p90, 2)} ms, p99 ${fixed(run.p99, 2)} ms, ${run.total} requests, ${run.bad} non-2xx/errors`,
        );
      }
    }
  } finally {
    await stop();
    cleanups.splice(cleanups.indexOf(stop), 1);
  }
  print();
  print(
    `Results on ${target.label} (median over ${options.runs} run${options.runs === 1 ? '' : 's'} of ${options.duration} s each, measured in ${seconds(Date.now() - started)}):`,
  );
  print(resultTable(summaries));
  await prepared.cleanup();
  cleanups.splice(cleanups.indexOf(prepared.cleanup), 1);
  return summaries;
};

const medianOf = (summary: Summary, key: keyof Run) => median(summary.runs.map((run) => run[key]));

const resultTable = (summaries: Summary[]) =>
  table(
    ['scenario', 'req/s', 'req/s min–max', 'p50 ms', 'p90 ms', 'p99 ms', 'non-2xx/err', 'response'],
    summaries.map((s) => [
      s.scenario,
      fixed(medianOf(s, 'rps')),
      `${fixed(Math.min(...s.runs.map((r) => r.rps)))}–${fixed(Math.max(...s.runs.map((r) => r.rps)))}`,
      fixed(medianOf(s, 'p50'), 2),
      fixed(medianOf(s, 'p90'), 2),
      fixed(medianOf(s, 'p99'), 2),
      String(s.runs.reduce((sum, r) => sum + r.bad, 0)),
      s.detail,
    ]),
  );

const commandLine = () => {
  const args = process.argv.slice(2).map(shellQuote);
  const env = ['BENCH_ROLES', 'DATABASE_URL']
    .filter((name) => process.env[name])
    .map(
      (name) =>
        `${name}=${shellQuote(name === 'DATABASE_URL' ? redactUrl(process.env[name] ?? '') : (process.env[name] ?? ''))}`,
    );
  const script = relative(process.cwd(), process.argv[1] ?? 'bench/api-bench.ts');
  const node = [...env, 'node', ...process.execArgv.map(shellQuote), script, ...args].join(' ');
  if (process.env.npm_lifecycle_event !== 'bench:api') return { command: node, node };
  return { command: [...env, 'npm run bench:api', ...(args.length > 0 ? ['--', ...args] : [])].join(' '), node };
};

const main = async () => {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (parsed === 'help') {
    print(usage);
    return;
  }
  const options = parsed;
  const begun = Date.now();
  const { command, node } = commandLine();
  const cpuList = cpus();
  print('Gatehouse API benchmark');
  print(`Command: ${command}`);
  if (node !== command) print(`  (runs: ${node})`);
  print(
    `N = ${options.roles} roles; ${options.connections} connections; ${options.warmup} s warm-up per scenario; ` +
      `${options.runs} measured runs × ${options.duration} s per scenario; median over the ${options.runs} runs`,
  );
  if (options.roles <= (DEEP_PAGE - 1) * PAGE_SIZE) {
    print(
      `Note: with ${options.roles} roles page ${DEEP_PAGE} is past the end, so the deep-page scenario returns no items.`,
    );
  }
  print(`Machine: ${cpuList.length} × ${cpuList[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}`);

  const targets: Target[] = [
    {
      label: 'PGlite',
      description: 'embedded PGlite in a temporary data directory',
      prepare: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
        return {
          serveEnv: { BENCH_SERVE_DATA_DIR: dataDir },
          open: () => connectDatabase({ dataDir }),
          cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    },
  ];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    targets.push({
      label: 'Postgres',
      description: `temporary database on ${redactUrl(serverUrl)}`,
      prepare: async () => {
        const temporary = await createTemporaryDatabase(serverUrl);
        print(`Created database ${temporary.name} (dropped at the end)`);
        return {
          serveEnv: { BENCH_SERVE_DATABASE_URL: temporary.url },
          open: () => connectDatabase({ databaseUrl: temporary.url }),
          cleanup: temporary.drop,
        };
      },
    });
  }

  const results = new Map<string, Summary[]>();
  for (const target of targets) results.set(target.label, await benchTarget(target, options));

  print();
  print('=== Summary ===');
  print(`Command: ${command}`);
  print(
    `N = ${options.roles} roles; medians over ${options.runs} runs of ${options.duration} s, ${options.connections} connections`,
  );
  for (const [label, summaries] of results) {
    print();
    print(`${label}:`);
    print(resultTable(summaries));
  }
  const pglite = results.get('PGlite');
  const postgres = results.get('Postgres');
  print();
  if (pglite && postgres) {
    print('Throughput ratio Postgres / PGlite (median req/s; above 1 means Postgres served more requests):');
    print(
      table(
        ['scenario', 'PGlite req/s', 'Postgres req/s', 'Postgres/PGlite'],
        pglite.map((s, i) => {
          const other = postgres[i];
          const a = medianOf(s, 'rps');
          const b = other ? medianOf(other, 'rps') : Number.NaN;
          return [s.scenario, fixed(a), fixed(b), `${fixed(b / a, 2)}x`];
        }),
      ),
    );
  } else {
    print('Postgres: skipped (DATABASE_URL is not set), so there is no Postgres/PGlite ratio.');
  }
  print();
  print(`Total time: ${seconds(Date.now() - begun)}`);
};

const onSignal = (signal: NodeJS.Signals) => {
  log(`${signal} received, cleaning up`);
  void runCleanups().then(() => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await runCleanups();
}
