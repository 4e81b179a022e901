import type { FastifyInstance } from 'fastify';
import { backupCodeDigest } from '../../../entities/user/server/account/backup-codes.js';
import { verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
import type { UserRecord } from '../../../entities/user/server/account/store.js';
import { totpTimeStep } from '../../../entities/user/server/account/totp.js';
import { ApiError } from '../../http/api-error.js';
import { stringField } from '../../http/body-fields.js';
import { documentedRoute } from '../../http/documented-routes.js';
import { type SentinelAction, sentinelTarget } from '../sentinel.js';
import { type ExperienceCall, experienceRoute, saveState, startedState } from './call.js';
import { experienceOperations } from './operations.js';
import { newVerificationId, withRecord } from './state.js';
import type { ExperienceTools } from './tools.js';
import { verifyBindingCode } from './totp-binding.js';

/** One second factor the Experience API verifies: its record type, its lockout pool, its log step and its check. */
interface FactorCheck {
  type: 'Totp' | 'BackupCode';
  action: SentinelAction;
  invalid: 'session.mfa.invalid_totp_code' | 'session.mfa.invalid_backup_code';
  /** Takes the code once (a used TOTP step or backup code is refused). */
  take: (tools: ExperienceTools, tenantId: string, user: UserRecord, code: string) => Promise<boolean>;
}

const totp: FactorCheck = {
  type: 'Totp',
  action: 'MfaTotp',
  invalid: 'session.mfa.invalid_totp_code',
  take: async (tools, tenantId, user, code) => {
    const factor = verificationsOf(user).find(({ type }) => type === 'Totp');
    const step = factor?.key ? totpTimeStep(factor.key, code) : undefined;
    return step !== undefined && tools.users.mfa.takeTotpStep(tenantId, user.id, step);
  },
};

const backupCode: FactorCheck = {
  type: 'BackupCode',
  action: 'MfaBackupCode',
  invalid: 'session.mfa.invalid_backup_code',
  take: async (tools, tenantId, user, code) => {
    const typed = code.replace(/\s/g, '');
    return /^[\da-f]{10}$/i.test(typed) && tools.users.mfa.takeBackupCode(tenantId, user.id, backupCodeDigest(typed));
  },
};

/**
 * The second factors of an identified account, as the MFA pages verify them (the same lockout pools, each code
 * taken once), and the optional prompt's skip. A verified factor lets the interaction's submit through the MFA step.
 */
export const registerMfaRoutes = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  const { read, users, sentinel, audit } = tools;

  const verify = (check: FactorCheck) => async (call: ExperienceCall) => {
    const state = startedState(call);
    const { interaction, request, body } = call;
    // A code of the secret being bound proves that secret, not the account's factor.
    const binding = state.totpBinding;
    if (check.type === 'Totp' && binding && body.verificationId === binding.verificationId) {
      return verifyBindingCode(call, state, stringField(body, 'code'));
    }
    const { tenantId } = interaction;
    const user = state.userId ? await users.findById(tenantId, state.userId) : undefined;
    if (!user) throw new ApiError('session.identifier_not_found');
    const code = stringField(body, 'code');
    const step = `Verification.${check.type}.Submit`;
    const record = (result: 'Success' | 'Error', error?: string) =>
      audit.record(interaction, request, {
        event: state.event,
        step,
        result,
        userId: user.id,
        ...(error ? { error: { code: error } } : {}),
      });
    const blocked = 'session.verification_blocked_too_many_attempts' as const;
    const identifier = { type: 'userId', value: user.id } as const;
    const attempt = await sentinel.admit(tenantId, sentinelTarget('', user.id), check.action, identifier);
    if (attempt.blocked) {
      record('Error', blocked);
      throw new ApiError(blocked, {}, { retryAfter: attempt.retryAfter });
    }
    if (!(await check.take(tools, tenantId, user, code))) {
      const after = await sentinel.failed(tenantId, attempt);
      const error = after.blocked ? blocked : check.invalid;
      record('Error', error);
      throw new ApiError(error);
    }
    await sentinel.succeeded(tenantId, attempt);
    record('Success');
    const verificationId = newVerificationId();
    await saveState(call, withRecord(state, { id: verificationId, type: check.type, verified: true, userId: user.id }));
    return { verificationId };
  };

  documentedRoute(scope, at, experienceOperations.totp, experienceRoute(read, verify(totp)));
  documentedRoute(scope, at, experienceOperations.backupCode, experienceRoute(read, verify(backupCode)));

  documentedRoute(
    scope,
    at,
    experienceOperations.skipMfa,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      if (state.event === 'ForgotPassword') throw new ApiError('session.not_supported_for_forgot_password');
      if (!state.userId) throw new ApiError('session.identifier_not_found');
      await saveState(call, { ...state, mfaSkipped: true });
      return call.reply.status(204).send();
    }),
  );
};
