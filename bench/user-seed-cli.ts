/**
 * `npm run seed:users`: loads users and their audit log into a database (DATABASE_URL, or a PGlite data directory),
 * set-based, then analyzes the tables. See bench/README.md ("Users at a million").
 */
import { connectDatabase } from '../src/server/db/connect.js';
import { redactUrl } from './postgres-temp.js';
import { log, print, runBenchmark, seconds } from './run.js';
import { parseUserOptions, seedUsage } from './user-options.js';
import { seedUsersAndLogs, userSeeds } from './user-seed.js';

const main = async () => {
  const options = parseUserOptions(process.argv.slice(2), seedUsage);
  if (options === 'help') return print(seedUsage);
  if (options.seeded || options.skipPglite) throw new Error(`Unknown argument for seed:users\n\n${seedUsage}`);
  const databaseUrl = options.dataDir ? undefined : process.env.DATABASE_URL;
  if (!databaseUrl && !options.dataDir) throw new Error(`Set DATABASE_URL or pass --data-dir\n\n${seedUsage}`);
  const started = Date.now();
  const db = await connectDatabase({ databaseUrl, dataDir: options.dataDir });
  try {
    print(`Seeding ${databaseUrl ? redactUrl(databaseUrl) : `PGlite at ${options.dataDir}`}`);
    const seeds = userSeeds(options.users, options.logs, options.secondUsers);
    await seedUsersAndLogs(db, seeds, log);
    print(
      `Seeded ${options.users} users and ${options.logs} audit log entries into the default tenant and ` +
        `${options.secondUsers} users into bench-second in ${seconds(Date.now() - started)}`,
    );
  } finally {
    await db.close();
  }
};

await runBenchmark(main);
