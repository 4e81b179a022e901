import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { BreachCheck } from '../../entities/user/server/account/password-policy.js';
import type { SecuritySettings } from '../../entities/user/server/account/security-settings.js';
import type { UserStore } from '../../entities/user/server/account/store.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { ServerEdition } from '../crud/context.js';
import { Repository } from '../crud/repository.js';
import type { Database } from '../db/database.js';
import type { Outbox } from '../messages/outbox.js';
import type { TenantProviders } from '../oidc/providers.js';
import type { SecretVault } from '../secrets/vault.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { interactionAudit } from './audit.js';
import { registerBrandingAssets } from './branding-assets.js';
import type { CaptchaEndpoints } from './captcha/endpoints.js';
import { captchaEndpoints } from './captcha/endpoints.js';
import { captchaGuard } from './captcha/guard.js';
import { grantConsent } from './consent.js';
import { rememberPickedOrganizations } from './consent-organizations.js';
import { finishInteraction as finish, interactionPage, type Request, readInteraction } from './context.js';
import { registerCustomUiFiles, sendCustomUi } from './custom-ui.js';
import { shareWithExperienceApi } from './experience-api/cookie.js';
import { registerExperienceApi } from './experience-api/routes.js';
import { forgotPasswordAvailable } from './forgot-password/availability.js';
import { registerForgotPasswordRoutes } from './forgot-password/routes.js';
import type { MethodTools } from './methods/method.js';
import { signInMethodModules } from './methods/registry.js';
import { mfaFlow } from './mfa/flow.js';
import { registerMfaRoutes } from './mfa/routes.js';
import { interactionPages, wantsRegistration } from './pages.js';
import { registrationRoutes } from './registration/routes.js';
import type { Sentinel } from './sentinel.js';
import { signInActions } from './sign-in-actions.js';
import { Passcodes } from './verification-code/passcodes.js';
import { codeSender } from './verification-code/send-code.js';
import { STYLESHEET_PATH } from './views.js';
import { registerWebAuthnAssets } from './webauthn-assets.js';

export interface InteractionRouteOptions {
  db: Database;
  providers: TenantProviders;
  users: UserStore;
  sentinel: Sentinel;
  /** The tenant's password, email blocklist and lockout policies (its sign-in experience). */
  settingsOf: (tenantId: string) => Promise<SecuritySettings>;
  /** Whether a password is known from breaches (the range API, or the offline list). */
  breached?: BreachCheck | undefined;
  /** Where every sign-in and registration attempt is recorded. */
  auditLog?: AuditLogWriter | undefined;
  /** Where finished sign-ins, registrations and resets are announced (PostSignIn, PostRegister, PostResetPassword). */
  webhooks?: WebhookDispatcher | undefined;
  /** Where the CAPTCHA providers' scripts and verification APIs are (default: the providers' own). */
  captcha?: CaptchaEndpoints | undefined;
  /** Where messages (verification codes) are sent from, beside the request that asked for them. */
  outbox: Outbox;
  /** The model of an entity the server serves (from its catalog). */
  modelOf: (entity: string) => EntityModel;
  /** The secret vault for providers' tokens (SECRET_VAULT_KEK); unset, none are kept. */
  vault?: SecretVault | undefined;
  /** The server's edition: the cloud's admin tenant is open for registration (every console account signs up). */
  edition?: ServerEdition | undefined;
}

const stylesheet = readFileSync(new URL('./static/sign-in.css', import.meta.url), 'utf8');

/**
 * The tenant's own sign-in pages (oidc-provider's `interactions.url`), server-rendered forms with texts from
 * `src/server/locales`: sign-in with username, email or phone and password, registration where it is open, resetting a
 * forgotten password by email, consent. The forms need no CSRF token: the interaction cookie they depend on is
 * SameSite=Lax and scoped to this interaction's path, so a cross-site POST arrives without it and finds no interaction.
 */
