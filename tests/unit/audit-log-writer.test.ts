import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuditLogWriter } from '../../src/server/audit-log/writer.js';
import type { Database } from '../../src/server/db/database.js';

/** A database that only counts the rows the writer inserts, and tells when a count is reached. */
const countingDatabase = () => {
  let rows = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const db = {
    withTenant: async (_tenantId: string, work: (tx: unknown) => Promise<unknown>) =>
      work({
        query: async (_sql: string, params: unknown[]) => {
          rows += params.length / 8;
          for (const waiter of waiters.filter((w) => rows >= w.count)) waiter.resolve();
          return { rows: [] };
        },
      }),
  } as unknown as Database;
  const reached = (count: number, withinMs: number) =>
    new Promise<boolean>((resolve) => {
      if (rows >= count) return resolve(true);
      waiters.push({ count, resolve: () => resolve(true) });
      setTimeout(() => resolve(false), withinMs);
    });
  return { db, reached, rows: () => rows };
};

const log = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const entry = (n: number) => ({ tenantId: 'default', key: `Test.Entry${n}`, result: 'Success' as const });

describe('the audit log writer', () => {
  it('keeps writing after its timer finds the queue already emptied by a flush', async () => {
    const { db, reached, rows } = countingDatabase();
    const writer = new AuditLogWriter(db, log, { delayMs: 1 });
    writer.record(entry(1));
    const flushing = writer.flush();
    // Recorded while the flush writes: the flush takes it too, and the timer it set then finds nothing to write.
    writer.record(entry(2));
    await flushing;
    expect(rows()).toBe(2);
    // The batch timer (1 ms) fires now, with nothing left to write.
    await new Promise((resolve) => setTimeout(resolve, 20));

    writer.record(entry(3));
    expect(await reached(3, 2_000)).toBe(true);
    await writer.flush();
    expect(rows()).toBe(3);
  });
});
