/**
 * `npm run bench:console`: how fast the built console opens and moves between its pages with 100,000 users, roles,
 * applications and audit log entries in the tenant, in Chromium, on PGlite or (DATABASE_URL) a temporary Postgres
 * database. See bench/README.md ("Console"). The report goes to stdout, progress to stderr; nothing is written into
 * the repository (but the console's build, when it is missing or `--build` asks for it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '../src/server/db/connect.js';
import {
  type ColdSample,
  type ConsoleSession,
  coldLoad,
  measurePage,
  openConsole,
  type PageResult,
  type SidebarPage,
  sidebarPages,
  warmUp,
} from './console-browser.js';
import { type ConsoleBenchOptions, parseConsoleOptions, usage } from './console-options.js';
import { printClicks, printCold } from './console-report.js';
import { seedConsole } from './console-seed.js';
import { root, startConsoleServer } from './console-server.js';
import { admin } from './console-sign-in.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { fixed, median, shellQuote } from './report.js';
import { log, onCleanup, print, runBenchmark, seconds } from './run.js';

type DatabaseChoice = { dataDir: string } | { databaseUrl: string };

/** Builds the console into dist/console when it is missing or asked for; the build's output goes to stderr. */
const ensureBuilt = (force: boolean) => {
  if (!force && existsSync(join(root, 'dist', 'console', 'index.html'))) return;
  log('building the console (vite build)');
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
};

/** A temporary Postgres database when DATABASE_URL is set, else a PGlite data directory; both go at the end. */
const prepareDatabase = async (): Promise<{ choice: DatabaseChoice; description: string }> => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const temporary = await createTemporaryDatabase(serverUrl);
    onCleanup(() => temporary.drop());
    return {
      choice: { databaseUrl: temporary.url },
      description: `temporary database ${temporary.name} on ${redactUrl(serverUrl)}`,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-console-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  return { choice: { dataDir }, description: `embedded PGlite, data directory ${dataDir}` };
};

/** Seeds the database before the server opens it (a PGlite directory has one owner at a time). */
const seed = async (choice: DatabaseChoice, rows: number) => {
  const db = await connectDatabase(choice);
  try {
    const [{ version } = { version: 'unknown' }] = (await db.query<{ version: string }>('SELECT version()')).rows;
    if (rows > 0) {
      const started = Date.now();
      log(`seeding ${rows} users, roles, applications and audit log entries`);
      await seedConsole(db, rows, (message) => log(`  ${message}`));
      log(`seeded in ${seconds(Date.now() - started)}`);
    }
    return version.split(' on ')[0] ?? version;
  } finally {
    await db.close();
  }
};

/** The sidebar pages `--only` names (by path below /console or by link text), all without it. */
const chosen = (pages: SidebarPage[], only: string[]) => {
  if (only.length === 0) return pages;
  const wanted = only.map((name) => name.toLowerCase().replace(/^\/?(console\/)?/, ''));
  const unknown = wanted.filter((name) => !pages.some((p) => p.key === name || p.name.toLowerCase() === name));
  if (unknown.length > 0) {
    throw new Error(`No sidebar page ${unknown.join(', ')}; the pages: ${pages.map((p) => p.key).join(', ')}`);
  }
  return pages.filter((p) => wanted.includes(p.key) || wanted.includes(p.name.toLowerCase()));
};

const measure = async (origin: string, options: ConsoleBenchOptions, session: ConsoleSession) => {
  const cold: ColdSample[] = [];
  for (let run = 1; run <= options.cold; run++) {
    const sample = await coldLoad(session, origin);
    cold.push(sample);
    log(`cold load ${run}/${options.cold}: DCL ${fixed(sample.dcl, 0)} ms, heading ${fixed(sample.heading, 0)} ms`);
  }
  const pages = await sidebarPages(session.page);
  if (pages.length < 2) throw new Error(`The sidebar has ${pages.length} link(s); the clicks need two pages or more`);
  const measured = chosen(pages, options.only);
  log(`sidebar: ${pages.map((p) => p.key).join(', ')}; warm-up round`);
  const kinds = await warmUp(session.page, pages, log);
  const results: PageResult[] = [];
  for (const target of measured) {
    const index = pages.indexOf(target);
    const from = pages[(index + pages.length - 1) % pages.length] as SidebarPage;
    const result = await measurePage(session.page, target, from, kinds, options.clicks);
    results.push(result);
    log(
      `${target.key}: ready median ${fixed(median(result.ready), 0)} ms over ${result.ready.length} clicks` +
        `${result.timeouts ? `, ${result.timeouts} timed out` : ''}; load ${fixed(result.load[0], 2)} → ${fixed(result.load[1], 2)}`,
    );
  }
  return { cold, results };
};

const main = async () => {
  const options = parseConsoleOptions(process.argv.slice(2));
  if (options === 'help') return print(usage);
  const args = process.argv.slice(2).map(shellQuote).join(' ');
  const url = process.env.DATABASE_URL ? `DATABASE_URL=${shellQuote(redactUrl(process.env.DATABASE_URL))} ` : '';
  const cpuList = cpus();
  ensureBuilt(options.build);

  const { choice, description } = await prepareDatabase();
  const started = Date.now();
  const version = await seed(choice, options.rows);
  const seeding = Date.now() - started;
  const server = await startConsoleServer({ LOG_LEVEL: 'warn' }, { database: choice });
  const stopServer = onCleanup(() => server.stop());
  log(`server at ${server.origin}; signing in`);
  const session = await openConsole(server);
  const closeBrowser = onCleanup(() => session.close());
  const loadAtStart = loadavg()[0] ?? 0;
  const { cold, results } = await measure(server.origin, options, session);

  print('Gatehouse console benchmark');
  print(`Command: ${url}npm run bench:console${args ? ` -- ${args}` : ''}`);
  print(`Database: ${'databaseUrl' in choice ? 'Postgres' : 'PGlite'} (${version}), ${description}`);
  print(
    `Seeded: ${options.rows.toLocaleString('en-US')} each of users, roles, applications and audit log entries ` +
      `in the default tenant (${seconds(seeding)})`,
  );
  print(
    `Machine: ${cpuList.length} × ${cpuList[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}; ` +
      `Chromium ${session.browser.version()}; 1-minute load average ${fixed(loadAtStart, 2)} when the browser ` +
      `started, ${fixed(loadavg()[0] ?? 0, 2)} at the end`,
  );
  printCold(cold);
  printClicks(results, options.clicks);

  if (!options.keep) {
    await closeBrowser();
    await stopServer();
    return;
  }
  await closeBrowser();
  log(`\nThe server keeps running: ${server.origin}/console, sign in as ${admin.username} / ${admin.password}.`);
  log('Ctrl-C stops it and removes the database.');
  await new Promise<never>(() => undefined);
};

await runBenchmark(main);