export const registerInteractionRoutes = async (app: FastifyInstance, options: InteractionRouteOptions) => {
  const { providers, users, sentinel, settingsOf, breached } = options;
  const audit = interactionAudit(options);

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(stylesheet),
  );
  registerWebAuthnAssets(app);
  registerBrandingAssets(app);
  registerCustomUiFiles(app);

  const pages = interactionPages(options.db, users, settingsOf, signInMethodModules, options.edition);
  const { showConsent, showError, wrongPrompt } = pages;
  const page = interactionPage(providers, options.db, options.modelOf, options.captcha);
  const captchaRefusal = captchaGuard({ endpoints: options.captcha, record: audit.record });
  const actions = signInActions({ db: options.db, users, audit });
  const flow = mfaFlow({ db: options.db, users, sentinel, audit, actions, refuse: showError });
  const passcodes = new Passcodes(options.db, new Repository(options.modelOf('passcode')));
  const methodTools: MethodTools = {
    edition: options.edition ?? 'oss',
    page,
    db: options.db,
    providers,
    modelOf: options.modelOf,
    users,
    sentinel,
    audit,
    pages,
    flow,
    captcha: captchaRefusal,
    passcodes,
    outbox: options.outbox,
    settingsOf,
    breached,
    vault: options.vault,
    verifiedByAction: actions.verifiedByAction,
    claimed: async (interaction, reply, identifier) => {
      for (const method of signInMethodModules) {
        const answer = await method.claim?.(interaction, reply, identifier, methodTools);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
  };
  const forgotPassword = {
    page,
    captcha: captchaRefusal,
    db: options.db,
    users,
    sentinel,
    passcodes,
    audit,
    pages,
    settingsOf,
    breached,
    outbox: options.outbox,
  };

  const { firstScreen, showRegistration, register } = registrationRoutes(methodTools);
  const endpoints = options.captcha ?? captchaEndpoints();
  await registerExperienceApi(app, {
    ...methodTools,
    sendCode: codeSender({ db: options.db, passcodes, outbox: options.outbox, audit }),
    read: (request, reply) =>
      readInteraction(providers, options.db, options.modelOf, request as Request, reply, endpoints, undefined),
    postSignInRefuses: actions.postSignInRefuses,
  });

  const show = page(async (interaction, request, reply) => {
    const { details } = interaction;
    if (details.prompt.name === 'consent') {
      // The tenant's own apps are trusted with what they ask for (the user's roles still bound the scopes).
      const clientId = String(details.params.client_id ?? '');
      if (!(await interaction.oidc.clients.isThirdParty(clientId)))
        return grantConsent(interaction, request, reply, wrongPrompt);
      return showConsent(interaction, reply);
    }
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    shareWithExperienceApi(interaction, request, reply);
    // The tenant's own pages, where it uploaded them, drive the interaction through the Experience API.
    const { customUi } = interaction.experience;
    const custom = customUi && (await sendCustomUi(interaction, reply, app.customUi, customUi));
    if (custom) return custom;
    for (const method of signInMethodModules) {
      const resumed = await method.resume?.(interaction, request, reply, methodTools);
      if (resumed !== undefined) return resumed;
    }
    // Logto's `first_screen=reset_password` opens the forgot password flow where the tenant offers it.
    if (details.params.first_screen === 'reset_password' && (await forgotPasswordAvailable(options.db, interaction))) {
      return reply.header('Cache-Control', 'no-store').redirect(`${interaction.base}/forgot-password`, 303);
    }
    // Back from resetting a forgotten password: the sign-in form says so.
    const reset = (request.query as Record<string, unknown> | undefined)?.password_reset !== undefined;
    const notice = reset ? interaction.tr.t('interaction:sign_in.password_reset') : undefined;
    return firstScreen(interaction, reply, reset ? false : wantsRegistration(details), notice);
  });

  const consent = page(async (interaction, request, reply) => {
    if (interaction.details.prompt.name !== 'consent') return wrongPrompt(interaction, reply);
    await rememberPickedOrganizations(
      interaction,
      request,
      options.db,
      app.operationsOf('applicationUserConsentOrganization'),
    );
    return grantConsent(interaction, request, reply, wrongPrompt);
  });

  const abort = page(async (interaction, request, reply) =>
    finish(
      interaction,
      request,
      reply,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      false,
    ),
  );

  await app.register(async (scope) => {
    // The pages' forms post URL-encoded fields, every value a string; JSON is read for its string fields only (Logto's
    // clients post a SAML response so), and a body of any other type (multipart, text) as no fields at all, so no
    // value reaches the handlers as an array, a number or an object.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const limits = { parseAs: 'string', bodyLimit: 256 * 1024 } as const;
    scope.addContentTypeParser('application/x-www-form-urlencoded', limits, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addContentTypeParser('application/json', limits, (_request, body, done) => {
      const parsed: unknown = (() => {
        try {
          return JSON.parse(String(body));
        } catch {
          return undefined;
        }
      })();
      const fields = parsed && typeof parsed === 'object' ? Object.entries(parsed) : [];
      done(null, Object.fromEntries(fields.filter((entry) => typeof entry[1] === 'string')));
    });
    for (const prefix of ['', '/t/:tenantId']) {
      const at = `${prefix}/interaction/:uid`;
      scope.get(at, show);
      scope.get(`${at}/register`, showRegistration);
      scope.post(`${at}/register`, register);
      scope.post(`${at}/consent`, consent);
      scope.post(`${at}/abort`, abort);
      registerMfaRoutes(scope, at, { page, flow, users, wrongPrompt });
      registerForgotPasswordRoutes(scope, at, forgotPassword);
      for (const method of signInMethodModules) method.routes(scope, at, methodTools, prefix);
    }
  });
};
