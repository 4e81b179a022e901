import type { Database, Queryable } from '../../../../server/db/database.js';
import { type EmailBlocklistPolicy, emailBlocklistPolicyOf } from './email-blocklist.js';
import { type PasswordPolicy, passwordPolicyOf } from './password-policy.js';

/** How many failed password attempts lock an account (or an unknown identifier), and for how long (minutes). */
export interface SentinelPolicy {
  maxAttempts: number;
  lockoutDuration: number;
}

/**
 * What applies where the tenant's `sentinelPolicy` leaves a value out: 5 failures within 10 minutes, Gatehouse's
 * lockout from before the policy was configurable (stricter than Logto's 100 within 60 minutes).
 */
export const defaultSentinelPolicy: SentinelPolicy = { maxAttempts: 5, lockoutDuration: 10 };

/** What the sign-in pages enforce of a tenant's sign-in experience: its password, email and lockout policies. */
export interface SecuritySettings {
  passwordPolicy: PasswordPolicy;
  emailBlocklistPolicy: EmailBlocklistPolicy;
  sentinelPolicy: SentinelPolicy;
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

export const sentinelPolicyOf = (stored: unknown): SentinelPolicy => {
  const given = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<string, unknown>>;
  return {
    maxAttempts: positive(given.maxAttempts, defaultSentinelPolicy.maxAttempts),
    lockoutDuration: positive(given.lockoutDuration, defaultSentinelPolicy.lockoutDuration),
  };
};

interface Row {
  password_policy: unknown;
  email_blocklist_policy: unknown;
  sentinel_policy: unknown;
}

/** The tenant's settings inside a transaction of its own; the defaults where the tenant has no sign-in experience. */
export const readSecuritySettings = async (tx: Queryable, tenantId: string): Promise<SecuritySettings> => {
  const { rows } = await tx.query<Row>(
    `SELECT password_policy, email_blocklist_policy, sentinel_policy FROM sign_in_experiences WHERE tenant_id = $1`,
    [tenantId],
  );
  const row = rows[0];
  return {
    passwordPolicy: passwordPolicyOf(row?.password_policy),
    emailBlocklistPolicy: emailBlocklistPolicyOf(row?.email_blocklist_policy),
    sentinelPolicy: sentinelPolicyOf(row?.sentinel_policy),
  };
};

/** The tenant's settings, read fresh for every sign-in or registration (a PATCH applies at once). */
export const securitySettings = (db: Database) => (tenantId: string) =>
  db.withTenant(tenantId, (tx) => readSecuritySettings(tx, tenantId));
