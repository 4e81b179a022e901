import type { FastifyReply } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import type { SecuritySettings } from '../../entities/user/server/account/security-settings.js';
import type { UserStore } from '../../entities/user/server/account/store.js';
import type { ServerEdition } from '../crud/context.js';
import type { Database } from '../db/database.js';
import { ADMIN_TENANT_ID } from '../tenants/urls.js';
import { asksOrganizations, userOrganizations } from './consent-organizations.js';
import { type Interaction, sendPage } from './context.js';
import type { PageExperience } from './experience.js';
import { forgotPasswordAvailable } from './forgot-password/availability.js';
import type { SignInMethodEntry } from './methods/entry.js';
import { verifiedRegistration } from './methods/verification-code/state.js';
import { readPendingIdentity } from './registration/pending-identity.js';
import { consentPage, errorPage, type FieldErrors, lockedPage, registerPage, signInPage } from './views.js';

export interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

const param = (details: InteractionDetails, name: string) =>
  typeof details.params[name] === 'string' ? (details.params[name] as string) : undefined;

/**
 * The first screen an authorization request asks for, as Logto reads it: `first_screen`, else `interaction_mode`.
 * Screens these pages do not have (`single_sign_on`, and any `direct_sign_in` target, which falls back to the
 * first screen as in Logto) show the sign-in form; so does `reset_password` where the tenant offers no reset by
 * email (where it does, the sign-in route opens the forgot password flow).
 */
export const wantsRegistration = (details: InteractionDetails) => {
  const screen = param(details, 'first_screen') ?? param(details, 'interaction_mode');
  return screen === 'register' || screen === 'identifier:register' || screen === 'signUp';
};

/** Whether signing in is open: every mode but `Register` (registration only). */
export const signInOpen = (experience: PageExperience) => experience.signInMode !== 'Register';

/** The pages an interaction shows: sign-in, registration, consent, lockout, and the error for a wrong prompt. */
export const interactionPages = (
  db: Database,
  users: UserStore,
  settingsOf: (tenantId: string) => Promise<SecuritySettings>,
  /** The sign-in methods the sign-in page shows (the registry's). */
  methods: readonly SignInMethodEntry[],
  edition: ServerEdition = 'oss',
) => {
  /**
   * Registration is open where the sign-in experience's mode allows it; in the open-source admin tenant only until
   * its first user exists (that user becomes the administrator), in the cloud's to everyone (each account creates or
   * joins its own tenants).
   */
  const registrationOpen = async (interaction: Interaction) =>
    interaction.experience.signInMode !== 'SignIn' &&
    (interaction.tenantId !== ADMIN_TENANT_ID ||
      edition === 'cloud' ||
      (await users.count(interaction.tenantId)) === 0);

  const clientName = async (interaction: Interaction) => {
    const clientId = String(interaction.details.params.client_id ?? '');
    const client = await interaction.oidc.provider.Client.find(clientId);
    return client?.clientName ?? clientId;
  };

  const showSignIn = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    view: { identifier?: string; error?: string; notice?: string; termsError?: string } = {},
  ) => {
    const { tr, base, details, experience } = interaction;
    const open = await registrationOpen(interaction);
    const forgot = await forgotPasswordAvailable(db, interaction);
    const identifier = view.identifier ?? param(details, 'login_hint');
    const chrome = interaction.chrome('/sign-in');
    return sendPage(
      reply,
      status,
      signInPage(
        tr,
        {
          base,
          methods,
          clientName: await clientName(interaction),
          experience,
          ...(identifier ? { identifier } : {}),
          ...(view.error ? { error: view.error } : {}),
          ...(view.notice ? { notice: view.notice } : {}),
          ...(view.termsError ? { termsError: view.termsError } : {}),
          ...(open ? { registerHref: `${base}/register` } : {}),
          ...(forgot ? { forgotPasswordHref: `${base}/forgot-password` } : {}),
        },
        chrome,
      ),
      chrome,
    );
  };

  const showRegister = async (
    interaction: Interaction,
    reply: FastifyReply,
    status: number,
    view: { values?: Record<string, string | undefined>; errors?: FieldErrors; error?: string } = {},
  ) => {
    const { tr, base, experience, details } = interaction;
    const hint = param(details, 'login_hint');
    const chrome = interaction.chrome('/register');
    const { length } = (await settingsOf(interaction.tenantId)).passwordPolicy;
    return sendPage(
      reply,
      status,
      registerPage(
        tr,
        {
          action: `${base}/register`,
          ...(signInOpen(experience) ? { signInHref: base } : {}),
          clientName: await clientName(interaction),
          experience,
          firstAdmin: interaction.tenantId === ADMIN_TENANT_ID,
          values: view.values ?? (hint ? { email: hint, emailOrPhone: hint, phone: hint, username: hint } : {}),
          verified: verifiedRegistration(interaction)?.kind,
          notice: readPendingIdentity(interaction) ? tr.t('interaction:register.completing_identity') : undefined,
          errors: view.errors ?? {},
          ...(view.error ? { error: view.error } : {}),
          passwordPolicy: { minLength: length.min, maxLength: length.max },
        },
        chrome,
      ),
      chrome,
    );
  };

  const showConsent = async (interaction: Interaction, reply: FastifyReply) => {
    const { tr, base, oidc, details, tenantId } = interaction;
    const missing = details.prompt.details as ConsentDetails;
    const requested = missing.missingResourceScopes ?? {};
    const described = await oidc.resources.describe(Object.keys(requested));
    const accountId = details.session?.accountId ?? '';
    const user = await users.findById(tenantId, accountId);
    const organizations = asksOrganizations(details) ? await userOrganizations(db, tenantId, accountId) : [];
    const chrome = interaction.chrome();
    const view = {
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
      organizations,
    };
    return sendPage(reply, 200, consentPage(tr, view, chrome), chrome);
  };

  const showLocked = (interaction: Interaction, reply: FastifyReply, verdict: { retryAfter: number; until: Date }) => {
    const chrome = interaction.chrome();
    return sendPage(
      reply.header('Retry-After', String(verdict.retryAfter)),
      429,
      lockedPage(interaction.tr, { ...verdict, backHref: interaction.base }, chrome),
      chrome,
    );
  };

  const showError = (interaction: Interaction, reply: FastifyReply, status: number, message: string) => {
    const chrome = interaction.chrome();
    return sendPage(reply, status, errorPage(interaction.tr, { message }, chrome), chrome);
  };

  const wrongPrompt = (interaction: Interaction, reply: FastifyReply) =>
    showError(interaction, reply, 400, interaction.tr.t('interaction:error.session_expired'));

  return { registrationOpen, showSignIn, showRegister, showConsent, showLocked, showError, wrongPrompt };
};
