import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMigratedDataDir } from '../template-databases.js';
import { freePort } from './oidc-helpers.js';
import { ServerProcess } from './server-process.js';

/** One process per embedded database directory: a second one would write beside the first and lose its rows. */
describe('the embedded database directory is held by one server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-data-'));
  // Migrated already: the lock is what is tested here (headless-bootstrap.test.ts starts on an empty directory).
  copyMigratedDataDir(dataDir);
  const lockFile = join(dataDir, 'gatehouse.lock');
  const started: ServerProcess[] = [];
  const start = async () => {
    const server = new ServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(server);
    return server;
  };
  const firstRun = async (origin: string) => (await fetch(`${origin}/api/.well-known/first-run`)).status;

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server naming the directory and the holder; a killed holder does not block the next start', {
    timeout: 120_000,
  }, async () => {
    const first = await start();
    const firstOrigin = await first.up();
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.pid });

    const second = await start();
    expect(await second.exit()).not.toBe(0);
    expect(second.output).toContain(`Gatehouse cannot start: the data directory ${dataDir} is in use`);
    expect(second.output).toContain(`process ${first.pid}`);
    expect(second.output).not.toMatch(/\n\s+at /); // a reason, not a stack trace
    expect(await firstRun(firstOrigin)).toBe(200);

    // kill -9 leaves the lock file behind; its process is gone, so the next server takes the directory over.
    await first.stop('SIGKILL');
    expect(existsSync(lockFile)).toBe(true);
    const third = await start();
    expect(await firstRun(await third.up())).toBe(200);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: third.pid });

    // A clean stop releases the directory.
    expect(await third.stop('SIGTERM')).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
