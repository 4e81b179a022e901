/**
 * The whole suite, in the order a failure is cheapest to find: lint, types, unit and API tests (PGlite, and
 * PostgreSQL when DATABASE_URL is set; the unit tests check, once, that the generated files are fresh), the console
 * build, then Chromium end to end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const run = (title: string, command: string, args: string[]) => {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
};

const ensureChromium = () => {
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    run('install Chromium', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
    return;
  }
  console.error(`Chromium is needed for the browser tests: install Debian's "chromium" package or set CHROMIUM_PATH.`);
  process.exit(1);
};

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the API suite runs on embedded PGlite only.');
}
ensureChromium();
run('lint and format', 'npx', ['biome', 'check', '.']);
run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('unit and API tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-mocks', '--project', 'api']);
run('console build', 'npx', ['vite', 'build']);
run('browser tests', 'npx', ['vitest', 'run', '--project', 'e2e']);
console.log('\n✔ All checks passed.');
