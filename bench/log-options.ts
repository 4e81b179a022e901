/** Command-line and environment settings of the log benchmark. */
import type { LoadSettings } from './measure.js';

export interface LogBenchOptions extends LoadSettings {
  /** Hook logs seeded for the measured hook, and again for a second tenant's hook. */
  logs: number;
  /** The same for PGlite (default: `logs`). */
  pgliteLogs: number;
  /** Skip PGlite (only with DATABASE_URL set). */
  skipPglite: boolean;
}

const base = { logs: 1_000_000, duration: 5, runs: 3, connections: 10, warmup: 2 };
type Numeric = keyof typeof base | 'pgliteLogs';

const limits: Record<Numeric, { min: number; max: number }> = {
  logs: { min: 20_020, max: 20_000_000 },
  pgliteLogs: { min: 20_020, max: 20_000_000 },
  duration: { min: 1, max: 600 },
  runs: { min: 1, max: 20 },
  connections: { min: 1, max: 256 },
  warmup: { min: 0, max: 60 },
};
const flags: Record<string, Numeric> = {
  logs: 'logs',
  'pglite-logs': 'pgliteLogs',
  duration: 'duration',
  runs: 'runs',
  connections: 'connections',
  warmup: 'warmup',
};

export const usage = `Usage: npm run bench:logs -- [--logs N] [--pglite-logs N] [--no-pglite] [--duration S] [--runs R] [--connections C] [--warmup S]

  --logs N         hook logs seeded for one hook, and as many for a second tenant's (default ${base.logs}; env BENCH_LOGS)
  --pglite-logs N  the same on PGlite (default: --logs)
  --no-pglite      measure Postgres only (needs DATABASE_URL)
  --duration S     seconds of measured load per scenario and run (default ${base.duration})
  --runs R         measured runs per scenario; tables show the median (default ${base.runs})
  --connections C  concurrent connections (default ${base.connections})
  --warmup S       seconds of unmeasured load per scenario before measuring (default ${base.warmup})

N must be at least 20,020, so that the page 1,000 pages deep holds entries.
Set DATABASE_URL to also measure a Postgres server: a temporary database is created from it and dropped after.`;

const parseNumber = (name: Numeric, flag: string, raw: string): number => {
  const value = Number(raw);
  const { min, max } = limits[name];
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

/** Reads `--name value` / `--name=value` flags; `BENCH_LOGS` is the default of `--logs`. */
export const parseLogOptions = (argv: string[], env: NodeJS.ProcessEnv): LogBenchOptions | 'help' => {
  const options: LogBenchOptions = { ...base, pgliteLogs: 0, skipPglite: false };
  if (env.BENCH_LOGS) options.logs = parseNumber('logs', 'logs', env.BENCH_LOGS);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--no-pglite') {
      options.skipPglite = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = match ? flags[match[1] ?? ''] : undefined;
    if (!match || !name) throw new Error(`Unknown argument "${arg}"\n\n${usage}`);
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${match[1]} needs a value`);
    options[name] = parseNumber(name, match[1] ?? '', raw);
  }
  if (options.pgliteLogs === 0) options.pgliteLogs = options.logs;
  return options;
};
