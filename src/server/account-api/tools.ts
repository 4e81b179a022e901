import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BreachCheck } from '../../entities/user/server/account/password-policy.js';
import type { SecuritySettings } from '../../entities/user/server/account/security-settings.js';
import type { UserRecord, UserStore } from '../../entities/user/server/account/store.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { Sentinel } from '../interaction/sentinel.js';
import type { Passcodes } from '../interaction/verification-code/passcodes.js';
import type { Outbox } from '../messages/outbox.js';
import type { TenantProviders } from '../oidc/providers.js';
import { type AccountCenter, enabledAccountCenter } from './account-center.js';
import { type AccountCaller, accountCaller } from './caller.js';
import type { VerificationRecords } from './records.js';

/** What the Account API works with. */
export interface AccountTools {
  db: Database;
  providers: TenantProviders;
  users: UserStore;
  records: VerificationRecords;
  passcodes: Passcodes;
  outbox: Outbox;
  modelOf: (entity: string) => EntityModel;
  settingsOf: (tenantId: string) => Promise<SecuritySettings>;
  breached?: BreachCheck | undefined;
  /** The lockout: wrong passwords count here as on the sign-in pages. */
  sentinel: Sentinel;
}

/** One Account API request: its caller, the tenant's account center, the caller's account and the JSON body. */
export interface AccountCall {
  caller: AccountCaller;
  center: AccountCenter;
  user: UserRecord;
  body: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Wraps a handler: the caller authenticated, the account center on, the caller's account read. */
export const accountRoute =
  (tools: AccountTools, handler: (call: AccountCall) => Promise<unknown>) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await accountCaller(request, tools);
    const center = await enabledAccountCenter(tools.db, caller.tenantId);
    const user = await tools.users.findById(caller.tenantId, caller.userId);
    if (!user) throw new ApiError('auth.unauthorized');
    const raw = request.body;
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    reply.header('Cache-Control', 'no-store');
    return handler({ caller, center, user, body, request, reply });
  };

/** A sensitive change needs a verification record that proves the user: else 401. */
export const assertIdentityVerified = (call: AccountCall) => {
  if (!call.caller.identityVerified) throw new ApiError('verification_record.permission_denied');
};

/** A scope the change needs that the token lacks: 401 `auth.unauthorized`, as Logto answers. */
export const assertScope = (call: AccountCall, scope: string) => {
  if (!call.caller.scopes.has(scope)) throw new ApiError('auth.unauthorized');
};
