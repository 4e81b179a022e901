import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StartRefused } from '../start-refused.js';

/** The lock file every process that opens a PGlite data directory holds for as long as it has it open. */
export const LOCK_FILE = 'gatehouse.lock';

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const parse = (text: string): Holder | undefined => {
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string') {
      return { pid: holder.pid, host: holder.host, startedAt: String(holder.startedAt ?? '') };
    }
  } catch {}
  return undefined;
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
};

/**
 * Whether the lock's holder may still run. A process on another host (a shared volume) cannot be checked, so it
 * counts as running; on this host a pid that is gone, or that is this very process (a restarted container gets the
 * same pid again), left a stale lock.
 */
const held = (holder: Holder | undefined) =>
  holder !== undefined &&
  (holder.host !== hostname() || (holder.pid !== process.pid && holder.pid > 0 && alive(holder.pid)));

const refuse = (dir: string, holder: Holder | undefined, path: string) =>
  new StartRefused(
    `the data directory ${dir} is in use by process ${holder?.pid ?? '?'} on ${holder?.host ?? '?'}` +
      ` (since ${holder?.startedAt || '?'}). Only one process may open an embedded database directory: stop that` +
      ` process first, or set DATABASE_URL to let several processes share a PostgreSQL database. If that process` +
      ` is gone, delete ${path}.`,
  );

/**
 * Takes the data directory's lock file, or refuses (StartRefused) while another live process holds it. The file
 * is written whole under a temporary name and linked into place, which fails if it exists: two processes starting
 * at once cannot both win. A lock left by a killed process is stale and taken over. Returns the release function.
 */
export const lockDataDir = (dir: string): (() => void) => {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() });
  const draft = `${path}.${process.pid}.new`;
  writeFileSync(draft, `${mine}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
        return () => {
          // Only our own lock: never remove one that a later process took over.
          if (read(path)?.trim() === mine) unlinkSync(path);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = read(path);
      if (seen === undefined) continue;
      const holder = parse(seen);
      if (held(holder)) throw refuse(dir, holder, path);
      // Stale: move it aside under a name of our own, and put it back if it turned out to be a fresh one.
      const aside = `${path}.${process.pid}.stale`;
      try {
        renameSync(path, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = read(aside) ?? '';
      if (moved !== seen) {
        // Another process replaced the stale lock meanwhile: put its lock back and look again.
        try {
          linkSync(aside, path);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
      unlinkSync(aside);
    }
    throw refuse(dir, parse(read(path) ?? ''), path);
  } finally {
    unlinkSync(draft);
  }
};
