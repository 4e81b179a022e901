/** Command-line and environment settings of the API benchmark. */
export interface BenchOptions {
  /** How many roles are seeded for the measured tenant, and again for a second tenant. */
  roles: number;
  /** Seconds of measured load per scenario and run. */
  duration: number;
  /** Measured runs per scenario; the table shows the median over them. */
  runs: number;
  /** Concurrent HTTP connections autocannon keeps open. */
  connections: number;
  /** Seconds of unmeasured load per scenario before the first run. */
  warmup: number;
}

export const defaults: BenchOptions = { roles: 100_000, duration: 5, runs: 3, connections: 10, warmup: 2 };

const limits: Record<keyof BenchOptions, { min: number; max: number }> = {
  roles: { min: 1, max: 1_000_000 },
  duration: { min: 1, max: 600 },
  runs: { min: 1, max: 20 },
  connections: { min: 1, max: 256 },
  warmup: { min: 0, max: 60 },
};

export const usage = `Usage: npm run bench:api -- [--roles N] [--duration S] [--runs R] [--connections C] [--warmup S]

  --roles N        roles seeded per tenant, into two tenants (default ${defaults.roles}; env BENCH_ROLES)
  --duration S     seconds of measured load per scenario and run (default ${defaults.duration})
  --runs R         measured runs per scenario; tables show the median (default ${defaults.runs})
  --connections C  concurrent connections (default ${defaults.connections})
  --warmup S       seconds of unmeasured load per scenario before measuring (default ${defaults.warmup})

Set DATABASE_URL to also measure a Postgres server: a temporary database is created from it and dropped after.`;

const parseNumber = (name: keyof BenchOptions, raw: string): number => {
  const value = Number(raw);
  const { min, max } = limits[name];
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
};

/** Reads `--name value` / `--name=value` flags; `BENCH_ROLES` is the default of `--roles`. */
export const parseOptions = (argv: string[], env: NodeJS.ProcessEnv): BenchOptions | 'help' => {
  const options = { ...defaults };
  if (env.BENCH_ROLES) options.roles = parseNumber('roles', env.BENCH_ROLES);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    const name = match?.[1] as keyof BenchOptions | undefined;
    if (!match || !name || !(name in defaults)) throw new Error(`Unknown argument "${arg}"\n\n${usage}`);
    const raw = match[2] ?? argv[++i];
    if (raw === undefined) throw new Error(`--${name} needs a value`);
    options[name] = parseNumber(name, raw);
  }
  return options;
};
