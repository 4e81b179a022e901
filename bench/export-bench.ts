/**
 * `npm run bench:export -- [--users N]`: exports every user of a tenant of N users (default 1,000,000) from the
 * app in its own process, and samples the app's resident memory while the response streams. The export reads keyset
 * pages and writes each as it comes, so the memory stays flat however many users there are. Needs DATABASE_URL (a
 * Postgres server); the users go into a temporary database, dropped at the end.
 */
import { cpus } from 'node:os';
import { connectDatabase } from '../src/server/db/connect.js';
import { createTemporaryDatabase, redactUrl } from './postgres-temp.js';
import { log, onCleanup, print, runBenchmark, seconds } from './run.js';
import { residentMemory, startServer } from './server.js';
import { seedUsersAndLogs, userSeeds } from './user-seed.js';

const usage = 'Usage: DATABASE_URL=postgres://… npm run bench:export -- [--users N] [--format csv|json]';
const SAMPLE_MS = 100;
const MiB = 1024 * 1024;

const parse = (argv: string[]) => {
  const options = { users: 1_000_000, format: 'csv' };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--users' && Number(value) > 0) options.users = Number(value);
    else if (flag === '--format' && (value === 'csv' || value === 'json')) options.format = value;
    else throw new Error(usage);
  }
  return options;
};

const main = async () => {
  const options = parse(process.argv.slice(2));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error(usage);
  print('Gatehouse bulk export benchmark');
  print(
    `Command: DATABASE_URL=${redactUrl(serverUrl)} npm run bench:export -- --users ${options.users} --format ${options.format}`,
  );
  print(`${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}`);
  const temporary = await createTemporaryDatabase(serverUrl);
  onCleanup(temporary.drop);
  const db = await connectDatabase({ databaseUrl: temporary.url });
  try {
    await seedUsersAndLogs(db, userSeeds(options.users, 0, 0), log);
    await db.exec('VACUUM ANALYZE users');
  } finally {
    await db.close();
  }
  const { origin, child } = await startServer({ BENCH_SERVE_DATABASE_URL: temporary.url });
  onCleanup(async () => void child.kill('SIGTERM'));

  const before = await residentMemory(child);
  const samples: { at: number; rss: number; bytes: number }[] = [];
  let bytes = 0;
  let lines = 0;
  const started = Date.now();
  const sampler = setInterval(() => {
    void residentMemory(child).then((rss) => samples.push({ at: Date.now() - started, rss, bytes }));
  }, SAMPLE_MS);
  const response = await fetch(`${origin}/api/users/export?format=${options.format}`);
  if (!response.ok || !response.body) throw new Error(`The export answered ${response.status}`);
  // The body is counted as it arrives and never kept.
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
    for (const byte of read.value) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const elapsed = Date.now() - started;
  const after = await residentMemory(child);
  const peak = Math.max(before, after, ...samples.map((sample) => sample.rss));
  const atShare = (share: number) => samples.find((sample) => sample.bytes >= bytes * share)?.rss ?? after;

  print(
    `Exported ${options.users} users (${lines} lines, ${(bytes / MiB).toFixed(1)} MiB) in ${seconds(elapsed)}: ` +
      `${Math.round(options.users / (elapsed / 1000))} users per second`,
  );
  print(
    `App resident memory: ${(before / MiB).toFixed(1)} MiB before; ${[0.1, 0.25, 0.5, 0.75, 0.9]
      .map((share) => `${(atShare(share) / MiB).toFixed(1)} MiB at ${share * 100} %`)
      .join(', ')}; ${(after / MiB).toFixed(1)} MiB after; peak ${(peak / MiB).toFixed(1)} MiB ` +
      `(+${((peak - before) / MiB).toFixed(1)} MiB, ${samples.length} samples every ${SAMPLE_MS} ms)`,
  );
};

await runBenchmark(main);
