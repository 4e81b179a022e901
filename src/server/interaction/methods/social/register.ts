import type { FastifyReply } from 'fastify';
import { systemContext } from '../../../crud/context.js';
import { ApiError } from '../../../http/api-error.js';
import type { Interaction, Request } from '../../context.js';
import { type PendingIdentity, pendingAsksMore, savePendingIdentity } from '../../registration/pending-identity.js';
import type { MethodTools } from '../method.js';
import { pendingSocialOf, socialAccountSteps } from './sign-up.js';

/**
 * A new social identity gets its account: where sign-up asks for what the provider did not give (a username, an
 * address) and the tenant does not skip that for social sign-ups (`skipRequiredIdentifiers`), the registration form
 * asks for it and completes the account; else the account is made now, with the identity, in one transaction. Of
 * two first sign-ins racing with one identity, one makes the account and the other signs in to it.
 */
export const socialRegistration = (tools: MethodTools) => {
  const { users, pages, flow } = tools;
  return async (interaction: Interaction, request: Request, reply: FastifyReply, pending: PendingIdentity) => {
    const { tenantId, tr, experience } = interaction;
    const refuse = (status: number, key: string) =>
      pages.showSignIn(interaction, reply, status, { error: tr.t(`errors:${key}`) });
    if (!(await pages.registrationOpen(interaction))) return refuse(403, 'no_account_for_social');
    if (!experience.socialSignIn.skipRequiredIdentifiers && pendingAsksMore(experience, pending)) {
      await savePendingIdentity(interaction, pending);
      return reply.header('Cache-Control', 'no-store').redirect(`${interaction.base}/register`, 303);
    }
    const context = { ...systemContext(tenantId, 'registration'), locale: tr.language };
    const steps = socialAccountSteps(tools, tenantId, pending);
    const input = { primaryEmail: pending.email ?? null };
    const created = await users.create(context, input, steps).catch((error: unknown) => {
      if (error instanceof ApiError) return undefined;
      throw error;
    });
    if (created) return flow.proceed(interaction, request, reply, created, { userId: created.id, event: 'Register' });
    // A first sign-in racing with this one made the identity's account: that account signs in.
    const { target, identity } = pendingSocialOf(pending);
    const first = await users.identities.holder(tenantId, target, identity.userId);
    if (!first || first.isSuspended) return refuse(409, 'social_identity_in_use');
    return flow.proceed(interaction, request, reply, first, {
      userId: first.id,
      event: 'SignIn',
      identifier: 'social',
    });
  };
};
