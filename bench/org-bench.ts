/**
 * The organizations at scale on Postgres: one organization with many members, one user in many organizations, and
 * the organization token grant against the plain one. Each request over HTTP beside the same SQL run raw, at a few
 * concurrency levels. See bench/README.md ("Organizations"). Results go to stdout only.
 */
import { cpus } from 'node:os';
import { connectDatabase } from '../src/server/db/connect.js';
import type { Database } from '../src/server/db/database.js';
import type { Summary } from './load.js';
import { measure } from './measure.js';
import { type OrgBenchOptions, orgUsage, parseOrgOptions } from './org-options.js';
import { type OrgScenario, orgScenarios } from './org-scenarios.js';
import { seedOrganizations } from './org-seed.js';
import { captureGrants } from './org-token.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { fixed, shellQuote, table } from './report.js';
import { log, onCleanup, print, runBenchmark, seconds } from './run.js';
import { medianOf } from './tables.js';
import { captureScenarios, loadRaw, type Unit } from './user-raw.js';

const PLAIN = 'plain refresh grant (SQL)';
const ORGANIZATION = 'organization grant (SQL)';

/** EXPLAIN (ANALYZE, BUFFERS) of each statement a scenario's request sends, in the transaction it ran in. */
const explain = async (db: Database, scenarios: OrgScenario[], captured: Unit[][][]) => {
  for (const [i, scenario] of scenarios.entries()) {
    print();
    print(`EXPLAIN (ANALYZE, BUFFERS) of "${scenario.label}": ${scenario.requests[0]?.path}`);
    for (const unit of captured[i]?.[0] ?? []) {
      const run = async (tx: Parameters<Parameters<Database['withTenant']>[1]>[0]) => {
        for (const statement of unit.statements) {
          if (!/^\s*(SELECT|WITH)/i.test(statement.sql)) continue;
          const { rows } = await tx.query<Record<string, string>>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
            statement.params,
          );
          print(`  ${statement.sql.replace(/\s+/g, ' ')}`);
          print(`    params: ${JSON.stringify(statement.params)}`);
          for (const row of rows) print(`      ${Object.values(row)[0] ?? ''}`);
        }
      };
      await (unit.tenantId ? db.withTenant(unit.tenantId, run) : run(db));
    }
  }
};

/** Raw replays of every captured request at one concurrency level, rounds interleaving the scenarios. */
const rawAt = async (db: Database, labels: string[], captured: Unit[][][], workers: number, o: OrgBenchOptions) => {
  const summaries: Summary[] = labels.map((label) => ({ scenario: label, detail: 'raw SQL', runs: [] }));
  for (const requests of captured) if (o.warmup > 0) await loadRaw(db, requests, o.warmup, workers);
  for (let round = 1; round <= o.runs; round++) {
    for (const [i, requests] of captured.entries()) {
      const run = await loadRaw(db, requests, o.duration, workers);
      summaries[i]?.runs.push(run);
      log(`[raw ×${workers}] run ${round} ${labels[i]}: ${fixed(run.rps)} req/s, p50 ${fixed(run.p50, 2)} ms`);
    }
  }
  return summaries;
};

interface Level {
  workers: number;
  http: Summary[];
  raw: Summary[];
}

const at = (summaries: Summary[], label: string, key: 'p50' | 'p95' | 'rps') => {
  const summary = summaries.find((s) => s.scenario === label);
  return summary ? medianOf(summary, key) : Number.NaN;
};

const resultTable = (scenarios: OrgScenario[], levels: Level[]) =>
  table(
    ['scenario', 'workers', 'HTTP req/s', 'HTTP p50', 'HTTP p95', 'SQL req/s', 'SQL p50', 'SQL p95', 'target'],
    levels.flatMap((level) =>
      scenarios.map((s) => {
        const p50 = at(level.http, s.label, 'p50');
        return [
          s.label,
          String(level.workers),
          fixed(at(level.http, s.label, 'rps')),
          fixed(p50, 2),
          fixed(at(level.http, s.label, 'p95'), 2),
          fixed(at(level.raw, s.label, 'rps')),
          fixed(at(level.raw, s.label, 'p50'), 2),
          fixed(at(level.raw, s.label, 'p95'), 2),
          s.goalMs === undefined ? '' : `${p50 <= s.goalMs ? 'met' : 'missed'} (p50 ≤ ${s.goalMs} ms)`,
        ];
      }),
    ),
  );

