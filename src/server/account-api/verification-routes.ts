import type { FastifyInstance, FastifyReply } from 'fastify';
import { verifyPassword } from '../../entities/user/server/account/passwords.js';
import { ApiError } from '../http/api-error.js';
import { identifierField, optionalString, stringField } from '../http/body-fields.js';
import { documentedRoute } from '../http/documented-routes.js';
import { sentinelTarget } from '../interaction/sentinel.js';
import { admitMessage } from '../interaction/verification-code/send-rate.js';
import { findEmailSender } from '../messages/email-sender.js';
import { findSmsSender } from '../messages/sms-sender.js';
import { accountOperations } from './operations.js';
import type { CodeTemplate, StoredRecord } from './records.js';
import { type AccountTools, accountRoute } from './tools.js';

/** A new record as Logto answers it: 201 with its id and when it expires. */
const created = (reply: FastifyReply, record: StoredRecord) =>
  reply.status(201).send({ verificationRecordId: record.id, expiresAt: new Date(record.expiresAt).toISOString() });

const CODE_TYPES = { email: 'EmailVerificationCode', phone: 'PhoneVerificationCode' } as const;

/**
 * The Account API's verification records (`/api/verifications/...`): the user's password, or a code sent to an
 * address (their own proves them; a new one is the address they will bind), then the code's check. Each answers
 * the record's id, which a sensitive change names in `logto-verification-id` (or as the new address's proof).
 */
export const registerVerificationRoutes = (scope: FastifyInstance, prefix: string, tools: AccountTools) => {
  const { records, passcodes, db } = tools;
  const base = `${prefix}/api`;

  documentedRoute(
    scope,
    base,
    accountOperations.byPassword,
    accountRoute(tools, async ({ caller, user, body, reply }) => {
      const password = stringField(body, 'password');
      // Wrong passwords count against the account, as at sign-in: a stolen token cannot guess on and on.
      const { tenantId } = caller;
      const attempt = await tools.sentinel.admit(tenantId, sentinelTarget('', user.id), 'Password', {
        type: 'userId',
        value: user.id,
      });
      const blocked = 'session.verification_blocked_too_many_attempts' as const;
      if (attempt.blocked) throw new ApiError(blocked, {}, { retryAfter: attempt.retryAfter });
      const stored = [user.passwordEncrypted, password, user.passwordEncryptionMethod ?? null] as const;
      if (!user.passwordEncrypted || !(await verifyPassword(...stored))) {
        const after = await tools.sentinel.failed(tenantId, attempt);
        throw new ApiError(after.blocked ? blocked : 'session.invalid_credentials');
      }
      await tools.sentinel.succeeded(tenantId, attempt);
      const record = await records.create(caller.tenantId, {
        userId: user.id,
        type: 'Password',
        identifier: null,
        templateType: null,
        verified: true,
      });
      return created(reply, record);
    }),
  );

  documentedRoute(
    scope,
    base,
    accountOperations.sendCode,
    accountRoute(tools, async ({ caller, user, body, reply, request }) => {
      const identifier = identifierField(body, ['email', 'phone']);
      const own = identifier.type === 'email' ? user.primaryEmail : user.primaryPhone;
      const templateType: CodeTemplate = identifier.value === own ? 'UserPermissionValidation' : 'BindNewIdentifier';
      const { tenantId } = caller;
      if (!(await admitMessage(db, tenantId, identifier.value))) throw new ApiError('request.message_rate_limited');
      const connector = tools.modelOf('connector');
      const sender = await db
        .withTenant(tenantId, (tx) =>
          identifier.type === 'email'
            ? findEmailSender(tx, tenantId, connector)
            : findSmsSender(tx, tenantId, connector),
        )
        .catch(() => {
          throw new ApiError('connector.not_found', { type: identifier.type === 'email' ? 'Email' : 'Sms' });
        });
      const type = CODE_TYPES[identifier.type];
      const record = await records.create(tenantId, {
        userId: user.id,
        type,
        identifier,
        templateType,
        verified: false,
      });
      const target = { jti: record.id, type: templateType, [identifier.type]: identifier.value };
      const { code } = await passcodes.create(tenantId, target);
      const locale = optionalString(body, 'locale');
      const message = {
        to: identifier.value,
        template: templateType,
        payload: { code, ...(locale ? { locale } : {}) },
      };
      tools.outbox.post(() =>
        sender.send(message).catch((error: unknown) => request.log.warn({ err: error }, 'verification code not sent')),
      );
      return created(reply, record);
    }),
  );

  documentedRoute(
    scope,
    base,
    accountOperations.verifyCode,
    accountRoute(tools, async ({ caller, user, body }) => {
      const identifier = identifierField(body, ['email', 'phone']);
      const code = stringField(body, 'code').trim();
      const record = await records.find(caller.tenantId, body.verificationId, user.id);
      if (!record || record.type !== CODE_TYPES[identifier.type] || !record.templateType) {
        throw new ApiError('verification_record.not_found');
      }
      const target = { jti: record.id, type: record.templateType, [identifier.type]: identifier.value };
      const checked = await passcodes.verify(caller.tenantId, target, code);
      if (checked.refusal) throw new ApiError(`verification_code.${checked.refusal}`);
      await records.markVerified(caller.tenantId, record.id);
      return { verificationRecordId: record.id };
    }),
  );
};
