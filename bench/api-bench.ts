/**
 * HTTP benchmark of the management API over an embedded PGlite and, when DATABASE_URL is set, a Postgres server.
 * See bench/README.md for how to run it and how to read what it prints. Results go to stdout only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { connectDatabase } from '../src/server/db/connect.js';
import { explainList, explainSearch } from './explain.js';
import type { Scenario } from './load.js';
import { measure } from './measure.js';
import { type BenchOptions, parseOptions, usage } from './options.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { fixed, shellQuote, table } from './report.js';
import { log, onCleanup, print, runBenchmark, seconds } from './run.js';
import { seedRoles } from './seed.js';
import { comparisonTable, medianOf, resultTable, type TargetResult } from './tables.js';

const PAGE_SIZE = 20;
const DEEP_PAGE = 200;
/** Matches role-12, role-120…129, role-1200…1299 and so on: 1,111 roles of 100,000. */
const SEARCH = '%role-12%';
/** Part of one name, as a user looking for one role types it: one role (none below 12,346 roles). */
const SEARCH_ONE = '%role-12345-%';
/** One role in ten. */
const FILTER = 'type=MachineToMachine';
const GET_IDS = 100;

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

const list = (query: string) => [{ method: 'GET' as const, path: `/api/roles?${query}` }];
/** The scenarios measured on both the empty and the seeded table. */
const listScenarios = (): Scenario[] => [
  { label: 'list first page', requests: list(`page=1&page_size=${PAGE_SIZE}`) },
  { label: 'search', requests: list(`search=${encodeURIComponent(SEARCH)}&page=1&page_size=${PAGE_SIZE}`) },
  {
    label: 'search one name',
    requests: list(`search=${encodeURIComponent(SEARCH_ONE)}&page=1&page_size=${PAGE_SIZE}`),
  },
  { label: 'filtered list', requests: list(`${FILTER}&page=1&page_size=${PAGE_SIZE}`) },
];

const seededScenarios = (ids: string[]): Scenario[] => {
  const step = Math.max(1, Math.floor(ids.length / GET_IDS));
  const sample = ids.filter((_, i) => i % step === 0).slice(0, GET_IDS);
  return [
    ...listScenarios(),
    { label: `list deep page (${DEEP_PAGE})`, requests: list(`page=${DEEP_PAGE}&page_size=${PAGE_SIZE}`) },
    { label: 'get by id', requests: sample.map((id) => ({ method: 'GET' as const, path: `/api/roles/${id}` })) },
  ];
};

const benchTarget = async (target: Target, options: BenchOptions): Promise<TargetResult> => {
  print();
  print(`=== ${target.label}: ${target.description} ===`);
  const prepared = await target.prepare();
  const cleanup = onCleanup(prepared.cleanup);

  let started = Date.now();
  let db = await prepared.open();
  print(`Opened and migrated in ${seconds(Date.now() - started)}`);
  try {
    const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
    print(`Server: ${rows[0]?.version ?? 'unknown'}`);
  } finally {
    await db.close();
  }
  const runs = `median over ${options.runs} run${options.runs === 1 ? '' : 's'} of ${options.duration} s each`;

  const empty = await measure(target.label, 'empty', prepared.serveEnv, listScenarios(), options);
  print();
  print(`Results on ${target.label}, empty table (${runs}, measured in ${seconds(empty.elapsed)}):`);
  print(resultTable(empty.summaries));

  let ids: string[];
  db = await prepared.open();
  try {
    log(`[${target.label}] seeding ${options.roles} roles into each of two tenants`);
    started = Date.now();
    ids = await seedRoles(db, options.roles);
    print();
    print(
      `Seeded ${options.roles} roles into each of two tenants in ${seconds(Date.now() - started)} (one transaction, then VACUUM ANALYZE)`,
    );
    print();
    for (const search of [SEARCH, SEARCH_ONE]) {
      print(await explainSearch(db, target.label, search, PAGE_SIZE));
      print();
    }
    print(await explainList(db, target.label, 'filtered list', { type: ['MachineToMachine'] }, PAGE_SIZE));
  } finally {
    await db.close();
  }

  const seeded = await measure(target.label, 'seeded', prepared.serveEnv, seededScenarios(ids), options);
  print();
  print(`Results on ${target.label}, ${options.roles} roles (${runs}, measured in ${seconds(seeded.elapsed)}):`);
  print(resultTable(seeded.summaries));
  print();
  print(comparisonTable(target.label, { empty: empty.summaries, seeded: seeded.summaries }, options.roles));
  await cleanup();
  return { empty: empty.summaries, seeded: seeded.summaries };
};

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
    `N = ${options.roles} roles in the measured tenant and ${options.roles} in a second one; ${options.connections} connections; ${options.warmup} s warm-up per scenario; ` +
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

  const results = new Map<string, TargetResult>();
  for (const target of targets) results.set(target.label, await benchTarget(target, options));

  print();
  print('=== Summary ===');
  print(`Command: ${command}`);
  print(
    `N = ${options.roles} roles per tenant, two tenants; medians over ${options.runs} runs of ${options.duration} s, ${options.connections} connections`,
  );
  for (const [label, result] of results) {
    print();
    print(`${label}, empty table:`);
    print(resultTable(result.empty));
    print();
    print(`${label}, ${options.roles} roles:`);
    print(resultTable(result.seeded));
    print();
    print(comparisonTable(label, result, options.roles));
  }
  const pglite = results.get('PGlite')?.seeded;
  const postgres = results.get('Postgres')?.seeded;
  print();
  if (pglite && postgres) {
    print(
      `Throughput ratio Postgres / PGlite at ${options.roles} roles (median req/s; above 1 means Postgres served more requests):`,
    );
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

await runBenchmark(main);
