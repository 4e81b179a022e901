import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Interaction, sendPage } from '../../context.js';
import type { MethodTools } from '../method.js';
import { keepProviderTokens } from '../token-storage.js';
import { readSocialLink, saveSocialLink } from './link-state.js';
import { socialLinkPage } from './link-view.js';
import { socialRegistration } from './register.js';
import { pendingSocialOf } from './sign-up.js';

/**
 * Logto's social link page: a new social identity whose verified email names an account (and the tenant does not
 * link such identities by itself, `automaticAccountLinking`) asks the user. Linking gives that account the identity
 * (the provider vouched for its address) and signs it in; "create a new account" registers the identity without the
 * address, which is that account's.
 */
export const socialLinkRoutes = (scope: FastifyInstance, at: string, tools: MethodTools) => {
  const { page, users, pages, flow, audit } = tools;
  const register = socialRegistration(tools);
  const toStart = (interaction: Interaction, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-store').redirect(interaction.base, 303);
  const refuse = (interaction: Interaction, reply: FastifyReply, status: number, key: string) =>
    pages.showSignIn(interaction, reply, status, { error: interaction.tr.t(`errors:${key}`) });

  /** The decision under way and the account it names, while both still hold. */
  const under = async (interaction: Interaction) => {
    if (interaction.details.prompt.name !== 'login') return undefined;
    const state = readSocialLink(interaction);
    const related = state && (await users.findById(interaction.tenantId, state.relatedUserId));
    return state && related ? { state, related } : undefined;
  };

  const show = page(async (interaction, _request, reply) => {
    const found = await under(interaction);
    if (!found) return toStart(interaction, reply);
    const { tr, base, experience } = interaction;
    const { target } = pendingSocialOf(found.state.pending);
    const connector = experience.socialConnectors.find((candidate) => candidate.target === target);
    const provider = connector?.name[tr.language] ?? connector?.name.en ?? target;
    const open = await pages.registrationOpen(interaction);
    const chrome = interaction.chrome();
    const view = {
      action: `${base}/social/link`,
      newAccountAction: open ? `${base}/social/link/new` : undefined,
      backHref: base,
      provider,
      email: found.state.pending.email ?? '',
    };
    return sendPage(reply.header('Cache-Control', 'no-store'), 200, socialLinkPage(tr, view, chrome), chrome);
  });

  const link = page(async (interaction, request, reply) => {
    const found = await under(interaction);
    if (!found) return toStart(interaction, reply);
    const { state, related } = found;
    const { tenantId } = interaction;
    if (related.isSuspended) return refuse(interaction, reply, 403, 'suspended');
    // The account must still hold the address the provider vouched for.
    const email = state.pending.email?.toLowerCase();
    if (!email || related.primaryEmail?.toLowerCase() !== email) return toStart(interaction, reply);
    const { target, identity, profile, owner, tokenSet } = pendingSocialOf(state.pending);
    if (!(await users.identities.link(tenantId, related.id, target, identity, profile))) {
      return refuse(interaction, reply, 409, 'social_identity_in_use');
    }
    await keepProviderTokens(tools, tenantId, related.id, owner, tokenSet);
    await saveSocialLink(interaction, undefined);
    audit.record(interaction, request, {
      event: 'SignIn',
      step: 'Verification.Social.Link',
      result: 'Success',
      userId: related.id,
      identifier: 'social',
    });
    return flow.proceed(interaction, request, reply, related, {
      userId: related.id,
      event: 'SignIn',
      identifier: 'social',
    });
  });

  const newAccount = page(async (interaction, request, reply) => {
    const found = await under(interaction);
    if (!found) return toStart(interaction, reply);
    await saveSocialLink(interaction, undefined);
    return register(interaction, request, reply, { ...found.state.pending, email: undefined });
  });

  scope.get(`${at}/social/link`, show);
  scope.post(`${at}/social/link`, link);
  scope.post(`${at}/social/link/new`, newAccount);
};
