import { type StoredVerification, verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
import type { UserRecord } from '../../../entities/user/server/account/store.js';
import { generateId } from '../../crud/ids.js';
import type { Database } from '../../db/database.js';
import type { MfaFactorType, PageMfa } from '../experience.js';
import type { MfaUserState } from './policy.js';

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/** WebAuthn first, backup codes last, as Logto orders a user's factors. */
const order: Record<MfaFactorType, number> = { WebAuthn: 0, Totp: 1, BackupCode: 2 };

/**
 * The user's factors the sign-in experience offers, backup codes only while one is left (Logto's
 * `getAllUserEnabledMfaVerifications`), each type once.
 */
export const userFactors = (settings: PageMfa, user: UserRecord): MfaFactorType[] => {
  const usable = verificationsOf(user).filter(
    (verification) =>
      settings.factors.includes(verification.type as MfaFactorType) &&
      (verification.type !== 'BackupCode' || (verification.codes ?? []).some((code) => !code.usedAt)),
  );
  return [...new Set(usable.map((verification) => verification.type as MfaFactorType))].sort(
    (a, b) => order[a] - order[b],
  );
};

/** Whether the user belongs to an organization that requires MFA. */
const inMfaOrganization = (db: Database, tenantId: string, userId: string) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<{ required: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM organization_user_relations r
         JOIN organizations o ON o.tenant_id = r.tenant_id AND o.id = r.organization_id
         WHERE r.tenant_id = $1 AND r.user_id = $2 AND o.is_mfa_required
       ) AS required`,
      [tenantId, userId],
    );
    return rows[0]?.required === true;
  });

/** What the MFA policy needs to know of the user. */
export const userMfaState = async (
  db: Database,
  tenantId: string,
  settings: PageMfa,
  user: UserRecord,
): Promise<MfaUserState> => {
  const mfa = objectOf(objectOf(user.logtoConfig).mfa);
  return {
    factors: userFactors(settings, user),
    enabled: typeof mfa.enabled === 'boolean' ? mfa.enabled : undefined,
    skipped: mfa.skipped === true,
    skipMfaOnSignIn: mfa.skipMfaOnSignIn === true,
    // Without factors there is nothing to require (and no query to run on every sign-in).
    requiredByOrganization:
      settings.factors.length > 0 &&
      settings.organizationsMayRequire &&
      (await inMfaOrganization(db, tenantId, user.id)),
  };
};

/**
 * Takes a TOTP time step for the user's TOTP factor, only when it is later than the last step taken: the same
 * code (or an older one) is refused, however many requests race for it (Logto's `lastUsedTimeStep`).
 */
export const takeTotpStep = (db: Database, tenantId: string, userId: string, step: number) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE users SET mfa_verifications = (
         SELECT jsonb_agg(CASE WHEN item->>'type' = 'Totp'
           THEN item || jsonb_build_object('lastUsedAt', $4::text, 'lastUsedTimeStep', $3::bigint)
           ELSE item END ORDER BY ordinal)
         FROM jsonb_array_elements(mfa_verifications) WITH ORDINALITY AS m(item, ordinal))
       WHERE tenant_id = $1 AND id = $2 AND EXISTS (
         SELECT 1 FROM jsonb_array_elements(mfa_verifications) AS m(item)
         WHERE item->>'type' = 'Totp' AND (
           NOT (item ? 'lastUsedTimeStep') OR jsonb_typeof(item->'lastUsedTimeStep') <> 'number'
           OR (item->>'lastUsedTimeStep')::bigint < $3::bigint))
       RETURNING id`,
      [tenantId, userId, step, new Date().toISOString()],
    );
    return rows.length === 1;
  });

