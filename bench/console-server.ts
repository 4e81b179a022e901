/**
 * The real server (`src/server/start.ts`) in a child process serving the built console, as the console benchmark and
 * the browser tests run it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root: the server runs there and serves its `dist/console`. */
export const root = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export interface ConsoleServer {
  origin: string;
  stop: () => Promise<void>;
}

export interface ConsoleServerOptions {
  /** Another name of the loopback address, which becomes the public URL. */
  hostname?: string;
  /**
   * The database to serve, left in place when the server stops; by default a fresh PGlite data directory, removed
   * when it stops (DATABASE_URL of the environment is ignored).
   */
  database?: { dataDir: string } | { databaseUrl: string };
  /** Fills the fresh data directory before the server opens it (the browser tests copy a migrated one in). */
  prepareDataDir?: (dataDir: string) => void;
}

/**
 * Starts `src/server/start.ts` on a free port (with `settings` added to its environment) and resolves once it prints
 * its console URL.
 */
export const startConsoleServer = async (
  settings: NodeJS.ProcessEnv = {},
  options: ConsoleServerOptions = {},
): Promise<ConsoleServer> => {
  const port = await freePort();
  // Another name of the loopback address (`localhost`, which passkeys accept as a relying party and an IP is not)
  // becomes the public URL.
  const origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const ownDataDir = options.database ? undefined : mkdtempSync(join(tmpdir(), 'gatehouse-e2e-data-'));
  if (ownDataDir) options.prepareDataDir?.(ownDataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settings,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(options.hostname ? { PUBLIC_URL: origin } : {}),
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const database = options.database ?? { dataDir: ownDataDir as string };
  if ('databaseUrl' in database) env.DATABASE_URL = database.databaseUrl;
  else env.DATA_DIR = database.dataDir;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${origin}/console`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
};
