import type { FastifyReply } from 'fastify';
import type { UserRecord } from '../../../../generated/records.js';
import { systemContext } from '../../../crud/context.js';
import { ApiError } from '../../../http/api-error.js';
import { keepTokenSet } from '../../../secrets/token-sets.js';
import { inConnectorDomains, type SsoConnection } from '../../../sso/connectors.js';
import { keepSsoIdentity, lockSsoIdentity, SsoIdentityTaken, ssoIdentityHolder } from '../../../sso/identities.js';
import { provisionOrganizations } from '../../../sso/jit-organizations.js';
import type { Interaction, Request } from '../../context.js';
import type { MethodTools } from '../method.js';
import { keepProviderTokens, sealProviderTokens } from '../token-storage.js';
import type { SsoProfile } from './state.js';

/**
 * Where a verified single sign-on ends: the user who holds the provider's user signs in (their identity's details
 * refreshed, and their name where the connector syncs profiles); else the account of the email the provider vouches
 * for signs in and takes the identity; else a new account is made for it, joined just in time to the organizations
 * that provision the connector's users. An email outside the connector's own domains never links nor registers: a
 * provider cannot claim another domain's accounts.
 */
export const ssoOutcome = (tools: MethodTools) => {
  const { db, users, audit, pages, flow } = tools;
  const identityModel = tools.modelOf('userSsoIdentity');

  return async (
    interaction: Interaction,
    request: Request,
    reply: FastifyReply,
    connection: SsoConnection,
    profile: SsoProfile,
  ) => {
    const { tenantId, tr } = interaction;
    const refuse = (status: number, key: string) =>
      pages.showSignIn(interaction, reply, status, { error: tr.t(`errors:${key}`) });
    const identity = {
      ssoConnectorId: connection.id,
      issuer: profile.issuer,
      identityId: profile.id,
      detail: profile.details,
    };
    const record = (result: 'Success' | 'Error', userId?: string, code?: string) =>
      audit.record(interaction, request, {
        event: 'SignIn',
        step: 'Verification.EnterpriseSso.Submit',
        result,
        userId,
        identifier: 'sso',
        ...(code ? { error: { code } } : {}),
      });
    const tokenSet = sealProviderTokens(tools, connection.tokenStorage, profile.tokens, request.log);
    const tokenOwner = {
      kind: 'sso',
      ssoConnectorId: connection.id,
      issuer: profile.issuer,
      identityId: profile.id,
    } as const;
    const signIn = async (user: UserRecord) => {
      if (user.isSuspended) return refuse(403, 'suspended');
      await keepProviderTokens(tools, tenantId, user.id, tokenOwner, tokenSet);
      return flow.proceed(interaction, request, reply, user, { userId: user.id, event: 'SignIn', identifier: 'sso' });
    };

    const holderId = await db.withTenant(tenantId, (tx) =>
      ssoIdentityHolder(tx, tenantId, identity.issuer, identity.identityId),
    );
    const holder = holderId ? await users.findById(tenantId, holderId) : undefined;
    // A suspended account is refused before anything of it changes.
    if (holder?.isSuspended) return refuse(403, 'suspended');
    if (holder) {
      record('Success', holder.id);
      await db.withTenant(tenantId, (tx) => keepSsoIdentity(tx, identityModel, tenantId, holder.id, identity));
      if (connection.syncProfile && profile.name && profile.name !== holder.name) {
        await users.updateFromAction(tenantId, holder.id, { name: profile.name.slice(0, 128) });
      }
      return signIn(holder);
    }
    const email = profile.emailVerified && inConnectorDomains(connection, profile.email) ? profile.email : undefined;
    if (!email) {
      record('Error', undefined, 'session.sso_email_not_in_domains');
      return refuse(403, 'sso_email_not_allowed');
    }
    const owner = await users.findByIdentifier(tenantId, email);
    if (owner?.isSuspended) return refuse(403, 'suspended');
    if (owner) {
      const linked = await db
        .withTenant(tenantId, (tx) => keepSsoIdentity(tx, identityModel, tenantId, owner.id, identity))
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof SsoIdentityTaken) return false;
          throw error;
        });
      if (!linked) return refuse(409, 'sso_identity_in_use');
      record('Success', owner.id);
      return signIn(owner);
    }
    const context = { ...systemContext(tenantId, 'registration'), locale: tr.language };
    const created = await users
      .create(
        context,
        { primaryEmail: email, name: profile.name },
        {
          first: async (tx) => {
            await lockSsoIdentity(tx, tenantId, identity.issuer, identity.identityId);
            if (await ssoIdentityHolder(tx, tenantId, identity.issuer, identity.identityId)) {
              throw new SsoIdentityTaken();
            }
          },
          after: async (tx, user) => {
            const userId = String(user.id);
            await keepSsoIdentity(tx, identityModel, tenantId, userId, identity);
            const from = { ssoConnectorId: connection.id, verifiedEmail: email };
            await provisionOrganizations(tx, tools.modelOf, tenantId, userId, from);
            if (tokenSet) await keepTokenSet(tx, tools.modelOf('secret'), tenantId, userId, tokenOwner, tokenSet);
          },
        },
      )
      .catch((error: unknown) => {
        if (error instanceof ApiError || error instanceof SsoIdentityTaken) return undefined;
        throw error;
      });
    if (!created) {
      // A first sign-in racing with this one made the account: that account signs in.
      const first = await db.withTenant(tenantId, (tx) =>
        ssoIdentityHolder(tx, tenantId, identity.issuer, identity.identityId),
      );
      const winner = first ? await users.findById(tenantId, first) : undefined;
      if (!winner) return refuse(409, 'sso_identity_in_use');
      record('Success', winner.id);
      return signIn(winner);
    }
    record('Success', created.id);
    return flow.proceed(interaction, request, reply, created, {
      userId: created.id,
      event: 'Register',
      identifier: 'sso',
    });
  };
};
