import { backupCodeDigest, generateBackupCodes } from '../../../entities/user/server/account/backup-codes.js';
import type { StoredVerification } from '../../../entities/user/server/account/mfa-verifications.js';
import { sentinelTarget } from '../sentinel.js';
import { newVerification } from './account.js';
import type { MfaFactorModule, MfaRequest, MfaTools } from './factor.js';
import { factorState, type PendingMfa, withFactorState } from './pending.js';
import { backupCodeList, codeForm } from './views.js';

const SLUG = 'backup-code';

/** Codes made for the user, shown until the user confirms keeping them (`saved`), then stored as digests. */
interface BackupCodeState {
  codes: string[];
  saved?: boolean;
}
const stateOf = (pending: PendingMfa) => factorState<BackupCodeState>(pending, SLUG);

const action = (mfa: MfaRequest, kind: 'verify' | 'bind') => `${mfa.interaction.base}/mfa/${SLUG}/${kind}`;

const showVerify = (mfa: MfaRequest, tools: MfaTools, status = 200, error?: string) => {
  const { tr } = mfa.interaction;
  return tools.show(mfa, status, {
    title: tr.t('interaction:mfa.backup_code.verify_title'),
    subtitle: tr.t('interaction:mfa.backup_code.verify_subtitle'),
    error,
    body: codeForm({
      action: action(mfa, 'verify'),
      label: tr.t('interaction:mfa.backup_code.code'),
      submit: tr.t('interaction:mfa.verify'),
      numeric: false,
      invalid: Boolean(error),
    }),
  });
};

/** One unused backup code, counted by the lockout policy (Logto's `MfaBackupCode` pool); a used code is refused. */
const submitVerify = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr, tenantId } = mfa.interaction;
  const attempt = await tools.sentinel.admit(tenantId, sentinelTarget('', mfa.user.id), 'MfaBackupCode', {
    type: 'userId',
    value: mfa.user.id,
  });
  const blocked = 'session.verification_blocked_too_many_attempts';
  if (attempt.blocked) {
    tools.record(mfa, { step: 'Verification.BackupCode.Submit', result: 'Error', error: { code: blocked } });
    return tools.locked(mfa, attempt);
  }
  const code = String(mfa.request.body?.code ?? '').replace(/\s/g, '');
  const taken =
    /^[\da-f]{10}$/i.test(code) &&
    (await tools.users.mfa.takeBackupCode(tenantId, mfa.user.id, backupCodeDigest(code)));
  if (!taken) {
    const after = await tools.sentinel.failed(tenantId, attempt);
    const error = { code: after.blocked ? blocked : 'session.mfa.invalid_backup_code' };
    tools.record(mfa, { step: 'Verification.BackupCode.Submit', result: 'Error', error });
    if (after.blocked) return tools.locked(mfa, after);
    return showVerify(mfa, tools, 400, tr.t('errors:mfa.invalid_backup_code'));
  }
  await tools.sentinel.succeeded(tenantId, attempt);
  tools.record(mfa, { step: 'Verification.BackupCode.Submit', result: 'Success' });
  return tools.advance(mfa, { ...mfa.pending, verified: true });
};

/** New codes, made once per interaction and shown until the user confirms keeping them. */
const showBind = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr } = mfa.interaction;
  let codes = stateOf(mfa.pending)?.codes;
  if (!codes) {
    codes = generateBackupCodes();
    await tools.save(mfa, withFactorState(mfa.pending, SLUG, { codes } satisfies BackupCodeState));
    tools.record(mfa, { step: 'Verification.BackupCode.Create', result: 'Success' });
  }
  return tools.show(mfa, 200, {
    title: tr.t('interaction:mfa.backup_code.bind_title'),
    subtitle: tr.t('interaction:mfa.backup_code.bind_subtitle'),
    body: backupCodeList(tr, { codes, action: action(mfa, 'bind') }),
  });
};

/** "I have saved them": the codes are bound (stored as digests when the interaction ends). */
const submitBind = async (mfa: MfaRequest, tools: MfaTools) => {
  const codes = stateOf(mfa.pending)?.codes;
  if (!codes) return showBind(mfa, tools);
  tools.record(mfa, { step: 'BindMfa.BackupCode.Submit', result: 'Success' });
  return tools.advance(mfa, withFactorState(mfa.pending, SLUG, { codes, saved: true } satisfies BackupCodeState));
};

/** The new group, as digests, in place of the former one. */
const store = (pending: PendingMfa, existing: StoredVerification[]): StoredVerification[] => {
  const state = stateOf(pending);
  if (!state?.saved) return existing;
  const codes = state.codes.map((code) => ({ code: backupCodeDigest(code) }));
  return [...existing.filter(({ type }) => type !== 'BackupCode'), { ...newVerification('BackupCode'), codes }];
};

export const backupCodeFactor: MfaFactorModule = {
  type: 'BackupCode',
  slug: SLUG,
  verify: { show: (mfa, tools) => Promise.resolve(showVerify(mfa, tools)), submit: submitVerify },
  bind: { show: showBind, submit: submitBind },
  binding: { bound: (pending) => stateOf(pending)?.saved === true, store },
};
