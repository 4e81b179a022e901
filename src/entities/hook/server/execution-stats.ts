import type { AfterReadOverride } from '../../../server/crud/overrides.js';

/** How far back a hook's execution stats look: Logto's last day. */
const STATS_WINDOW = '1 day';

/**
 * Logto's `executionStats` of hooks: each hook's deliveries logged in the last day and how many of them the endpoint
 * accepted, counted in one statement for all the answered hooks.
 */
export const executionStats: AfterReadOverride = {
  kind: 'afterRead',
  run: async (items, { db, tenantId }) => {
    const { rows } = await db.query<{ hook_id: string; requests: number; successes: number }>(
      `SELECT hook_id, count(*)::int AS requests,
              count(*) FILTER (WHERE payload->>'result' = 'Success')::int AS successes
         FROM hook_logs
        WHERE tenant_id = $1 AND hook_id = ANY($2) AND created_at > now() - $3::interval
        GROUP BY hook_id`,
      [tenantId, items.map((item) => String(item.id)), STATS_WINDOW],
    );
    const byHook = new Map(rows.map((row) => [row.hook_id, row]));
    return items.map((item) => {
      const stats = byHook.get(String(item.id));
      return { ...item, executionStats: { requestCount: stats?.requests ?? 0, successCount: stats?.successes ?? 0 } };
    });
  },
};
