import { generateId } from '../../../server/crud/ids.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { deleteMany } from '../../../server/crud/repository-sets.js';
import { ApiError } from '../../../server/http/api-error.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';

type Run = Parameters<ActionOverride['run']>[0];

/** Logto's window of a console user's proof: a change counts on it for ten minutes. */
export const PROOF_TTL_MS = 10 * 60 * 1000;

/**
 * A console user's latest proof of who they are (Logto's verification status of `/me`): their password, or a code
 * sent to an email address they are about to take. A new proof replaces the user's earlier ones. Kept as verification
 * records of the admin tenant (the `verificationRecord` entity, through its repository).
 */
export const recordProof = ({ db, operationsOf }: Run, userId: string, email: string | null) => {
  const records = operationsOf('verificationRecord').repository;
  return db.withTenant(ADMIN_TENANT_ID, async (tx) => {
    const earlier = await records.listByColumn(tx, ADMIN_TENANT_ID, 'user_id', [userId]);
    await deleteMany(
      records,
      tx,
      ADMIN_TENANT_ID,
      earlier.map((record) => String(record.id)),
    );
    await records.insert(tx, ADMIN_TENANT_ID, {
      id: generateId(),
      userId,
      type: email === null ? 'Password' : 'EmailVerificationCode',
      identifier: email === null ? null : { type: 'email', value: email },
      templateType: email === null ? null : 'BindNewIdentifier',
      verified: true,
      expiresAt: Date.now() + PROOF_TTL_MS,
    });
  });
};

/**
 * The change needs a proof of the last ten minutes: for a new email address, a code sent to that address; for the
 * password, the current password or a code sent to the user's own email (a code to an address they do not yet own
 * proves nothing about them). None is Logto's 404 `session.verification_session_not_found`; expired or of another
 * address, 422 `session.verification_failed`.
 */
export const requireProof = async (
  { db, operationsOf }: Run,
  user: { id: string; primaryEmail?: string | null },
  newEmail: string | null,
) => {
  const records = operationsOf('verificationRecord').repository;
  const found = await db.withTenant(ADMIN_TENANT_ID, (tx) =>
    records.listByColumn(tx, ADMIN_TENANT_ID, 'user_id', [user.id]),
  );
  const proof = found
    .filter((record) => record.verified === true)
    .sort((a, b) => Number(b.expiresAt) - Number(a.expiresAt))[0];
  if (!proof) throw new ApiError('session.verification_session_not_found');
  const failed = new ApiError('session.verification_failed', {}, undefined, 422);
  if (Number(proof.expiresAt) <= Date.now()) throw failed;
  const proved = (proof.identifier as { value?: string } | null)?.value?.toLowerCase() ?? null;
  const expected = (newEmail ?? user.primaryEmail ?? '').toLowerCase();
  const passwordProof = newEmail === null && proof.type === 'Password';
  if (!passwordProof && proved !== expected) throw failed;
};
