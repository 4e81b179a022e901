import type { FastifyInstance } from 'fastify';
import { acceptedPassword } from '../../../entities/user/server/account/accepted-password.js';
import { verifyPassword } from '../../../entities/user/server/account/passwords.js';
import { ApiError } from '../../http/api-error.js';
import { oneOfField, optionalString, stringField } from '../../http/body-fields.js';
import { documentedRoute } from '../../http/documented-routes.js';
import { experienceRoute, saveState, startedState } from './call.js';
import { experienceOperations } from './operations.js';
import type { ExperienceProfile } from './state.js';
import { recordOf } from './state.js';
import type { ExperienceTools } from './tools.js';

const IN_USE = {
  username: 'user.username_already_in_use',
  primaryEmail: 'user.email_already_in_use',
  primaryPhone: 'user.phone_already_in_use',
} as const;

const EXISTS = {
  username: 'user.username_exists_in_profile',
  email: 'user.email_exists_in_profile',
  phone: 'user.phone_exists_in_profile',
  password: 'user.password_exists_in_profile',
} as const;

/**
 * What the interaction adds to the account's profile before it ends: `POST /api/experience/profile` (a username, an
 * email address or phone number a code verified, a password: what sign-up requires and the account lacks) and
 * `PUT /api/experience/profile/password` (the new password of a reset). Nothing is written to the account until the
 * interaction is submitted.
 */
export const registerProfileRoutes = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  const { read, users } = tools;

  documentedRoute(
    scope,
    at,
    experienceOperations.profile,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, body, reply } = call;
      const { tenantId } = interaction;
      if (state.event === 'ForgotPassword') throw new ApiError('session.not_supported_for_forgot_password');
      const type = oneOfField(body, 'type', ['username', 'email', 'phone', 'password'] as const);
      const user = state.userId ? await users.findById(tenantId, state.userId) : undefined;
      let added: ExperienceProfile;
      const held = { username: user?.username, email: user?.primaryEmail, phone: user?.primaryPhone };
      if (type === 'password' ? user?.passwordEncrypted : held[type]) throw new ApiError(EXISTS[type]);
      if (type === 'password') {
        const userInfo = { username: state.profile.username ?? user?.username ?? undefined };
        added = { password: await acceptedPassword(tools, tenantId, stringField(body, 'value'), userInfo) };
      } else if (type === 'username') {
        const value = stringField(body, 'value').trim();
        const rule = users.rules.username;
        if (value.length > rule.maxLength || !rule.pattern.test(value)) {
          throw new ApiError('guard.invalid_input', { type: 'body' }, { field: 'value' });
        }
        added = { username: value };
      } else {
        const record = recordOf(state, optionalString(body, 'verificationId'), [
          type === 'email' ? 'EmailVerificationCode' : 'PhoneVerificationCode',
        ]);
        if (!record.verified || !record.identifier) throw new ApiError('session.verification_failed');
        added =
          type === 'email' ? { primaryEmail: record.identifier.value } : { primaryPhone: record.identifier.value };
      }
      for (const field of ['username', 'primaryEmail', 'primaryPhone'] as const) {
        const value = added[field];
        if (value === undefined) continue;
        const holder = await users.findByIdentifier(tenantId, value);
        if (holder && holder.id !== state.userId) throw new ApiError(IN_USE[field]);
      }
      await saveState(call, { ...state, profile: { ...state.profile, ...added } });
      return reply.status(204).send();
    }),
  );

  documentedRoute(
    scope,
    at,
    experienceOperations.resetPassword,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, body, reply } = call;
      if (state.event !== 'ForgotPassword') throw new ApiError('session.invalid_interaction_type');
      if (!state.userId) throw new ApiError('session.identifier_not_found');
      const user = await users.findById(interaction.tenantId, state.userId);
      if (!user) throw new ApiError('session.identifier_not_found');
      const password = stringField(body, 'password');
      const stored = [user.passwordEncrypted, password, user.passwordEncryptionMethod ?? null] as const;
      if (user.passwordEncrypted && (await verifyPassword(...stored))) throw new ApiError('user.same_password');
      const userInfo = {
        username: user.username ?? undefined,
        email: user.primaryEmail ?? undefined,
        phoneNumber: user.primaryPhone ?? undefined,
      };
      const hash = await acceptedPassword(tools, interaction.tenantId, password, userInfo);
      await saveState(call, { ...state, profile: { ...state.profile, password: hash } });
      return reply.status(204).send();
    }),
  );
};
