import { createHash } from 'node:crypto';
import { generateId } from '../../crud/ids.js';
import type { Database } from '../../db/database.js';

/** Logto's `defaultMessageRateLimitPolicy`: at most 10 messages to one recipient within 10 minutes. */
export const messageRateLimit = { sendWindow: 600, maxSendsPerRecipient: 10 } as const;

/** Logto's resend countdown on its verification code page: a new code after 60 seconds. */
export const RESEND_AFTER_SECONDS = 60;

const recipientHash = (recipient: string) => createHash('sha256').update(recipient.trim().toLowerCase()).digest('hex');

/**
 * Logto's message rate guard: every code sent to a recipient (or whose delivery was suppressed, so an unknown
 * address is limited like a known one) is a `VerificationCodeSend` row of `sentinel_activities`, by the address's
 * hash. Answers false, recording nothing, when the recipient had its share within the window; the check and the
 * record are one step under a lock on the recipient.
 */
export const admitMessage = (db: Database, tenantId: string, recipient: string): Promise<boolean> =>
  db.withTenant(tenantId, async (tx) => {
    const target = recipientHash(recipient);
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.message.${tenantId}.${target}`]);
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sentinel_activities
       WHERE tenant_id = $1 AND target_hash = $2 AND action = 'VerificationCodeSend'
         AND created_at > now() - make_interval(secs => $3)`,
      [tenantId, target, messageRateLimit.sendWindow],
    );
    if (Number(rows[0]?.n ?? 0) >= messageRateLimit.maxSendsPerRecipient) return false;
    await tx.query(
      `INSERT INTO sentinel_activities (tenant_id, id, target_hash, action, action_result, decision, created_at)
       VALUES ($1, $2, $3, 'VerificationCodeSend', 'Success', 'Allowed', clock_timestamp())`,
      [tenantId, generateId(), target],
    );
    return true;
  });
