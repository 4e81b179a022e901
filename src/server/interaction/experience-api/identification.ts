import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../../../entities/user/server/account/store.js';
import { systemContext } from '../../crud/context.js';
import { ApiError } from '../../http/api-error.js';
import { optionalString } from '../../http/body-fields.js';
import { documentedRoute } from '../../http/documented-routes.js';
import { ADMIN_TENANT_ID, consoleAccountRoles } from '../../tenants/urls.js';
import { forgotPasswordKinds } from '../forgot-password/availability.js';
import { signInOpen } from '../pages.js';
import { type ExperienceCall, experienceRoute, saveState, startedState } from './call.js';
import { requireCaptcha } from './captcha.js';
import { experienceOperations } from './operations.js';
import { heldBy, missingProfile } from './profile-rules.js';
import type { ExperienceProfile, ExperienceState, VerificationRecord } from './state.js';
import { recordOf } from './state.js';
import type { ExperienceTools } from './tools.js';

/** The profile a new account takes from a verification: the address a code verified, a username and password. */
const profileOf = (record: VerificationRecord): ExperienceProfile => {
  if (record.type === 'EmailVerificationCode') return { primaryEmail: record.identifier?.value };
  if (record.type === 'PhoneVerificationCode') return { primaryPhone: record.identifier?.value };
  if (record.type === 'NewPasswordIdentity') return { username: record.identifier?.value, password: record.password };
  throw new ApiError('session.verification_failed');
};

/**
 * `POST /api/experience/identification`: names the account of the interaction. Signing in (or resetting a password)
 * it is the account a verification proved; registering, the verification's identifier joins the profile and the
 * account is created once the profile holds what sign-up requires (else 422 `user.missing_profile`).
 */
export const registerIdentification = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  const { read, users, audit, pages } = tools;

  /** The account a verified first factor names, where the sign-in experience lets it sign in (or reset). */
  const accountOf = async (call: ExperienceCall, state: ExperienceState, record: VerificationRecord) => {
    const { interaction } = call;
    const { experience, tenantId } = interaction;
    if (!record.verified) throw new ApiError('session.verification_failed');
    const isCode = record.type === 'EmailVerificationCode' || record.type === 'PhoneVerificationCode';
    if (state.event === 'ForgotPassword') {
      const kinds = await forgotPasswordKinds(tools.db, interaction);
      const kind = record.identifier?.type;
      if (!isCode || !kinds.includes(kind as 'email')) throw new ApiError('session.not_supported_for_forgot_password');
    } else if (record.type === 'Password') {
      if (!experience.signInIdentifiers.includes(record.identifier?.type as 'email')) {
        throw new ApiError('user.sign_in_method_not_enabled');
      }
    } else if (isCode) {
      if (!experience.codeSignInIdentifiers.includes(record.identifier?.type as 'email')) {
        throw new ApiError('user.sign_in_method_not_enabled');
      }
    } else throw new ApiError('session.verification_failed');
    const user = record.userId
      ? await users.findById(tenantId, record.userId)
      : await users.findByIdentifier(tenantId, record.identifier?.value ?? '');
    if (!user) throw new ApiError('user.user_not_exist', { identifier: record.identifier?.value ?? '' });
    if (user.isSuspended) throw new ApiError('user.suspended');
    return user;
  };

  /** Creates the account from the collected profile, as the registration page does (one first administrator). */
  const createAccount = async (call: ExperienceCall, profile: ExperienceProfile): Promise<UserRecord> => {
    const { interaction } = call;
    const { tenantId, tr } = interaction;
    const context = { ...systemContext(tenantId, 'registration'), locale: tr.language };
    const input = {
      username: profile.username ?? null,
      primaryEmail: profile.primaryEmail ?? null,
      primaryPhone: profile.primaryPhone ?? null,
      ...(profile.password ? { passwordHash: profile.password } : {}),
    };
    const user =
      tenantId === ADMIN_TENANT_ID
        ? await users.createFirst(context, input, consoleAccountRoles)
        : await users.create(context, input);
    if (!user) throw new ApiError('auth.forbidden');
    return user;
  };

  documentedRoute(
    scope,
    at,
    experienceOperations.identification,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, request, body, reply } = call;
      const verificationId = optionalString(body, 'verificationId');
      const step = { event: state.event, step: 'Identifier.Submit' } as const;
      if (state.event === 'Register') {
        if (!(await pages.registrationOpen(interaction))) throw new ApiError('auth.forbidden');
        const record = verificationId ? recordOf(state, verificationId) : undefined;
        if (record && !record.verified) throw new ApiError('session.verification_failed');
        const profile = { ...state.profile, ...(record ? profileOf(record) : {}) };
        await saveState(call, { ...state, profile });
        requireCaptcha(call);
        const missing = missingProfile(interaction.experience, heldBy(profile));
        if (missing.length > 0) throw new ApiError('user.missing_profile', {}, { missingProfile: missing });
        const user = await createAccount(call, profile);
        audit.record(interaction, request, { ...step, result: 'Success', userId: user.id });
        await saveState(call, { ...state, profile: {}, userId: user.id });
        return reply.status(201).send();
      }
      if (!verificationId) throw new ApiError('guard.invalid_input', { type: 'body' }, { field: 'verificationId' });
      if (state.event === 'SignIn' && !signInOpen(interaction.experience)) throw new ApiError('auth.forbidden');
      const user = await accountOf(call, state, recordOf(state, verificationId));
      if (state.userId && state.userId !== user.id) throw new ApiError('session.identity_conflict');
      audit.record(interaction, request, { ...step, result: 'Success', userId: user.id });
      await saveState(call, { ...state, userId: user.id });
      return reply.status(204).send();
    }),
  );
};
