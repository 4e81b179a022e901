import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../../http/api-error.js';
import { authorizationUri } from '../../../social/authorization.js';
import { socialConfigOf } from '../../../social/config.js';
import { socialProfile } from '../../../social/profile.js';
import type { Interaction } from '../../context.js';
import type { MethodTools } from '../method.js';
import { providerReturn, sameState } from '../provider-return.js';
import { keepProviderTokens, sealProviderTokens } from '../token-storage.js';
import { readSocialConnector } from './connectors.js';
import { socialLinkRoutes } from './link.js';
import { saveSocialLink } from './link-state.js';
import { socialRegistration } from './register.js';
import { socialPending } from './sign-up.js';
import { readSocialState, saveSocialState } from './state.js';

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const connectorIdOf = (request: { params: unknown }) => text((request.params as Record<string, unknown>).connectorId);

/** Where the provider sends the user back: one fixed URL per connector, the one registered at the provider. */
export const socialRedirectUri = (interaction: Interaction, connectorId: string) =>
  `${interaction.oidc.issuer.replace(/\/oidc$/, '')}/callback/social/${encodeURIComponent(connectorId)}`;

/**
 * Social sign-in (Logto's): the button's post stores a fresh `state` (naming the interaction), an OpenID Connect
 * nonce and a PKCE verifier with the interaction and sends the user to the provider; the provider sends them back to
 * the connector's fixed URL, which hands the answer to the interaction the state names, whose page checks the state
 * against its own (once: a replay finds nothing), exchanges the code and reads the profile (the ID token's
 * signature, issuer, audience and nonce checked). Then the user who holds the platform identity signs in; else the
 * user whose email the provider verified gets the identity linked (at once where `automaticAccountLinking`, else
 * when the user chooses it on the link page); else a new account registers where sign-up is open (asking first for
 * what sign-up requires and the provider did not give). A provider's unverified email never links nor becomes the
 * account's address.
 */
export const socialRoutes = (scope: FastifyInstance, at: string, tools: MethodTools, prefix: string) => {
  const { page, db, users, audit, pages, flow } = tools;
  const register = socialRegistration(tools);
  const redirect = (reply: FastifyReply, to: string) => reply.header('Cache-Control', 'no-store').redirect(to, 303);
  const refuse = (interaction: Interaction, reply: FastifyReply, status: number, key: string) =>
    pages.showSignIn(interaction, reply, status, { error: interaction.tr.t(`errors:${key}`) });

  const start = page(async (interaction, request, reply) => {
    const { tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    const connectorId = connectorIdOf(request);
    const listed = interaction.experience.socialConnectors.some((connector) => connector.id === connectorId);
    const found =
      listed &&
      (await db.withTenant(tenantId, (tx) =>
        readSocialConnector(tx, tenantId, interaction.modelOf('connector'), connectorId),
      ));
    if (!found) return refuse(interaction, reply, 400, 'social_unavailable');
    const saved = { connectorId, state: `${details.uid}.${random(24)}`, nonce: random(24), verifier: random(32) };
    await saveSocialState(interaction, saved);
    const config = socialConfigOf(found.factory.configSchema, found.config);
    const codeChallenge = createHash('sha256').update(saved.verifier).digest('base64url');
    const redirectUri = socialRedirectUri(interaction, connectorId);
    return redirect(reply, authorizationUri(found.protocol, config, { ...saved, redirectUri, codeChallenge }));
  });

  const callback = page(async (interaction, request, reply) => {
    const { tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    const connectorId = connectorIdOf(request);
    const query = request.query as Record<string, unknown>;
    const saved = readSocialState(interaction);
    const record = (step: string, result: 'Success' | 'Error', userId?: string, code?: string) =>
      audit.record(interaction, request, {
        event: 'SignIn',
        step,
        result,
        userId,
        identifier: 'social',
        ...(code ? { error: { code } } : {}),
      });
    // The state is the interaction's own, once: a forged, stale or replayed answer finds none to match.
    if (!saved || saved.connectorId !== connectorId || !sameState(text(query.state), saved.state)) {
      record('Verification.Social.Submit', 'Error', undefined, 'session.connector_session_not_found');
      return refuse(interaction, reply, 400, 'social_session_expired');
    }
    await saveSocialState(interaction, undefined);
    if (text(query.error) || !text(query.code)) {
      record('Verification.Social.Submit', 'Error', undefined, 'connector.authorization_failed');
      return refuse(interaction, reply, 400, 'social_cancelled');
    }
    const found = await db.withTenant(tenantId, (tx) =>
      readSocialConnector(tx, tenantId, interaction.modelOf('connector'), connectorId),
    );
    if (!found) return refuse(interaction, reply, 400, 'social_unavailable');
    const config = socialConfigOf(found.factory.configSchema, found.config);
    const exchange = {
      code: text(query.code),
      redirectUri: socialRedirectUri(interaction, connectorId),
      codeVerifier: saved.verifier,
      nonce: saved.nonce,
    };
    const profile = await socialProfile(found.protocol, config, exchange).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      request.log.warn({ err: error }, 'social sign-in refused');
      record('Verification.Social.Submit', 'Error', undefined, error.code);
      return undefined;
    });
    if (!profile) return refuse(interaction, reply, 400, 'social_failed');
    const { target } = found.connector;
    const identity = { userId: profile.id, details: profile.details };
    const tokenSet = sealProviderTokens(tools, found.tokenStorage, profile.tokens, request.log);
    const tokenOwner = { kind: 'social', connectorId, target, identityId: profile.id } as const;
    const holder = await users.identities.holder(tenantId, target, profile.id);
    const email = profile.emailVerified ? profile.email : undefined;
    const related = !holder && email ? await users.findByIdentifier(tenantId, email) : undefined;
    // The account whose address the provider verified takes the identity at once only where the tenant says so
    // (`automaticAccountLinking`); else the user decides on the link page.
    const owner = holder ?? (interaction.experience.socialSignIn.automaticAccountLinking ? related : undefined);
    record('Verification.Social.Submit', 'Success', owner?.id);
    if (owner) {
      if (owner.isSuspended) return refuse(interaction, reply, 403, 'suspended');
      // A connector that syncs profiles refreshes the holder's identity, name and avatar at each sign-in.
      if (!holder || found.syncProfile) {
        const linked = await users.identities.link(tenantId, owner.id, target, identity, profile, found.syncProfile);
        if (!linked) return refuse(interaction, reply, 409, 'social_identity_in_use');
      }
      await keepProviderTokens(tools, tenantId, owner.id, tokenOwner, tokenSet);
      return flow.proceed(interaction, request, reply, owner, {
        userId: owner.id,
        event: 'SignIn',
        identifier: 'social',
      });
    }
    const pending = socialPending(found.connector, profile, tokenSet);
    if (related) {
      if (related.isSuspended) return refuse(interaction, reply, 403, 'suspended');
      await saveSocialLink(interaction, { pending, relatedUserId: related.id });
      return redirect(reply, `${interaction.base}/social/link`);
    }
    return register(interaction, request, reply, pending);
  });

  socialLinkRoutes(scope, at, tools);
  scope.post(`${at}/social/:connectorId`, start);
  scope.get(`${at}/social/:connectorId/callback`, callback);
  scope.get(`${prefix}/callback/social/:connectorId`, providerReturn('social'));
  scope.post(`${prefix}/callback/social/:connectorId`, providerReturn('social'));
};
