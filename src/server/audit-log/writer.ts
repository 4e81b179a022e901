import type { FastifyBaseLogger } from 'fastify';
import { generateId } from '../crud/ids.js';
import type { Database } from '../db/database.js';
import { type LogRecord, payloadOf } from './record.js';

/** One row of the `logs` table, ready to insert. */
export interface LogRow {
  id: string;
  key: string;
  result: string;
  userId: string | null;
  applicationId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditLogWriterOptions {
  /** How long a record may wait for its batch (ms). */
  delayMs?: number;
  /** Rows per insert; a full batch is written at once. */
  batchSize?: number;
  /** Records held at most while the database is slow; beyond it new records are dropped and reported. */
  maxQueued?: number;
}

const COLUMNS = ['tenant_id', 'id', 'key', 'result', 'user_id', 'application_id', 'payload', 'created_at'];

/**
 * The audit log's writer. `record` only queues (it never waits, throws or touches the database); queued records are
 * inserted in batches, per tenant, after a short delay or as soon as a batch is full. A failed batch is reported in
 * the server log and dropped, never retried forever nor surfaced to the request that caused it.
 */
export class AuditLogWriter {
  private queue: { tenantId: string; row: LogRow }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dropped = 0;
  private readonly delayMs: number;
  private readonly batchSize: number;
  private readonly maxQueued: number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: AuditLogWriterOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueued = options.maxQueued ?? 50_000;
  }

  /** Queues one entry. */
  record(record: LogRecord): void {
    try {
      if (this.queue.length >= this.maxQueued) {
        this.dropped++;
        return;
      }
      this.queue.push({
        tenantId: record.tenantId,
        row: {
          id: generateId(),
          key: record.key,
          result: record.result,
          userId: record.userId ?? null,
          applicationId: record.applicationId ?? null,
          payload: payloadOf(record),
          createdAt: new Date(record.at ?? Date.now()),
        },
      });
      if (this.queue.length >= this.batchSize) this.schedule(0);
      else this.schedule(this.delayMs);
    } catch (error) {
      this.log.error({ err: error, key: record.key }, 'audit log entry refused');
    }
  }

  /** Resolves when every entry recorded so far has been written (or reported as failed). Tests and shutdown. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing || this.queue.length > 0) await this.startDrain();
  }

  /** Inserts the rows of one tenant in one statement. */
  async insert(tenantId: string, rows: LogRow[]): Promise<void> {
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const values = [tenantId, row.id, row.key, row.result, row.userId, row.applicationId, row.payload, row.createdAt];
      const start = params.length;
      params.push(...values);
      return `(${values.map((_, i) => `$${start + i + 1}${i === 6 ? '::jsonb' : ''}`).join(', ')})`;
    });
    await this.db.withTenant(tenantId, (tx) =>
      tx.query(`INSERT INTO logs (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, params),
    );
  }

  private schedule(delayMs: number) {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.startDrain();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * The drain under way, or a new one. `writing` is cleared once the drain has settled, after it was set: a drain
   * that finds the queue empty settles at once, and clearing inside it would leave a settled promise behind, on which
   * `flush` would wait forever without yielding.
   */
  private startDrain(): Promise<void> {
    if (!this.writing) {
      const writing: Promise<void> = this.drain().finally(() => {
        if (this.writing === writing) this.writing = undefined;
      });
      this.writing = writing;
    }
    return this.writing;
  }

  /** Writes batches until the queue is empty. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      const byTenant = new Map<string, LogRow[]>();
      for (const { tenantId, row } of batch) byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), row]);
      for (const [tenantId, rows] of byTenant) {
        try {
          await this.insert(tenantId, rows);
        } catch (error) {
          this.log.error({ err: error, tenantId, count: rows.length }, 'audit log batch failed');
        }
      }
    }
    if (this.dropped > 0) {
      this.log.error({ count: this.dropped }, 'audit log entries dropped: the queue was full');
      this.dropped = 0;
    }
  }
}
