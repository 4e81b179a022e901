import type { Database } from '../db/database.js';

/** Which tenants exist, read from the registry and remembered briefly (tenants are created rarely). */
export const tenantDirectory = (db: Database, ttlMs = 10_000) => {
  const known = new Map<string, number>();
  return {
    async exists(tenantId: string): Promise<boolean> {
      const seen = known.get(tenantId);
      if (seen !== undefined && Date.now() - seen < ttlMs) return true;
      const { rows } = await db.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId]);
      if (rows.length > 0) known.set(tenantId, Date.now());
      return rows.length > 0;
    },
    /** Forgets a tenant this process deleted (another process notices within `ttlMs`). */
    forget(tenantId: string): void {
      known.delete(tenantId);
    },
  };
};

export type TenantDirectory = ReturnType<typeof tenantDirectory>;
