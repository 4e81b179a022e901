import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../../../entities/user/server/account/store.js';
import { ApiError } from '../../http/api-error.js';
import { documentedRoute } from '../../http/documented-routes.js';
import type { MfaStep } from '../mfa/policy.js';
import { type ExperienceCall, experienceRoute, saveState, startedState } from './call.js';
import { experienceOperations } from './operations.js';
import { heldBy, missingProfile } from './profile-rules.js';
import type { ExperienceState } from './state.js';
import type { ExperienceTools } from './tools.js';
import { boundFactors } from './totp-binding.js';

/** Logto's answer to an MFA step the interaction has not taken: verify a factor (403) or bind one (422). */
const mfaRefusal = (step: MfaStep) => {
  if (step.kind === 'verify') {
    return new ApiError('session.mfa.require_mfa_verification', {}, { availableFactors: step.factors });
  }
  const factors = step.kind === 'bind' ? step.factors : ['BackupCode'];
  const skippable = step.kind === 'bind' && step.skippable;
  return new ApiError('user.missing_mfa', {}, { availableFactors: factors, skippable });
};

/**
 * `POST /api/experience/submit`: ends the interaction. A reset stores the new password; a sign-in or registration
 * passes the same checks as on the sign-in pages (the profile sign-up requires, MFA as the tenant's policy asks,
 * the post-sign-in action), is recorded and announced, and answers where the browser goes next (`redirectTo`).
 */
export const registerSubmit = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  const { read, users, audit, flow } = tools;

  const resetPassword = async (call: ExperienceCall, state: ExperienceState, user: UserRecord) => {
    const { interaction, request, reply } = call;
    const password = state.profile.password;
    if (!password) throw new ApiError('user.new_password_required_in_profile');
    await users.storePasswordHash(interaction.tenantId, user.id, password);
    audit.record(interaction, request, { event: 'ForgotPassword', step: 'Submit', result: 'Success', userId: user.id });
    audit.announce(interaction, request, 'ForgotPassword', user.id);
    await saveState(call, undefined);
    return reply.status(204).send();
  };

  /** What a sign-in collected for an account that lacked it, written to the account now. */
  const applyProfile = async (tenantId: string, user: UserRecord, state: ExperienceState) => {
    const { username, primaryEmail, primaryPhone, password } = state.profile;
    const patch = Object.fromEntries(
      Object.entries({ username, primaryEmail, primaryPhone }).filter((entry) => entry[1] !== undefined),
    );
    if (Object.keys(patch).length > 0) await users.updateFromAction(tenantId, user.id, patch);
    if (password) await users.storePasswordHash(tenantId, user.id, password);
  };

  documentedRoute(
    scope,
    at,
    experienceOperations.submit,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, request, reply } = call;
      const { tenantId, experience } = interaction;
      const user = state.userId ? await users.findById(tenantId, state.userId) : undefined;
      if (!user) throw new ApiError('session.identifier_not_found');
      if (user.isSuspended) throw new ApiError('user.suspended');
      if (state.event === 'ForgotPassword') return resetPassword(call, state, user);
      const { event } = state;
      const failed = (error: ApiError) => {
        const entry = { event, step: 'Submit', result: 'Error', userId: user.id, error: { code: error.code } } as const;
        audit.record(interaction, request, entry);
        return error;
      };
      if (event === 'SignIn') {
        const missing = missingProfile(experience, heldBy(state.profile, user));
        if (missing.length > 0) throw failed(new ApiError('user.missing_profile', {}, { missingProfile: missing }));
      }
      const verified = state.records.some(
        (record) => (record.type === 'Totp' || record.type === 'BackupCode') && record.verified,
      );
      const identifier = state.records.find((record) => record.identifier)?.identifier?.type;
      const pending = {
        userId: user.id,
        event,
        identifier,
        verified,
        skipped: state.mfaSkipped === true,
        factors: boundFactors(state),
      };
      const step = await flow.stepOf(interaction, user, pending);
      if (step.kind !== 'done' && !(step.kind === 'bind' && step.skippable && pending.skipped)) {
        throw failed(mfaRefusal(step));
      }
      if (event === 'SignIn') await applyProfile(tenantId, user, state);
      // The sign-in pages' ending: what was bound or skipped stored, the post-sign-in action, the record and webhooks.
      const done = step.kind === 'done' ? step : ({ kind: 'done', markEnabled: false } as const);
      const completed = await flow.complete(interaction, request, reply, pending, done);
      if (completed.outcome === 'conflict') throw new ApiError('user.totp_already_in_use');
      if (completed.outcome === 'refused') throw new ApiError('session.verification_failed');
      return { redirectTo: completed.to };
    }),
  );
};
