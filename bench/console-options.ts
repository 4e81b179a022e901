/** Command-line settings of the console benchmark. */
import { parseArgs } from 'node:util';

export interface ConsoleBenchOptions {
  /** Users, roles, applications and audit log entries seeded into the default tenant, each. */
  rows: number;
  /** Measured clicks per sidebar page. */
  clicks: number;
  /** Cold loads of the start page, each in a fresh browser context. */
  cold: number;
  /** Build the console first even when a build exists. */
  build: boolean;
  /** Leave the server running after the report, for a look by hand, until Ctrl-C. */
  keep: boolean;
  /** Only these sidebar pages (their path below /console, or their link text); all when empty. */
  only: string[];
}

export const defaults: ConsoleBenchOptions = {
  rows: 100_000,
  clicks: 10,
  cold: 10,
  build: false,
  keep: false,
  only: [],
};

export const usage = `Usage: npm run bench:console -- [--rows N] [--clicks N] [--cold N] [--build] [--keep] [--only PAGE]

  --rows N     users, roles, applications and audit log entries seeded into the default tenant, each
               (default ${defaults.rows}; 0 seeds nothing)
  --clicks N   measured clicks per sidebar page, after one warm-up round (default ${defaults.clicks})
  --cold N     cold loads of the start page, each in a new browser context with an empty cache (default ${defaults.cold})
  --build      build the console (vite build) even when dist/console exists; without it, only when missing
  --keep       leave the server running after the report (its address and the sign-in go to stderr); Ctrl-C stops it
  --only PAGE  measure only this sidebar page: its path below /console (users, audit-logs) or its link text;
               repeat the flag or separate pages with commas for several
  --help       this text

Serves an embedded PGlite data directory, or, when DATABASE_URL is set, a temporary database created on that server
and dropped at the end. Chromium: /usr/bin/chromium, or CHROMIUM_PATH.`;

const whole = (name: string, raw: string, min: number, max: number) => {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"\n\n${usage}`);
  }
  return value;
};

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      rows: { type: 'string' },
      clicks: { type: 'string' },
      cold: { type: 'string' },
      build: { type: 'boolean' },
      keep: { type: 'boolean' },
      only: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });

export const parseConsoleOptions = (argv: string[]): ConsoleBenchOptions | 'help' => {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  if (values.help) return 'help';
  return {
    rows: values.rows === undefined ? defaults.rows : whole('rows', values.rows, 0, 10_000_000),
    clicks: values.clicks === undefined ? defaults.clicks : whole('clicks', values.clicks, 1, 1000),
    cold: values.cold === undefined ? defaults.cold : whole('cold', values.cold, 0, 1000),
    build: values.build ?? false,
    keep: values.keep ?? false,
    only: (values.only ?? []).flatMap((value) => value.split(',').map((page) => page.trim())).filter(Boolean),
  };
};
