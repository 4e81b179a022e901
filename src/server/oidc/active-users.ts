import type { FastifyBaseLogger } from 'fastify';
import { generateId } from '../crud/ids.js';
import type { Repository } from '../crud/repository.js';
import { insertIfAbsent } from '../crud/repository-sets.js';
import type { Database } from '../db/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start (UTC) of the day holding `at`. */
export const startOfUtcDay = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/**
 * Records the users who were issued a token, once per user and day (the `dailyActiveUser` entity, through its
 * repository), as the dashboard's active users count them. A write runs beside the token request: the answer never waits for it, and a failed write is
 * logged, never the request's error. `settled()` resolves once the writes under way have finished (the server
 * waits for it before it closes the database).
 */
export class ActiveUsers {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    /** The daily active user entity's repository. */
    private readonly days: Repository,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(tenantId: string, userId: string, at = Date.now()): void {
    const write = this.db
      .withTenant(tenantId, async (tx) => {
        await insertIfAbsent(this.days, tx, tenantId, { id: generateId(), userId, date: startOfUtcDay(at) });
      })
      .catch((error: unknown) => this.log.warn({ err: error, tenantId }, 'Could not record an active user'))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
