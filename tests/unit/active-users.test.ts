import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { generatedCatalog } from '../../src/server/catalog.js';
import { modelOf } from '../../src/server/crud/catalog.js';
import { Repository } from '../../src/server/crud/repository.js';
import type { Database } from '../../src/server/db/database.js';
import { ActiveUsers, startOfUtcDay } from '../../src/server/oidc/active-users.js';

/** A database whose tenant transactions wait for `release` and then run `outcome`. */
const heldDatabase = (outcome: () => Promise<void>) => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const queries: unknown[][] = [];
  const db = {
    withTenant: async (
      _tenantId: string,
      work: (tx: { query: (sql: string, params: unknown[]) => Promise<unknown> }) => Promise<void>,
    ) => {
      await gate;
      await work({
        query: async (_sql, params) => {
          queries.push(params);
          await outcome();
          return { rows: [] };
        },
      });
    },
  } as unknown as Database;
  return { db, queries, release };
};

const days = new Repository(modelOf(generatedCatalog(), 'dailyActiveUser'));

const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('recording active users beside the token request', () => {
  it('returns at once, and settles once the write is done, recording the start of the UTC day', async () => {
    const { db, queries, release } = heldDatabase(async () => {});
    const recorder = new ActiveUsers(db, days, logger());
    const at = Date.parse('2026-03-04T23:59:59.999Z');
    recorder.record('default', 'u1', at);
    expect(queries).toEqual([]);
    let settled = false;
    const done = recorder.settled().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await done;
    expect(queries).toHaveLength(1);
    expect(queries[0]?.[0]).toBe('default');
    expect(queries[0]?.[2]).toBe('u1');
    expect(queries[0]?.[3]).toEqual(new Date('2026-03-04T00:00:00.000Z'));
    expect(startOfUtcDay(at)).toBe(Date.parse('2026-03-04T00:00:00Z'));
  });

  it('logs a failed write and never throws it', async () => {
    const { db, release } = heldDatabase(async () => {
      throw new Error('database gone');
    });
    const log = logger();
    const recorder = new ActiveUsers(db, days, log);
    expect(() => recorder.record('default', 'u1')).not.toThrow();
    release();
    await recorder.settled();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
