import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm start` without npm: the real server as a child process, its output collected. */
export class ServerProcess {
  readonly child: ChildProcess;
  private text = '';
  private readonly exited: Promise<number | null>;

  constructor(env: Record<string, string | undefined>) {
    const { DATABASE_URL: _, DATA_DIR: __, ...inherited } = process.env;
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      cwd: root,
      // No console build needed: the server then serves the API only.
      env: { ...inherited, CONSOLE_DIR: '/nonexistent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.append(chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.append(chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  private waiters: (() => void)[] = [];
  private append(chunk: string) {
    this.text += chunk;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Everything the process printed so far (stdout and stderr). */
  get output(): string {
    return this.text;
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Resolves with the exit code once the process has ended. */
  exit(): Promise<number | null> {
    return this.exited;
  }

  /** Resolves once the output matches `pattern`; rejects, with the output, if the process ends first. */
  async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    let done = false;
    const ended = this.exited.then((code) => {
      if (!done) throw new Error(`The server exited (${code}) before printing ${pattern}:\n${this.text}`);
    });
    for (;;) {
      const match = this.text.match(pattern);
      if (match) {
        done = true;
        return match;
      }
      await Promise.race([new Promise<void>((resolve) => this.waiters.push(resolve)), ended]);
    }
  }

  /** Resolves with the origin once the server says it is listening. */
  async up(): Promise<string> {
    const match = await this.waitFor(/(?:Console|API): (http:\/\/[^/\s]+)/);
    return match[1] as string;
  }

  /** Sends `signal` and waits for the process to end; resolves with its exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

/** A database of its own on the Postgres server of `databaseUrl`, dropped by `drop()`. */
export const freshPostgresDatabase = async (databaseUrl: string) => {
  const name = `gatehouse_proc_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      } finally {
        await admin.end();
      }
    },
  };
};
