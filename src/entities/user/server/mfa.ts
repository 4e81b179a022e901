import QRCode from 'qrcode';
import { generateId } from '../../../server/crud/ids.js';
import type { ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { BACKUP_CODE_COUNT, backupCodeDigest, generateBackupCodes } from './account/backup-codes.js';
import { type StoredVerification, verificationsOf } from './account/mfa-verifications.js';
import { generateTotpSecret, totpKeyUri } from './account/totp.js';
import { changeUser, readUser } from './stored-user.js';

/**
 * A user's MFA verifications, kept in the private `mfaVerifications` field as Logto keeps them: `{id, createdAt,
 * type, ...}` with the factor's secret (`key` of a TOTP factor, `codes` of a backup code group). Backup codes are
 * stored as SHA-256 digests; the caller sees them once, in the answer that creates them. Lists leave secrets out.
 */

interface MfaBody {
  type: 'Totp' | 'BackupCode';
  secret?: string;
  codes?: string[];
}

const BACKUP_CODE = /^[\da-f]{10}$/i;
/** RFC 4648 base32, as authenticator apps read TOTP secrets; 16 to 32 characters, as Logto accepts. */
const BASE32 = /^(?:[2-7A-Z]{8})*(?:[2-7A-Z]{2}={6}|[2-7A-Z]{4}={4}|[2-7A-Z]{5}={3}|[2-7A-Z]{7}=)?$/;

const isTotpSecret = (secret: string) => secret.length >= 16 && secret.length <= 32 && BASE32.test(secret);

/** Who the authenticator app names the account after: Logto's display name of the user. */
const accountName = (user: Entity) =>
  [user.name, user.primaryEmail, user.primaryPhone, user.username].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  ) ?? 'Unnamed User';

/** What a list shows of a verification: never its secret. */
export const listedMfaVerification = (verification: StoredVerification) => {
  const { id, createdAt, type } = verification;
  if (type === 'BackupCode') {
    return { id, createdAt, type, remainCodes: (verification.codes ?? []).filter((code) => !code.usedAt).length };
  }
  if (type === 'WebAuthn') {
    const { agent, name, lastUsedAt } = verification;
    return {
      id,
      createdAt,
      type,
      ...(lastUsedAt ? { lastUsedAt } : {}),
      ...(agent ? { agent } : {}),
      ...(name ? { name } : {}),
    };
  }
  return { id, createdAt, type };
};

const newVerification = (type: string) => ({ id: generateId(21), createdAt: new Date().toISOString(), type });

/**
 * Refuses a second TOTP factor or a malformed secret; returns the factor to store and the answer, whose QR code
 * is drawn once the transaction is over (`qrOf`), so the user's row is not locked meanwhile.
 */
const totpFactor = (user: Entity, existing: StoredVerification[], sent: string | undefined) => {
  if (existing.some(({ type }) => type === 'Totp')) throw new ApiError('user.totp_already_in_use');
  if (sent && !isTotpSecret(sent)) throw new ApiError('user.totp_secret_invalid');
  const secret = sent || generateTotpSecret();
  return {
    stored: { ...newVerification('Totp'), key: secret },
    answer: { type: 'Totp', secret, account: accountName(user) },
  };
};

/** Refuses a second usable group, a group without another factor, or malformed codes. */
const backupCodeFactor = (existing: StoredVerification[], sent: string[] | undefined) => {
  const usable = existing.some(({ type, codes }) => type === 'BackupCode' && (codes ?? []).some((c) => !c.usedAt));
  if (usable) throw new ApiError('user.backup_code_already_in_use');
  if (!existing.some(({ type }) => type !== 'BackupCode'))
    throw new ApiError('session.mfa.backup_code_can_not_be_alone');
  if (sent && (sent.length !== BACKUP_CODE_COUNT || !sent.every((code) => BACKUP_CODE.test(code)))) {
    throw new ApiError('user.wrong_backup_code_format');
  }
  const codes = sent ?? generateBackupCodes();
  return {
    stored: { ...newVerification('BackupCode'), codes: codes.map((code) => ({ code: backupCodeDigest(code) })) },
    answer: { type: 'BackupCode', codes },
  };
};

export const userMfaOverrides = {
  'user.list-mfa-verifications': {
    kind: 'action',
    run: async ({ context, id, operations }) =>
      verificationsOf(await readUser(context, operations, id)).map(listedMfaVerification),
  },
  'user.create-mfa-verification': {
    kind: 'action',
    run: async ({ context, id, body, request, operations }) => {
      const sent = body as unknown as MfaBody;
      const answer = await changeUser(context, operations, id, async (user) => {
        const existing = verificationsOf(user);
        const factor =
          sent.type === 'Totp' ? totpFactor(user, existing, sent.secret) : backupCodeFactor(existing, sent.codes);
        return { values: { mfaVerifications: [...existing, factor.stored] }, answer: () => factor.answer };
      });
      if (!('account' in answer)) return answer;
      const { account, ...totp } = answer;
      // The issuer authenticator apps show is the host the API was called on, as Logto names it.
      const uri = totpKeyUri(totp.secret, account, request.hostname.replace(/:\d+$/, ''));
      return { ...totp, secretQrCode: await QRCode.toDataURL(uri) };
    },
  },
  'user.delete-mfa-verification': {
    kind: 'action',
    run: async ({ context, id, params, operations }) => {
      await changeUser(context, operations, id, async (user) => {
        const existing = verificationsOf(user);
        if (!existing.some((verification) => verification.id === params.verificationId)) {
          throw new ApiError('entity.not_found');
        }
        return {
          values: { mfaVerifications: existing.filter((verification) => verification.id !== params.verificationId) },
          answer: () => undefined,
        };
      });
    },
  },
} satisfies Record<string, ServerOverride>;
