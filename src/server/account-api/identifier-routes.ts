import type { FastifyInstance } from 'fastify';
import { emailBlocklistIssue } from '../../entities/user/server/account/email-blocklist.js';
import type { UserRecord } from '../../entities/user/server/account/store.js';
import { ApiError } from '../http/api-error.js';
import { stringField } from '../http/body-fields.js';
import { documentedRoute } from '../http/documented-routes.js';
import { assertEditable } from './account-center.js';
import { accountOperations } from './operations.js';
import { type AccountTools, accountRoute, assertIdentityVerified, assertScope } from './tools.js';

/** The two addresses an account signs in with, as the Account API changes them. */
const ADDRESSES = [
  {
    kind: 'email',
    column: 'primaryEmail',
    record: 'EmailVerificationCode',
    update: accountOperations.updateEmail,
    remove: accountOperations.deleteEmail,
  },
  {
    kind: 'phone',
    column: 'primaryPhone',
    record: 'PhoneVerificationCode',
    update: accountOperations.updatePhone,
    remove: accountOperations.deletePhone,
  },
] as const;

/** Whether the account keeps a way to sign in once `without` is gone (a username, an address, a social identity). */
const keepsSignIn = (user: UserRecord, without: 'username' | 'primaryEmail' | 'primaryPhone') => {
  const identities = Object.keys((user.identities ?? {}) as Record<string, unknown>);
  const kept = (['username', 'primaryEmail', 'primaryPhone'] as const).filter(
    (field) => field !== without && Boolean(user[field]),
  );
  return kept.length > 0 || identities.length > 0;
};

/**
 * The account's primary email address and phone number: bound after a code to the new address verified it, removed
 * while another way to sign in stays; both after the user proved who they are.
 */
export const registerIdentifierRoutes = (scope: FastifyInstance, prefix: string, tools: AccountTools) => {
  const { users, records } = tools;
  const base = `${prefix}/api`;

  for (const address of ADDRESSES) {
    documentedRoute(
      scope,
      base,
      address.update,
      accountRoute(tools, async (call) => {
        const { body, center, caller, user, reply } = call;
        assertIdentityVerified(call);
        const value = stringField(body, address.kind).trim();
        assertEditable(center, address.kind);
        assertScope(call, address.kind);
        if (address.kind === 'email') {
          const { emailBlocklistPolicy } = await tools.settingsOf(caller.tenantId);
          const refused = emailBlocklistIssue(emailBlocklistPolicy, value);
          if (refused) throw new ApiError(refused);
        }
        const proof = await records.find(caller.tenantId, body.newIdentifierVerificationRecordId, user.id);
        if (!proof?.verified || proof.type !== address.record || proof.identifier?.value !== value) {
          throw new ApiError('verification_record.not_found');
        }
        await users.updateOwn(caller.tenantId, user.id, { [address.column]: value });
        return reply.status(204).send();
      }),
    );

    documentedRoute(
      scope,
      base,
      address.remove,
      accountRoute(tools, async (call) => {
        const { center, caller, user, reply } = call;
        assertIdentityVerified(call);
        assertEditable(center, address.kind);
        assertScope(call, address.kind);
        if (!keepsSignIn(user, address.column)) throw new ApiError('user.last_sign_in_method_required');
        await users.updateOwn(caller.tenantId, user.id, { [address.column]: null });
        return reply.status(204).send();
      }),
    );
  }
};
