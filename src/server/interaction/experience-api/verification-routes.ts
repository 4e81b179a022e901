import type { FastifyInstance } from 'fastify';
import { acceptedPassword } from '../../../entities/user/server/account/accepted-password.js';
import { verifyPassword } from '../../../entities/user/server/account/passwords.js';
import { ApiError } from '../../http/api-error.js';
import { identifierField, oneOfField, stringField } from '../../http/body-fields.js';
import { documentedRoute } from '../../http/documented-routes.js';
import { sentinelTarget } from '../sentinel.js';
import { passcodeTarget } from '../verification-code/send-code.js';
import { experienceRoute, saveState, startedState } from './call.js';
import { experienceOperations } from './operations.js';
import { INTERACTION_EVENTS, newVerificationId, recordOf, withRecord } from './state.js';
import type { ExperienceTools } from './tools.js';

const CODE_TYPES = { email: 'EmailVerificationCode', phone: 'PhoneVerificationCode' } as const;

/**
 * The Experience API's first-factor verifications: a password of an existing account (counted by the lockout), a
 * verification code sent to an email address or phone number and its check, and a new account's username with its
 * password. Each answers the `verificationId` a later step names.
 */
export const registerVerificationRoutes = (scope: FastifyInstance, at: string, tools: ExperienceTools) => {
  const { read, users, sentinel, audit, passcodes } = tools;

  documentedRoute(
    scope,
    at,
    experienceOperations.password,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, request, body } = call;
      const { tenantId } = interaction;
      const identifier = identifierField(body, ['username', 'email', 'phone']);
      const password = stringField(body, 'password');
      const existing = await users.findByIdentifier(tenantId, identifier.value);
      const attempted = {
        event: state.event,
        step: 'Verification.Password.Submit',
        userId: existing?.id,
        identifier: identifier.type,
      };
      const target = sentinelTarget(identifier.value, existing?.id);
      const attempt = await sentinel.admit(tenantId, target, 'Password', identifier);
      const blocked = 'session.verification_blocked_too_many_attempts' as const;
      if (attempt.blocked) {
        audit.record(interaction, request, { ...attempted, result: 'Error', error: { code: blocked } });
        throw new ApiError(blocked, {}, { retryAfter: attempt.retryAfter });
      }
      const stored = [existing?.passwordEncrypted, password, existing?.passwordEncryptionMethod ?? null] as const;
      const matched = existing !== undefined && (await verifyPassword(...stored));
      const user = matched
        ? existing
        : existing?.isSuspended
          ? undefined
          : await tools.verifiedByAction(interaction, request, identifier.value, existing, password);
      if (!user) {
        const after = await sentinel.failed(tenantId, attempt);
        const code = after.blocked ? blocked : 'session.invalid_credentials';
        audit.record(interaction, request, { ...attempted, result: 'Error', error: { code } });
        throw new ApiError(code);
      }
      await sentinel.succeeded(tenantId, attempt);
      if (user.isSuspended) {
        audit.record(interaction, request, { ...attempted, result: 'Error', error: { code: 'user.suspended' } });
        throw new ApiError('user.suspended');
      }
      audit.record(interaction, request, { ...attempted, userId: user.id, result: 'Success' });
      const verificationId = newVerificationId();
      const record = { id: verificationId, type: 'Password', identifier, verified: true, userId: user.id } as const;
      await saveState(call, withRecord(state, record));
      return { verificationId };
    }),
  );

  documentedRoute(
    scope,
    at,
    experienceOperations.sendCode,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, request, body } = call;
      const identifier = identifierField(body, ['email', 'phone']);
      const event = oneOfField(body, 'interactionEvent', INTERACTION_EVENTS);
      const send = { event, template: event, kind: identifier.type, to: identifier.value, deliver: true } as const;
      const refused = await tools.sendCode(interaction, request, send);
      if (refused === 'verification_code.send_failed') throw new ApiError('connector.not_found', { type: send.kind });
      if (refused) throw new ApiError(refused);
      const verificationId = newVerificationId();
      const type = CODE_TYPES[identifier.type];
      const record = { id: verificationId, type, identifier, verified: false, interactionEvent: event };
      await saveState(call, withRecord(state, record));
      return { verificationId };
    }),
  );

  documentedRoute(
    scope,
    at,
    experienceOperations.verifyCode,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, request, body } = call;
      const identifier = identifierField(body, ['email', 'phone']);
      const code = stringField(body, 'code').trim();
      const record = recordOf(state, body.verificationId, [CODE_TYPES[identifier.type]]);
      const event = record.interactionEvent ?? state.event;
      const target = passcodeTarget(interaction, { template: event, kind: identifier.type, to: identifier.value });
      const checked = await passcodes.verify(interaction.tenantId, target, code);
      const step = `Verification.${identifier.type === 'email' ? 'Email' : 'Phone'}VerificationCode.Submit`;
      const attempt = { event: state.event, step, identifier: identifier.type };
      if (checked.refusal) {
        const error = `verification_code.${checked.refusal}` as const;
        audit.record(interaction, request, { ...attempt, result: 'Error', error: { code: error } });
        throw new ApiError(error);
      }
      audit.record(interaction, request, { ...attempt, result: 'Success' });
      const verified = { ...record, identifier, verified: true, passcodeId: checked.id };
      await saveState(call, withRecord(state, verified));
      return { verificationId: record.id };
    }),
  );

  documentedRoute(
    scope,
    at,
    experienceOperations.newIdentity,
    experienceRoute(read, async (call) => {
      const state = startedState(call);
      const { interaction, body } = call;
      const identifier = identifierField(body, ['username']);
      const password = stringField(body, 'password');
      const rule = users.rules.username;
      if (identifier.value.length > rule.maxLength || !rule.pattern.test(identifier.value)) {
        throw new ApiError('guard.invalid_input', { type: 'body' }, { field: 'identifier' });
      }
      if (await users.findByIdentifier(interaction.tenantId, identifier.value)) {
        throw new ApiError('user.username_already_in_use');
      }
      const hash = await acceptedPassword(tools, interaction.tenantId, password, { username: identifier.value });
      const verificationId = newVerificationId();
      const record = {
        id: verificationId,
        type: 'NewPasswordIdentity',
        identifier,
        verified: true,
        password: hash,
      } as const;
      await saveState(call, withRecord(state, record));
      return { verificationId };
    }),
  );
};
