/** Command-line settings of the organizations benchmark. */
import type { LoadSettings } from './measure.js';

export interface OrgBenchOptions extends Omit<LoadSettings, 'connections'> {
  /** Members of the large organization (each a user of the tenant). */
  members: number;
  /** Organizations the one busy user belongs to. */
  organizations: number;
  /** Concurrency levels: every scenario is measured at each. */
  workers: number[];
}

const base = { members: 100_000, organizations: 1000, duration: 5, runs: 3, warmup: 1 };
type Numeric = keyof typeof base;

const limits: Record<Numeric, { min: number; max: number }> = {
  members: { min: 1000, max: 10_000_000 },
  organizations: { min: 1, max: 100_000 },
  duration: { min: 1, max: 600 },
  runs: { min: 1, max: 20 },
  warmup: { min: 0, max: 60 },
};

export const orgUsage = `Usage: npm run bench:orgs -- [--members N] [--organizations N] [--workers 1,4,8] [--duration S] [--runs R] [--warmup S]

  --members N        members of the large organization, each with one or two organization roles (default ${base.members})
  --organizations N  organizations of the one user who belongs to many, with a role in each (default ${base.organizations})
  --workers LIST     concurrent connections / SQL workers, comma-separated; each scenario runs at each (default 1,4,8)
  --duration S       seconds of measured load per scenario, level and run (default ${base.duration})
  --runs R           measured runs; tables show the median (default ${base.runs})
  --warmup S         seconds of unmeasured load per scenario before measuring (default ${base.warmup})

Needs DATABASE_URL (a Postgres server where the user may CREATE DATABASE): a temporary database is created from it
and dropped after.`;

const whole = (flag: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

/** Reads `--name value` / `--name=value` flags. */
export const parseOrgOptions = (argv: string[]): OrgBenchOptions | 'help' => {
  const options: OrgBenchOptions = { ...base, workers: [1, 4, 8] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    const flag = match?.[1] ?? '';
    if (!match || !(flag in base || flag === 'workers')) throw new Error(`Unknown argument "${arg}"\n\n${orgUsage}`);
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${flag} needs a value`);
    if (flag === 'workers') {
      options.workers = raw.split(',').map((part) => whole('workers', part, 1, 256));
      continue;
    }
    const name = flag as Numeric;
    options[name] = whole(flag, raw, limits[name].min, limits[name].max);
  }
  return options;
};
