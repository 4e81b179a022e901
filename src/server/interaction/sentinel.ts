import { createHash } from 'node:crypto';
import { readSecuritySettings, type SentinelPolicy } from '../../entities/user/server/account/security-settings.js';
import { generateId } from '../crud/ids.js';
import type { Database, Queryable } from '../db/database.js';

export type SentinelVerdict = { blocked: false } | { blocked: true; until: Date; retryAfter: number };

/**
 * What is verified, as Logto's sentinel names it: passwords, and each MFA factor in a pool of its own (a wrong
 * TOTP code does not lock the password, nor the reverse).
 */
export type SentinelAction = 'Password' | 'MfaTotp' | 'WebAuthn' | 'MfaBackupCode' | 'VerificationCode';

/** What an attempt names, as Logto's `Identifier.Lockout` webhook carries it (`userId` for an MFA factor). */
export interface LockoutIdentifier {
  type: 'username' | 'email' | 'phone' | 'userId';
  value: string;
}

/** Told when a target is locked: a failure locked it, or an attempt came while it was (Logto's `Identifier.Lockout`). */
export type LockoutListener = (tenantId: string, identifier: LockoutIdentifier) => void;

/** An attempt the sentinel let through: the secret may now be verified once, then the result reported. */
export type SentinelAttempt = {
  blocked: false;
  id: string;
  target: string;
  action: SentinelAction;
  identifier?: LockoutIdentifier | undefined;
};

/**
 * What attempts are counted against, by hash (never stored in clear): the account once the identifier names one,
 * so its username and its email share one count; otherwise the identifier as typed (in any letter case), so
 * probing unknown names locks too.
 */
export const sentinelTarget = (identifier: string, accountId?: string) =>
  createHash('sha256')
    .update(accountId ? `account:${accountId}` : `identifier:${identifier.trim().toLowerCase()}`)
    .digest('hex');

/**
 * Lockout after repeated failures, per the tenant's `sentinelPolicy` (sign-in experience). Every verified password
 * attempt is one `sentinel_activities` row. A target is locked while it has `maxAttempts` failures within the last
 * `lockoutDuration` minutes and after its last success;
 * the lock ends when the oldest of those failures leaves the window. A success starts the count again.
 *
 * Admission and recording are one step: `admit` takes a transaction-scoped advisory lock on the target, and either
 * refuses or records the attempt as a failure before the password is verified (a success then corrects it). So
 * however many attempts arrive at once, at most `maxAttempts` of them get their password verified.
 */
export class Sentinel {
  constructor(
    private readonly db: Database,
    private readonly onLockout?: LockoutListener,
  ) {}

  async policy(tx: Queryable, tenantId: string): Promise<SentinelPolicy> {
    return (await readSecuritySettings(tx, tenantId)).sentinelPolicy;
  }

  /** The verdict from the target's rows, or from those recorded up to and including the attempt `upTo`. */
  private async verdict(
    tx: Queryable,
    tenantId: string,
    target: string,
    action: SentinelAction,
    upTo?: string,
  ): Promise<SentinelVerdict> {
    const { maxAttempts, lockoutDuration: minutes } = await this.policy(tx, tenantId);
    const lockoutDuration = minutes * 60;
    const { rows } = await tx.query<{ until: Date; now: Date }>(
      `WITH upto AS (
         SELECT COALESCE((SELECT created_at FROM sentinel_activities WHERE tenant_id = $1 AND id = $5),
                         'infinity'::timestamptz) AS at
       )
       SELECT f.created_at + make_interval(secs => $3) AS until, now() AS now
       FROM sentinel_activities f, upto
       WHERE f.tenant_id = $1 AND f.target_hash = $2 AND f.action = $6 AND f.action_result = 'Failed'
         AND f.created_at > now() - make_interval(secs => $3) AND f.created_at <= upto.at
         AND f.created_at > COALESCE((
           SELECT max(s.created_at) FROM sentinel_activities s
           WHERE s.tenant_id = $1 AND s.target_hash = $2 AND s.action = $6 AND s.action_result = 'Success'
             AND s.created_at <= upto.at
         ), '-infinity'::timestamptz)
       ORDER BY f.created_at DESC
       LIMIT $4`,
      [tenantId, target, lockoutDuration, maxAttempts, upTo ?? null, action],
    );
    const oldest = rows[maxAttempts - 1];
    if (!oldest) return { blocked: false };
    const until = new Date(oldest.until);
    const retryAfter = Math.max(1, Math.ceil((until.getTime() - new Date(oldest.now).getTime()) / 1000));
    return { blocked: true, until, retryAfter };
  }

  /**
   * Lets one attempt on `target` through, or answers that the target is locked. An admitted attempt is recorded at
   * once as a failure, under a lock on the target, so concurrent attempts count each other.
   */
  async admit(
    tenantId: string,
    target: string,
    action: SentinelAction = 'Password',
    identifier?: LockoutIdentifier,
  ): Promise<SentinelAttempt | (SentinelVerdict & { blocked: true })> {
    const admitted = await this.db.withTenant(tenantId, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.sentinel.${tenantId}.${target}`]);
      const verdict = await this.verdict(tx, tenantId, target, action);
      if (verdict.blocked) return verdict;
      const id = generateId();
      // clock_timestamp(): the order of the rows is the order the lock admitted them in.
      await tx.query(
        `INSERT INTO sentinel_activities (tenant_id, id, target_hash, action, action_result, decision, created_at)
         VALUES ($1, $2, $3, $4, 'Failed', 'Undecided', clock_timestamp())`,
        [tenantId, id, target, action],
      );
      return { blocked: false as const, id, target, action, identifier };
    });
    if (admitted.blocked && identifier) this.onLockout?.(tenantId, identifier);
    return admitted;
  }

  /** The secret was right: the attempt becomes a success, and the count starts again. */
  succeeded(tenantId: string, attempt: SentinelAttempt): Promise<void> {
    return this.db.withTenant(tenantId, async (tx) => {
      await tx.query(
        `UPDATE sentinel_activities SET action_result = 'Success', decision = 'Allowed' WHERE tenant_id = $1 AND id = $2`,
        [tenantId, attempt.id],
      );
    });
  }

  /** The secret was wrong: answers whether this failure locked the target (counting the attempts before it). */
  async failed(tenantId: string, attempt: SentinelAttempt): Promise<SentinelVerdict> {
    const verdict = await this.db.withTenant(tenantId, async (tx) => {
      const verdict = await this.verdict(tx, tenantId, attempt.target, attempt.action, attempt.id);
      await tx.query(`UPDATE sentinel_activities SET decision = $3 WHERE tenant_id = $1 AND id = $2`, [
        tenantId,
        attempt.id,
        verdict.blocked ? 'Blocked' : 'Allowed',
      ]);
      return verdict;
    });
    if (verdict.blocked && attempt.identifier) this.onLockout?.(tenantId, attempt.identifier);
    return verdict;
  }
}