/** Marks one unused backup code (by digest) used; false when the user has no such unused code. */
export const takeBackupCode = (db: Database, tenantId: string, userId: string, digest: string) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query(
      `UPDATE users SET mfa_verifications = (
         SELECT jsonb_agg(CASE WHEN item->>'type' = 'BackupCode' THEN jsonb_set(item, '{codes}', (
             SELECT COALESCE(jsonb_agg(CASE WHEN c->>'code' = $3 AND COALESCE(c->>'usedAt', '') = ''
               THEN c || jsonb_build_object('usedAt', $4::text) ELSE c END ORDER BY o), '[]'::jsonb)
             FROM jsonb_array_elements(COALESCE(item->'codes', '[]'::jsonb)) WITH ORDINALITY AS cs(c, o)))
           ELSE item END ORDER BY ordinal)
         FROM jsonb_array_elements(mfa_verifications) WITH ORDINALITY AS m(item, ordinal))
       WHERE tenant_id = $1 AND id = $2 AND EXISTS (
         SELECT 1 FROM jsonb_array_elements(mfa_verifications) AS m(item),
           jsonb_array_elements(CASE WHEN item->>'type' = 'BackupCode' THEN item->'codes' ELSE '[]'::jsonb END) AS cs(c)
         WHERE c->>'code' = $3 AND COALESCE(c->>'usedAt', '') = '')
       RETURNING id`,
      [tenantId, userId, digest, new Date().toISOString()],
    );
    return rows.length === 1;
  });

/** A new verification's common fields. */
export const newVerification = (type: string) => ({ id: generateId(21), createdAt: new Date().toISOString(), type });

/** What the end of an MFA flow stores on the user. */
export interface MfaOutcome {
  /**
   * The user's verifications with the factors bound in the interaction among them; `undefined` when one of them can
   * no longer be added (another interaction bound the user's one authenticator app meanwhile).
   */
  bind: (existing: StoredVerification[]) => StoredVerification[] | undefined;
  skipped?: boolean | undefined;
  enabled?: boolean | undefined;
}

/**
 * Stores what the flow bound and the user's answers (`logtoConfig.mfa.skipped`, `enabled`), under a lock on the
 * user's row. Answers false, storing nothing, when `bind` refuses the user's verifications as they now are.
 */
export const storeMfaOutcome = (db: Database, tenantId: string, userId: string, outcome: MfaOutcome) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<{ mfa_verifications: unknown; logto_config: unknown }>(
      'SELECT mfa_verifications, logto_config FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
      [tenantId, userId],
    );
    const row = rows[0];
    if (!row) return false;
    const stored = verificationsOf({ mfaVerifications: row.mfa_verifications });
    const verifications = outcome.bind(stored);
    if (!verifications) return false;
    const config = objectOf(row.logto_config);
    const mfa = {
      ...objectOf(config.mfa),
      ...(outcome.skipped ? { skipped: true } : {}),
      ...(outcome.enabled ? { enabled: true } : {}),
    };
    await tx.query(
      'UPDATE users SET mfa_verifications = $3::jsonb, logto_config = $4::jsonb WHERE tenant_id = $1 AND id = $2',
      [tenantId, userId, JSON.stringify(verifications), JSON.stringify({ ...config, mfa })],
    );
    return true;
  });

/**
 * Reads the user's verifications under a lock on their row, lets `change` check them and answer the new ones, and
 * writes those in the same transaction: two requests checking the same verification (a WebAuthn signature counter)
 * cannot both pass. What `change` throws rolls it back and reaches the caller.
 */
export const updateVerifications = (
  db: Database,
  tenantId: string,
  userId: string,
  change: (stored: StoredVerification[]) => Promise<StoredVerification[]>,
) =>
  db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<{ mfa_verifications: unknown }>(
      'SELECT mfa_verifications FROM users WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
      [tenantId, userId],
    );
    const stored = verificationsOf({ mfaVerifications: rows[0]?.mfa_verifications });
    const next = await change(stored);
    await tx.query('UPDATE users SET mfa_verifications = $3::jsonb WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      userId,
      JSON.stringify(next),
    ]);
  });
