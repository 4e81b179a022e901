import { type PlanId, planIds } from '../../shared/plans.js';
import type { Database } from '../db/database.js';

/**
 * Which tenants exist and the plan each is on, read from the registry and remembered briefly (tenants are created
 * rarely, plans change rarely): a change made by another process is seen within `ttlMs`.
 */
export const tenantDirectory = (db: Database, ttlMs = 10_000) => {
  const known = new Map<string, { at: number; planId: PlanId }>();
  const lookup = async (tenantId: string) => {
    const seen = known.get(tenantId);
    if (seen !== undefined && Date.now() - seen.at < ttlMs) return seen;
    const { rows } = await db.query<{ plan_id: string }>('SELECT plan_id FROM tenants WHERE id = $1', [tenantId]);
    const planId = rows[0]?.plan_id;
    if (planId === undefined) return undefined;
    const entry = {
      at: Date.now(),
      planId: (planIds as readonly string[]).includes(planId) ? (planId as PlanId) : 'dev',
    };
    known.set(tenantId, entry);
    return entry;
  };
  return {
    async exists(tenantId: string): Promise<boolean> {
      return (await lookup(tenantId)) !== undefined;
    },
    /** The tenant's plan, if the tenant exists. */
    async planOf(tenantId: string): Promise<PlanId | undefined> {
      return (await lookup(tenantId))?.planId;
    },
    /** Forgets what this process knows of a tenant it deleted or moved to another plan. */
    forget(tenantId: string): void {
      known.delete(tenantId);
    },
  };
};

export type TenantDirectory = ReturnType<typeof tenantDirectory>;
