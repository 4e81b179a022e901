import type { FastifyInstance } from 'fastify';
import { acceptedPassword } from '../../entities/user/server/account/accepted-password.js';
import { ApiError } from '../http/api-error.js';
import { documentedRoute } from '../http/documented-routes.js';
import { httpUrl } from '../interaction/http-url.js';
import { accountProfile, assertEditable, hasSecurityMethod } from './account-center.js';
import { accountOperations } from './operations.js';
import { type AccountCall, type AccountTools, accountRoute, assertIdentityVerified, assertScope } from './tools.js';

const invalid = (field: string) => new ApiError('guard.invalid_input', { type: 'body' }, { field });

/** A field that may be absent (unchanged), null (cleared) or a string checked by `valid`. */
const nullableString = (body: Record<string, unknown>, field: string, valid: (value: string) => boolean) => {
  const value = body[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || !valid(value)) throw invalid(field);
  return value;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The signed-in user's own account (`/api/my-account`): read it as the token's scopes and the account center allow;
 * change the name, avatar, username and custom data, the profile claims, and the password (after proving who they
 * are, where the account has a way to). Every change is a write of the user on their own account: the user's
 * rules, uniqueness, audit and webhooks hold.
 */
export const registerMyAccountRoutes = (scope: FastifyInstance, prefix: string, tools: AccountTools) => {
  const { users } = tools;
  const base = `${prefix}/api`;

  const shown = (call: AccountCall, user = call.user) => accountProfile(user, call.caller.scopes, call.center);

  documentedRoute(
    scope,
    base,
    accountOperations.read,
    accountRoute(tools, async (call) => shown(call)),
  );

  documentedRoute(
    scope,
    base,
    accountOperations.update,
    accountRoute(tools, async (call) => {
      const { body, center, caller, user } = call;
      const rule = users.rules.username;
      const name = nullableString(body, 'name', (value) => value.length <= 128);
      const avatar = nullableString(body, 'avatar', (value) => httpUrl(value) !== undefined && value.length <= 2048);
      const username = nullableString(
        body,
        'username',
        (value) => value.length <= rule.maxLength && rule.pattern.test(value),
      );
      const customData = body.customData;
      if (customData !== undefined && !isObject(customData)) throw invalid('customData');
      const changes = { name, avatar, username, customData };
      for (const field of ['name', 'avatar', 'username', 'customData'] as const) {
        if (changes[field] !== undefined) assertEditable(center, field);
      }
      assertScope(call, 'profile');
      if (customData !== undefined) assertScope(call, 'custom_data');
      if (username !== undefined) {
        assertIdentityVerified(call);
        if (username === null && !user.primaryEmail && !user.primaryPhone) {
          throw new ApiError('user.last_sign_in_method_required');
        }
      }
      const patch = Object.fromEntries(Object.entries(changes).filter((entry) => entry[1] !== undefined));
      const updated = Object.keys(patch).length > 0 ? await users.updateOwn(caller.tenantId, user.id, patch) : user;
      return shown(call, updated);
    }),
  );

  documentedRoute(
    scope,
    base,
    accountOperations.profile,
    accountRoute(tools, async (call) => {
      const { body, center, caller, user } = call;
      assertEditable(center, 'profile');
      assertScope(call, 'profile');
      if (body.address !== undefined) assertScope(call, 'address');
      const profile = { ...(user.profile as Record<string, unknown> | undefined), ...body };
      const updated = await users.updateOwn(caller.tenantId, user.id, { profile });
      return (updated.profile ?? {}) as Record<string, unknown>;
    }),
  );

  documentedRoute(
    scope,
    base,
    accountOperations.password,
    accountRoute(tools, async (call) => {
      const { body, center, caller, user, reply } = call;
      if (hasSecurityMethod(user)) assertIdentityVerified(call);
      assertEditable(center, 'password');
      const password = body.password;
      if (typeof password !== 'string' || password.length === 0) throw invalid('password');
      const userInfo = {
        name: user.name ?? undefined,
        username: user.username ?? undefined,
        email: user.primaryEmail ?? undefined,
        phoneNumber: user.primaryPhone ?? undefined,
      };
      const hash = await acceptedPassword(tools, caller.tenantId, password, userInfo);
      await users.storePasswordHash(caller.tenantId, user.id, hash);
      return reply.status(204).send();
    }),
  );
};
