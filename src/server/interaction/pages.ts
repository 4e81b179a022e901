import type { FastifyReply } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';
import type { SecuritySettings } from '../users/security-settings.js';
import type { UserStore } from '../users/store.js';
import { type Interaction, sendPage } from './context.js';
import { consentPage, errorPage, type FieldErrors, lockedPage, registerPage, signInPage } from './views.js';

export interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

export const wantsRegistration = (details: InteractionDetails) =>
  details.params.first_screen === 'register' || details.params.interaction_mode === 'signUp';

/** The pages an interaction shows: sign-in, registration, consent, lockout, and the error for a wrong prompt. */
export const interactionPages = (users: UserStore, settingsOf: (tenantId: string) => Promise<SecuritySettings>) => {
  /** Registration is open in the admin tenant until its first user exists (that user becomes the administrator). */
  const registrationOpen = async (tenantId: string) =>
    tenantId === ADMIN_TENANT_ID && (await users.count(tenantId)) === 0;

  const clientName = async (interaction: Interaction) => {
    const clientId = String(interaction.details.params.client_id ?? '');
    const client = await interaction.oidc.provider.Client.find(clientId);
    return client?.clientName ?? clientId;
  };

  const showSignIn = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    view: { identifier?: string; error?: string; notice?: string } = {},
  ) => {
    const { tr, base, tenantId, details } = interaction;
    const open = await registrationOpen(tenantId);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    const identifier = view.identifier ?? hint;
    return sendPage(
      reply,
      status,
      signInPage(tr, {
        action: `${base}/sign-in`,
        clientName: await clientName(interaction),
        ...(identifier ? { identifier } : {}),
        ...(view.error ? { error: view.error } : {}),
        ...(view.notice ? { notice: view.notice } : {}),
        ...(open ? { registerHref: `${base}/register` } : {}),
      }),
    );
  };

  const showRegister = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    view: { values?: { username?: string; email?: string }; errors?: FieldErrors; error?: string } = {},
  ) => {
    const { tr, base } = interaction;
    const { length } = (await settingsOf(interaction.tenantId)).passwordPolicy;
    return sendPage(
      reply,
      status,
      registerPage(tr, {
        action: `${base}/register`,
        signInHref: base,
        clientName: await clientName(interaction),
        firstAdmin: interaction.tenantId === ADMIN_TENANT_ID,
        values: view.values ?? {},
        errors: view.errors ?? {},
        ...(view.error ? { error: view.error } : {}),
        passwordPolicy: { minLength: length.min, maxLength: length.max },
      }),
    );
  };

  const showConsent = async (interaction: Interaction, reply: FastifyReply) => {
    const { tr, base, oidc, details, tenantId } = interaction;
    const missing = details.prompt.details as ConsentDetails;
    const requested = missing.missingResourceScopes ?? {};
    const described = await oidc.resources.describe(Object.keys(requested));
    const accountId = details.session?.accountId ?? '';
    const user = await users.findById(tenantId, accountId);
    return sendPage(
      reply,
      200,
      consentPage(tr, {
        action: `${base}/consent`,
        abortAction: `${base}/abort`,
        clientName: await clientName(interaction),
        user: user?.username ?? user?.primaryEmail ?? accountId,
        oidcScopes: missing.missingOIDCScope ?? [],
        resources: Object.entries(requested).map(([indicator, scopes]) => {
          const resource = described.get(indicator);
          return {
            indicator,
            name: resource?.name ?? indicator,
            scopes: scopes.map((name) => ({ name, description: resource?.scopes.get(name) ?? null })),
          };
        }),
      }),
    );
  };

  const showLocked = (interaction: Interaction, reply: FastifyReply, verdict: { retryAfter: number; until: Date }) =>
    sendPage(
      reply.header('Retry-After', String(verdict.retryAfter)),
      429,
      lockedPage(interaction.tr, { ...verdict, backHref: interaction.base }),
    );

  const wrongPrompt = (interaction: Interaction, reply: FastifyReply) =>
    sendPage(reply, 400, errorPage(interaction.tr, { message: interaction.tr.t('interaction:error.session_expired') }));

  return { registrationOpen, showSignIn, showRegister, showConsent, showLocked, wrongPrompt };
};
