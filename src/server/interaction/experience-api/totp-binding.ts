import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { verificationsOf } from '../../../entities/user/server/account/mfa-verifications.js';
import {
  generateTotpSecret,
  totpAccountName,
  totpKeyUri,
  totpTimeStep,
} from '../../../entities/user/server/account/totp.js';
import { ApiError } from '../../http/api-error.js';
import { oneOfField, stringField } from '../../http/body-fields.js';
import { documentedRoute } from '../../http/documented-routes.js';
import { requestHost } from '../../http/host.js';
import { type ExperienceCall, experienceRoute, saveState, startedState } from './call.js';
import { experienceOperations } from './operations.js';
import { type ExperienceState, newVerificationId } from './state.js';
import type { ExperienceTools } from './tools.js';

/** The identified account, or 404 `session.identifier_not_found`. */
const identifiedUser = async (tools: ExperienceTools, call: ExperienceCall, state: ExperienceState) => {
  const user = state.userId ? await tools.users.findById(call.interaction.tenantId, state.userId) : undefined;
  if (!user) throw new ApiError('session.identifier_not_found');
  return user;
};

/**
 * Binding an authenticator app through the Experience API: a new secret for the identified account (with its QR
 * code), a code of it proving it (`/verification/totp/verify` with the secret's `verificationId`), then the profile
 * taking it (`/profile/mfa`); the factor is stored on the account when the interaction is submitted, as the MFA pages
 * store one.
 */
export const registerTotpBinding = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  documentedRoute(
    scope,
    at,
    experienceOperations.totpSecret,
    experienceRoute(tools.read, async (call) => {
      const state = startedState(call);
      const user = await identifiedUser(tools, call, state);
      if (verificationsOf(user).some(({ type }) => type === 'Totp')) throw new ApiError('user.totp_already_in_use');
      const secret = generateTotpSecret();
      const verificationId = newVerificationId();
      const issuer = requestHost(call.request.headers.host);
      const secretQrCode = await QRCode.toDataURL(totpKeyUri(secret, totpAccountName(user), issuer));
      await saveState(call, { ...state, totpBinding: { verificationId, secret, verified: false, bound: false } });
      tools.audit.record(call.interaction, call.request, {
        event: state.event,
        step: 'Verification.Totp.Create',
        result: 'Success',
        userId: user.id,
      });
      return { verificationId, secret, secretQrCode };
    }),
  );

  documentedRoute(
    scope,
    at,
    experienceOperations.bindMfa,
    experienceRoute(tools.read, async (call) => {
      const state = startedState(call);
      oneOfField(call.body, 'type', ['Totp'] as const);
      const binding = state.totpBinding;
      if (!binding || binding.verificationId !== stringField(call.body, 'verificationId') || !binding.verified) {
        throw new ApiError('session.verification_failed');
      }
      await identifiedUser(tools, call, state);
      await saveState(call, { ...state, totpBinding: { ...binding, bound: true } });
      return call.reply.status(204).send();
    }),
  );
};

/** A code of the secret being bound: the binding proved (400 `session.mfa.invalid_totp_code` otherwise). */
export const verifyBindingCode = async (call: ExperienceCall, state: ExperienceState, code: string) => {
  const binding = state.totpBinding as NonNullable<ExperienceState['totpBinding']>;
  const step = totpTimeStep(binding.secret, code);
  if (step === undefined) throw new ApiError('session.mfa.invalid_totp_code');
  await saveState(call, { ...state, totpBinding: { ...binding, verified: true, step } });
  return { verificationId: binding.verificationId };
};

/** The MFA pages' pending factor state of a bound secret: what the TOTP module stores when the interaction ends. */
export const boundFactors = (state: ExperienceState) => {
  const binding = state.totpBinding;
  return binding?.bound ? { totp: { secret: binding.secret, verified: true, step: binding.step } } : {};
};