const tokenTable = (levels: Level[]) =>
  table(
    ['workers', 'plain p50', 'plain p95', 'org p50', 'org p95', 'org/plain p50', 'target'],
    levels.map((level) => {
      const ratio = at(level.raw, ORGANIZATION, 'p50') / at(level.raw, PLAIN, 'p50');
      return [
        String(level.workers),
        fixed(at(level.raw, PLAIN, 'p50'), 2),
        fixed(at(level.raw, PLAIN, 'p95'), 2),
        fixed(at(level.raw, ORGANIZATION, 'p50'), 2),
        fixed(at(level.raw, ORGANIZATION, 'p95'), 2),
        `${fixed(ratio, 2)}x`,
        `${ratio <= 2 ? 'met' : 'missed'} (≤ 2x)`,
      ];
    }),
  );

const main = async () => {
  const options = parseOrgOptions(process.argv.slice(2));
  if (options === 'help') return print(orgUsage);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error(`DATABASE_URL is not set\n\n${orgUsage}`);
  const begun = Date.now();
  const args = process.argv.slice(2).map(shellQuote).join(' ');
  const command = `DATABASE_URL=${shellQuote(redactUrl(serverUrl))} npm run bench:orgs${args ? ` -- ${args}` : ''}`;
  const cpuList = cpus();
  print('Gatehouse organizations benchmark');
  print(`Command: ${command}`);
  print(
    `${options.members} members in one organization; one user in ${options.organizations} organizations; workers ` +
      `${options.workers.join(', ')}; ${options.runs} runs × ${options.duration} s; ${cpuList.length} × ` +
      `${cpuList[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}`,
  );
  const temporary = await createTemporaryDatabase(serverUrl);
  onCleanup(temporary.drop);
  const serveEnv = { BENCH_SERVE_DATABASE_URL: temporary.url };
  const db = await connectDatabase({ databaseUrl: temporary.url });
  onCleanup(() => db.close());
  const { rows } = await db.query<{ version: string }>('SELECT version() AS version');
  print(`Server: ${rows[0]?.version ?? 'unknown'}`);
  const started = Date.now();
  await seedOrganizations(db, options.members, options.organizations, (m) => log(`[seed] ${m}`));
  print(`Seeded in ${seconds(Date.now() - started)} (set-based, then VACUUM ANALYZE)`);

  const scenarios = orgScenarios();
  const captured = await captureScenarios(db, scenarios);
  await explain(db, scenarios, captured);
  const grants = await captureGrants(db);
  const labels = [...scenarios.map((s) => s.label), PLAIN, ORGANIZATION];
  const replays = [...captured, grants.plain, grants.organization];

  const levels: Level[] = [];
  for (const workers of options.workers) {
    const settings = { ...options, connections: workers };
    const http = await measure('Postgres', `×${workers}`, serveEnv, scenarios, settings);
    const raw = await rawAt(db, labels, replays, workers, options);
    levels.push({ workers, http: http.summaries, raw });
  }
  print();
  print('=== Summary ===');
  print(`Command: ${command}`);
  print();
  print('Over HTTP (in-process app, autocannon) and as the SQL the route sends, replayed raw; ms, median over runs:');
  print(resultTable(scenarios, levels));
  print();
  print(
    'Token grant: the statements of a refresh_token grant (token, grant, account, rotation), plain and with ' +
      'organization_id (plus membership, MFA and permission checks), replayed raw; no token signing:',
  );
  print(tokenTable(levels));
  print();
  print(`Total time: ${seconds(Date.now() - begun)}`);
};

await runBenchmark(main);
