import QRCode from 'qrcode';
import { type StoredVerification, verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
import {
  generateTotpSecret,
  totpAccountName,
  totpKeyUri,
  totpTimeStep,
} from '../../../entities/user/server/account/totp.js';
import { sentinelTarget } from '../sentinel.js';
import { newVerification } from './account.js';
import type { MfaFactorModule, MfaRequest, MfaTools } from './factor.js';
import { factorState, type PendingMfa, withFactorState } from './pending.js';
import { codeForm, totpSetup } from './views.js';

const SLUG = 'totp';

/** A secret being bound: shown to the user, stored on the user once a code proved it and the interaction ends. */
interface TotpState {
  secret: string;
  verified?: boolean;
  /** The time step of the code that proved it: the factor is stored with it, so that code is not taken again. */
  step?: number;
}
const stateOf = (pending: PendingMfa) => factorState<TotpState>(pending, SLUG);

const action = (mfa: MfaRequest, kind: 'verify' | 'bind') => `${mfa.interaction.base}/mfa/${SLUG}/${kind}`;
const codeOf = (mfa: MfaRequest) => String(mfa.request.body?.code ?? '').trim();

const showVerify = (mfa: MfaRequest, tools: MfaTools, status = 200, error?: string) => {
  const { tr } = mfa.interaction;
  return tools.show(mfa, status, {
    title: tr.t('interaction:mfa.totp.verify_title'),
    subtitle: tr.t('interaction:mfa.totp.verify_subtitle'),
    error,
    body: codeForm({
      action: action(mfa, 'verify'),
      label: tr.t('interaction:mfa.totp.code'),
      submit: tr.t('interaction:mfa.verify'),
      numeric: true,
      invalid: Boolean(error),
    }),
  });
};

/** The setup page; its secret is made once per interaction and kept in the pending state until a code proves it. */
const showBind = async (mfa: MfaRequest, tools: MfaTools, status = 200, error?: string) => {
  const { tr } = mfa.interaction;
  let secret = stateOf(mfa.pending)?.secret;
  if (!secret) {
    secret = generateTotpSecret();
    await tools.save(mfa, withFactorState(mfa.pending, SLUG, { secret } satisfies TotpState));
    tools.record(mfa, { step: 'Verification.Totp.Create', result: 'Success' });
  }
  const issuer = mfa.request.hostname.replace(/:\d+$/, '');
  const qrCode = await QRCode.toDataURL(totpKeyUri(secret, totpAccountName(mfa.user), issuer));
  const form = codeForm({
    action: action(mfa, 'bind'),
    label: tr.t('interaction:mfa.totp.code'),
    submit: tr.t('interaction:mfa.continue'),
    numeric: true,
    invalid: Boolean(error),
  });
  return tools.show(mfa, status, {
    title: tr.t('interaction:mfa.totp.bind_title'),
    subtitle: tr.t('interaction:mfa.totp.bind_subtitle'),
    error,
    body: totpSetup(tr, { qrCode, secret, form }),
  });
};

/** A code of the new secret binds it (kept pending, stored when the interaction ends). */
const submitBind = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr } = mfa.interaction;
  const secret = stateOf(mfa.pending)?.secret;
  const step = secret ? totpTimeStep(secret, codeOf(mfa)) : undefined;
  if (!secret || step === undefined) {
    const code = 'session.mfa.invalid_totp_code';
    tools.record(mfa, { step: 'Verification.Totp.Submit', result: 'Error', error: { code } });
    return showBind(mfa, tools, 400, tr.t('errors:mfa.invalid_totp_code'));
  }
  tools.record(mfa, { step: 'Verification.Totp.Submit', result: 'Success' });
  tools.record(mfa, { step: 'BindMfa.Totp.Submit', result: 'Success' });
  return tools.advance(mfa, withFactorState(mfa.pending, SLUG, { secret, verified: true, step } satisfies TotpState));
};

/**
 * A code of the user's TOTP factor, counted by the lockout policy (its own pool, as Logto's `MfaTotp`) and taken
 * once: a code of a time step already used is refused.
 */
const submitVerify = async (mfa: MfaRequest, tools: MfaTools) => {
  const { tr, tenantId } = mfa.interaction;
  const target = sentinelTarget('', mfa.user.id);
  const attempt = await tools.sentinel.admit(tenantId, target, 'MfaTotp', { type: 'userId', value: mfa.user.id });
  const blocked = 'session.verification_blocked_too_many_attempts';
  if (attempt.blocked) {
    tools.record(mfa, { step: 'Verification.Totp.Submit', result: 'Error', error: { code: blocked } });
    return tools.locked(mfa, attempt);
  }
  const factor = verificationsOf(mfa.user).find(({ type }) => type === 'Totp');
  const step = factor?.key ? totpTimeStep(factor.key, codeOf(mfa)) : undefined;
  const taken = step !== undefined && (await tools.users.mfa.takeTotpStep(tenantId, mfa.user.id, step));
  if (!taken) {
    const after = await tools.sentinel.failed(tenantId, attempt);
    const code = after.blocked ? blocked : 'session.mfa.invalid_totp_code';
    tools.record(mfa, { step: 'Verification.Totp.Submit', result: 'Error', error: { code } });
    if (after.blocked) return tools.locked(mfa, after);
    return showVerify(mfa, tools, 400, tr.t('errors:mfa.invalid_totp_code'));
  }
  await tools.sentinel.succeeded(tenantId, attempt);
  tools.record(mfa, { step: 'Verification.Totp.Submit', result: 'Success' });
  return tools.advance(mfa, { ...mfa.pending, verified: true });
};

/** A secret bound here while another interaction stored the user's TOTP factor (one per user, as Logto keeps it). */
const conflicts = (pending: PendingMfa, existing: StoredVerification[]) =>
  stateOf(pending)?.verified === true && existing.some(({ type }) => type === 'Totp');

/** Adds the bound secret (`conflicts` first refuses it where the user has a TOTP factor already). */
const store = (pending: PendingMfa, existing: StoredVerification[]): StoredVerification[] => {
  const state = stateOf(pending);
  if (!state?.verified || existing.some(({ type }) => type === 'Totp')) return existing;
  const created = newVerification('Totp');
  const used = state.step === undefined ? {} : { lastUsedAt: created.createdAt, lastUsedTimeStep: state.step };
  return [...existing, { ...created, key: state.secret, ...used }];
};

export const totpFactor: MfaFactorModule = {
  type: 'Totp',
  slug: SLUG,
  verify: { show: (mfa, tools) => Promise.resolve(showVerify(mfa, tools)), submit: submitVerify },
  bind: { show: (mfa, tools) => showBind(mfa, tools), submit: submitBind },
  binding: { bound: (pending) => stateOf(pending)?.verified === true, store, conflicts },
};
