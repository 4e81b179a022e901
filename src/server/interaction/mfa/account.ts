import { verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
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

/** A new verification's common fields. */
export const newVerification = (type: string) => ({ id: generateId(21), createdAt: new Date().toISOString(), type });
