import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { generateId } from '../../crud/ids.js';
import type { Repository } from '../../crud/repository.js';
import { deleteMany } from '../../crud/repository-sets.js';
import type { Database, Queryable } from '../../db/database.js';

/** Logto's passcode: 6 digits. */
export const PASSCODE_LENGTH = 6;

/** Logto's defaults of `verificationCodePolicy`: 10 minutes, 10 tries. */
export const defaultVerificationCodePolicy = { expirationDuration: 600, maxRetryAttempts: 10 } as const;

/** What a code is for: Logto's template types. */
export type PasscodeType =
  | 'SignIn'
  | 'Register'
  | 'ForgotPassword'
  | 'Generic'
  | 'UserPermissionValidation'
  | 'BindNewIdentifier';

/** Logto's answers to a refused code (`verification_code.*`, all 400). */
export type PasscodeRefusal =
  | 'not_found'
  | 'email_mismatch'
  | 'phone_mismatch'
  | 'expired'
  | 'exceed_max_try'
  | 'code_mismatch';

export interface PasscodeTarget {
  /**
   * The interaction the code belongs to (oidc-provider's interaction uid); null for a code of the management API
   * (Logto's Generic codes), found by its recipient instead.
   */
  jti: string | null;
  type: PasscodeType;
  email?: string | undefined;
  phone?: string | undefined;
}

/** SQL: the unconsumed codes of a target (`$2` jti, `$3` type, `$4` email, `$5` phone). */
const ofTarget = `type = $3 AND consumed = false
  AND (interaction_jti = $2 OR ($2::varchar IS NULL AND interaction_jti IS NULL
    AND email IS NOT DISTINCT FROM $4::varchar AND phone IS NOT DISTINCT FROM $5::varchar))`;

/** A phone number's digits: `+1 (555) 010-0200` and `15550100200` are one number. */
const digits = (phone: string) => phone.replace(/\D/g, '');

const randomCode = () => Array.from({ length: PASSCODE_LENGTH }, () => String(randomInt(10))).join('');

/** The stored form of a code: bound to its record, so equal codes of two records differ. */
const digestOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

const sameDigest = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The tenant's verification code policy (Logto's defaults where it leaves them out). */
const policyOf = async (tx: Queryable, tenantId: string) => {
  const { rows } = await tx.query<{ policy: { expirationDuration?: number; maxRetryAttempts?: number } | null }>(
    'SELECT verification_code_policy AS policy FROM sign_in_experiences WHERE tenant_id = $1',
    [tenantId],
  );
  const stored = rows[0]?.policy ?? {};
  return {
    expirationDuration: stored.expirationDuration ?? defaultVerificationCodePolicy.expirationDuration,
    maxRetryAttempts: stored.maxRetryAttempts ?? defaultVerificationCodePolicy.maxRetryAttempts,
  };
};

/**
 * Verification codes as Logto's passcode library keeps them, one table per tenant (`passcodes`, a storage-only
 * entity written through its repository): a new code for an interaction and type replaces the unconsumed ones; a
 * code is verified once (the row is consumed under a row lock, so of two submissions of the same code exactly one
 * passes), within the policy's expiry and number of tries. Only a digest of the code is stored.
 */
export class Passcodes {
  constructor(
    private readonly db: Database,
    /** The passcode entity's repository. */
    private readonly passcodes: Repository,
  ) {}

  /** The tenant's verification code policy: how long a code lives (seconds), how many tries it allows. */
  policy(tenantId: string) {
    return this.db.withTenant(tenantId, (tx) => policyOf(tx, tenantId));
  }

  /** A new code for the target (its earlier unconsumed codes deleted): the record's id and the code to send. */
  create(tenantId: string, target: PasscodeTarget): Promise<{ id: string; code: string }> {
    return this.db.withTenant(tenantId, async (tx) => {
      // The target's earlier codes of the type, and any code older than a day (long expired), go.
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM passcodes WHERE tenant_id = $1 AND ((${ofTarget}) OR created_at < now() - interval '1 day')`,
        [tenantId, target.jti, target.type, target.email ?? null, target.phone ?? null],
      );
      await deleteMany(
        this.passcodes,
        tx,
        tenantId,
        rows.map((row) => row.id),
      );
      const id = generateId();
      const code = randomCode();
      await this.passcodes.insert(tx, tenantId, {
        id,
        interactionJti: target.jti,
        type: target.type,
        email: target.email ?? null,
        phone: target.phone ?? null,
        codeDigest: digestOf(id, code),
      });
      return { id, code };
    });
  }

  /**
   * Checks a submitted code as Logto does, in this order: the interaction's unconsumed code of the type, the email
   * address or phone number it was sent to, its age, its tries, the code (a wrong one counts a try). Answers the
   * refusal, or the id of the record it consumed.
   */
  verify(
    tenantId: string,
    target: PasscodeTarget,
    code: string,
  ): Promise<{ refusal: PasscodeRefusal } | { refusal?: undefined; id: string }> {
    return this.db.withTenant(tenantId, async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        email: string | null;
        phone: string | null;
        code_digest: string;
        try_count: number;
        age: number;
      }>(
        `SELECT id, email, phone, code_digest, try_count, extract(epoch FROM now() - created_at)::float8 AS age
         FROM passcodes
         WHERE tenant_id = $1 AND ${ofTarget}
         ORDER BY created_at DESC LIMIT 1
         FOR UPDATE`,
        [tenantId, target.jti, target.type, target.email ?? null, target.phone ?? null],
      );
      const passcode = rows[0];
      if (!passcode) return { refusal: 'not_found' };
      if (target.email !== undefined && (passcode.email ?? '').toLowerCase() !== target.email.toLowerCase()) {
        return { refusal: 'email_mismatch' };
      }
      if (target.phone !== undefined && digits(passcode.phone ?? '') !== digits(target.phone)) {
        return { refusal: 'phone_mismatch' };
      }
      const policy = await policyOf(tx, tenantId);
      if (Number(passcode.age) > policy.expirationDuration) return { refusal: 'expired' };
      if (passcode.try_count >= policy.maxRetryAttempts) return { refusal: 'exceed_max_try' };
      // The row is locked (and was unconsumed when read) until the transaction ends: these writes are its only ones.
      const scope = { tenantId };
      if (!/^\d+$/.test(code) || !sameDigest(digestOf(passcode.id, code), passcode.code_digest)) {
        await this.passcodes.update(tx, scope, passcode.id, { tryCount: passcode.try_count + 1 });
        return { refusal: 'code_mismatch' };
      }
      const consumed = await this.passcodes.update(tx, scope, passcode.id, { consumed: true });
      return consumed ? { id: passcode.id } : { refusal: 'not_found' };
    });
  }

  /**
   * Spends a verified (consumed) code on what it verified: true once, false for every later call, so a verification
   * finishes one flow however many requests carry it.
   */
  spend(tenantId: string, id: string): Promise<boolean> {
    return this.db.withTenant(tenantId, async (tx) => {
      // Locked, the row is spent by one call; the others find it gone.
      const stored = await this.passcodes.find(tx, { tenantId }, id, true);
      if (stored?.consumed !== true) return false;
      return (await this.passcodes.delete(tx, { tenantId }, id)) !== undefined;
    });
  }
}
