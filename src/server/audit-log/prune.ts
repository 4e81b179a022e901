import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

export interface PruneOptions {
  /** Rows deleted per statement: short statements keep locks and WAL bursts small on a large table. */
  batchSize?: number;
}

/**
 * Deletes the audit log entries older than each tenant's `auditLogsRetentionDays`, a batch at a time (each batch
 * reads its rows through the `(tenant_id, created_at, id)` index). Returns how many entries were deleted per tenant.
 */
export const pruneAuditLogs = async (db: Database, { batchSize = 5000 }: PruneOptions = {}) => {
  const { rows: tenants } = await db.query<{ id: string; days: number }>(
    'SELECT id, audit_logs_retention_days AS days FROM tenants ORDER BY id',
  );
  const deleted: Record<string, number> = {};
  for (const tenant of tenants) {
    let total = 0;
    for (;;) {
      const { rows } = await db.withTenant(tenant.id, (tx) =>
        tx.query<{ n: number }>(
          `WITH old AS (
             SELECT id FROM logs WHERE tenant_id = $1 AND created_at < now() - make_interval(days => $2::int)
             ORDER BY created_at LIMIT $3
           ), gone AS (DELETE FROM logs WHERE tenant_id = $1 AND id IN (SELECT id FROM old) RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [tenant.id, tenant.days, batchSize],
        ),
      );
      const n = Number(rows[0]?.n ?? 0);
      total += n;
      if (n < batchSize) break;
    }
    if (total > 0) deleted[tenant.id] = total;
  }
  return deleted;
};

/** Prunes on a timer (first run after `intervalMs`); returns the function that stops it. */
export const schedulePruning = (db: Database, log: FastifyBaseLogger, intervalMs = 60 * 60 * 1000) => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pruneAuditLogs(db)
      .then((deleted) => {
        if (Object.keys(deleted).length > 0) log.info({ deleted }, 'audit log pruned');
      })
      .catch((error: unknown) => log.error({ err: error }, 'audit log pruning failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
