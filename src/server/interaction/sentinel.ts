import { createHash } from 'node:crypto';
import { generateId } from '../crud/ids.js';
import type { Database, Queryable } from '../db/database.js';

/** How many failed password attempts lock an identifier, and for how long (seconds). */
export interface SentinelPolicy {
  maxAttempts: number;
  lockoutDuration: number;
}

export const defaultSentinelPolicy: SentinelPolicy = { maxAttempts: 5, lockoutDuration: 600 };

/** The `tenant_configs` key that overrides the policy for a tenant. */
export const SENTINEL_POLICY_KEY = 'sentinelPolicy';

export type SentinelVerdict = { blocked: false } | { blocked: true; until: Date; retryAfter: number };

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

/** Identifiers are counted by hash, never stored in clear; the same address typed in other case counts together. */
export const targetHash = (identifier: string) =>
  createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex');

/**
 * Lockout after repeated failures. Every verified password attempt is one `sentinel_activities` row. An identifier
 * is locked while it has `maxAttempts` failures within the last `lockoutDuration` seconds and after its last
 * success; the lock ends when the oldest of those failures leaves the window. A success starts the count again.
 */
export class Sentinel {
  constructor(private readonly db: Database) {}

  async policy(tx: Queryable, tenantId: string): Promise<SentinelPolicy> {
    const { rows } = await tx.query<{ value: Partial<SentinelPolicy> }>(
      'SELECT value FROM tenant_configs WHERE tenant_id = $1 AND id = $2',
      [tenantId, SENTINEL_POLICY_KEY],
    );
    const value = rows[0]?.value ?? {};
    return {
      maxAttempts: positive(value.maxAttempts, defaultSentinelPolicy.maxAttempts),
      lockoutDuration: positive(value.lockoutDuration, defaultSentinelPolicy.lockoutDuration),
    };
  }

  private async verdict(tx: Queryable, tenantId: string, hash: string): Promise<SentinelVerdict> {
    const { maxAttempts, lockoutDuration } = await this.policy(tx, tenantId);
    const { rows } = await tx.query<{ until: Date; now: Date }>(
      `SELECT f.created_at + make_interval(secs => $3) AS until, now() AS now
       FROM sentinel_activities f
       WHERE f.tenant_id = $1 AND f.target_hash = $2 AND f.action = 'Password' AND f.action_result = 'Failed'
         AND f.created_at > now() - make_interval(secs => $3)
         AND f.created_at > COALESCE((
           SELECT max(s.created_at) FROM sentinel_activities s
           WHERE s.tenant_id = $1 AND s.target_hash = $2 AND s.action = 'Password' AND s.action_result = 'Success'
         ), '-infinity'::timestamptz)
       ORDER BY f.created_at DESC
       LIMIT $4`,
      [tenantId, hash, lockoutDuration, maxAttempts],
    );
    const oldest = rows[maxAttempts - 1];
    if (!oldest) return { blocked: false };
    const until = new Date(oldest.until);
    const retryAfter = Math.max(1, Math.ceil((until.getTime() - new Date(oldest.now).getTime()) / 1000));
    return { blocked: true, until, retryAfter };
  }

  /** Whether the identifier is locked right now. */
  check(tenantId: string, identifier: string): Promise<SentinelVerdict> {
    return this.db.withTenant(tenantId, (tx) => this.verdict(tx, tenantId, targetHash(identifier)));
  }

  /** Records one attempt and answers whether the identifier is locked after it. */
  report(tenantId: string, identifier: string, result: 'Success' | 'Failed'): Promise<SentinelVerdict> {
    const hash = targetHash(identifier);
    return this.db.withTenant(tenantId, async (tx) => {
      const id = generateId();
      await tx.query(
        `INSERT INTO sentinel_activities (tenant_id, id, target_hash, action, action_result, decision)
         VALUES ($1, $2, $3, 'Password', $4, 'Allowed')`,
        [tenantId, id, hash, result],
      );
      if (result === 'Success') return { blocked: false };
      const verdict = await this.verdict(tx, tenantId, hash);
      if (verdict.blocked) {
        await tx.query(`UPDATE sentinel_activities SET decision = 'Blocked' WHERE tenant_id = $1 AND id = $2`, [
          tenantId,
          id,
        ]);
      }
      return verdict;
    });
  }
}
