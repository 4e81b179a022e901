/** Command-line settings of the users benchmark and of the users seed command. */
import type { LoadSettings } from './measure.js';

export interface UserBenchOptions extends LoadSettings {
  /** Users of the measured tenant on Postgres (and in the seed command). */
  users: number;
  /** Audit log entries of the measured tenant on Postgres (and in the seed command). */
  logs: number;
  /** Users of a second tenant, sharing the table. */
  secondUsers: number;
  /** The same three on PGlite. */
  pgliteUsers: number;
  pgliteLogs: number;
  pgliteSecondUsers: number;
  skipPglite: boolean;
  /**
   * Measure the database DATABASE_URL names as it is, seeded before with `seed:users` and the same sizes, instead of
   * a temporary one seeded for the run; the check during password writes (which adds users) is left out.
   */
  seeded: boolean;
  /** Seed command only: a PGlite data directory to seed instead of DATABASE_URL. */
  dataDir?: string;
}

const base = {
  users: 1_000_000,
  logs: 10_000_000,
  secondUsers: 100_000,
  pgliteUsers: 100_000,
  pgliteLogs: 1_000_000,
  pgliteSecondUsers: 10_000,
  duration: 5,
  runs: 3,
  connections: 10,
  warmup: 2,
};
type Numeric = keyof typeof base;

const limits: Record<Numeric, { min: number; max: number }> = {
  users: { min: 1000, max: 10_000_000 },
  logs: { min: 0, max: 100_000_000 },
  secondUsers: { min: 0, max: 10_000_000 },
  pgliteUsers: { min: 1000, max: 10_000_000 },
  pgliteLogs: { min: 0, max: 100_000_000 },
  pgliteSecondUsers: { min: 0, max: 10_000_000 },
  duration: { min: 1, max: 600 },
  runs: { min: 1, max: 20 },
  connections: { min: 1, max: 256 },
  warmup: { min: 0, max: 60 },
};
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export const seedUsage = `Usage: npm run seed:users -- [--users N] [--logs N] [--second-users N] [--data-dir DIR]

  --users N         users of the default tenant (default ${base.users})
  --logs N          audit log entries of the default tenant, spread over its users (default ${base.logs})
  --second-users N  users of a second tenant, bench-second (default ${base.secondUsers})
  --data-dir DIR    seed a PGlite data directory instead of the Postgres database DATABASE_URL names

The database is migrated first; the users and logs tables must hold no seeded rows yet.`;

export const benchUsage = `Usage: npm run bench:users -- [--users N] [--logs N] [--second-users N] [--pglite-users N] [--pglite-logs N]
       [--pglite-second-users N] [--no-pglite] [--seeded] [--duration S] [--runs R] [--connections C] [--warmup S]

  --users, --logs, --second-users   Postgres: users and audit logs of the measured tenant, users of a second one
                                    (defaults ${base.users}, ${base.logs}, ${base.secondUsers})
  --pglite-users, --pglite-logs, --pglite-second-users
                                    the same on PGlite (defaults ${base.pgliteUsers}, ${base.pgliteLogs}, ${base.pgliteSecondUsers})
  --no-pglite                       measure Postgres only (needs DATABASE_URL)
  --seeded                          measure DATABASE_URL's database as it is, seeded before by seed:users with the
                                    same --users, --logs and --second-users (no temporary database, no seeding, no
                                    password writes)
  --duration S, --runs R, --connections C, --warmup S
                                    as for bench:api (defaults ${base.duration}, ${base.runs}, ${base.connections}, ${base.warmup})

Set DATABASE_URL to measure a Postgres server: a temporary database is created from it and dropped after
(unless --seeded).`;

/** Reads `--name value` / `--name=value` flags. */
export const parseUserOptions = (argv: string[], usage: string): UserBenchOptions | 'help' => {
  const options: UserBenchOptions = { ...base, skipPglite: false, seeded: false };
  const flags = new Map(Object.keys(base).map((name) => [kebab(name), name as Numeric]));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--no-pglite' || arg === '--seeded') {
      if (arg === '--seeded') options.seeded = true;
      else options.skipPglite = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const flag = match?.[1] ?? '';
    const name = flags.get(flag);
    if (!match || (!name && flag !== 'data-dir')) throw new Error(`Unknown argument "${arg}"\n\n${usage}`);
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${flag} needs a value`);
    if (!name) {
      options.dataDir = raw;
      continue;
    }
    const value = Number(raw);
    const { min, max } = limits[name];
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    options[name] = value;
  }
  return options;
};
