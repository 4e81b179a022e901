import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';
import { type Database, pgConstraint, pgErrorCode, pgErrorCodes } from '../db/database.js';
import { SIGN_IN_PAGE_POLICY } from '../http/security-headers.js';
import { type Translator, translatorFor } from '../locales/index.js';
import type { TenantOidc } from '../oidc/provider.js';
import type { TenantProviders } from '../oidc/providers.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID, defaultTenantAdminRole } from '../tenants/urls.js';
import { checkPassword, passwordPolicy } from '../users/password-policy.js';
import { verifyPassword } from '../users/passwords.js';
import { emailRule, type UserStore, usernameRule } from '../users/store.js';
import { type Sentinel, sentinelTarget } from './sentinel.js';
import {
  consentPage,
  errorPage,
  type FieldErrors,
  lockedPage,
  registerPage,
  STYLESHEET_PATH,
  signInPage,
} from './views.js';

export interface InteractionRouteOptions {
  db: Database;
  providers: TenantProviders;
  users: UserStore;
  sentinel: Sentinel;
}

type Params = { tenantId?: string; uid: string };
type Form = Record<string, string | undefined>;
type Request = FastifyRequest<{ Params: Params; Body: Form | undefined }>;

/** Everything a page handler needs about the interaction it serves. */
interface Interaction {
  tenantId: string;
  tr: Translator;
  oidc: TenantOidc;
  details: InteractionDetails;
  /** `{tenant base}/interaction/{uid}`: the page, and the prefix of its form actions. */
  base: string;
}

interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

const stylesheet = readFileSync(new URL('./static/sign-in.css', import.meta.url), 'utf8');

const sendPage = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', SIGN_IN_PAGE_POLICY)
    .send(page);

class RegistrationClosed extends Error {}

/**
 * The tenant's own sign-in pages (oidc-provider's `interactions.url`): sign-in with username or email and password,
 * registration where it is open, consent. Server-rendered HTML forms, texts from `src/server/locales`.
 *
 * The forms need no CSRF token: the interaction cookie they depend on is SameSite=Lax and scoped to this
 * interaction's path, so a cross-site POST arrives without it and finds no interaction.
 */
export const registerInteractionRoutes = async (app: FastifyInstance, options: InteractionRouteOptions) => {
  const { db, providers, users, sentinel } = options;

  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(stylesheet),
  );

  /** Registration is open in the admin tenant until its first user exists (that user becomes the administrator). */
  const registrationOpen = async (tenantId: string) =>
    tenantId === ADMIN_TENANT_ID && (await users.count(tenantId)) === 0;

  const clientName = async (interaction: Interaction) => {
    const clientId = String(interaction.details.params.client_id ?? '');
    const client = await interaction.oidc.provider.Client.find(clientId);
    return client?.clientName ?? clientId;
  };

  /** Loads the interaction named by the URL, or answers with an error page and returns nothing. */
  const load = async (request: Request, reply: FastifyReply): Promise<Interaction | undefined> => {
    const tr = translatorFor(request.headers['accept-language']);
    const expired = () => {
      sendPage(reply, 400, errorPage(tr, { message: tr.t('interaction:error.session_expired') }));
      return undefined;
    };
    if (request.params.tenantId === DEFAULT_TENANT_ID) return expired();
    const tenantId = request.params.tenantId ?? DEFAULT_TENANT_ID;
    const oidc = await providers.get(tenantId);
    if (!oidc) return expired();
    let details: InteractionDetails;
    try {
      details = await oidc.provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return expired();
    }
    if (details.uid !== request.params.uid) return expired();
    return { tenantId, tr, oidc, details, base: `${oidc.basePath}/interaction/${details.uid}` };
  };

  const wantsRegistration = (details: InteractionDetails) =>
    details.params.first_screen === 'register' || details.params.interaction_mode === 'signUp';

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
        passwordPolicy,
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

  /** Finishes the interaction and sends the browser back to the provider. */
  const finish = async (
    interaction: Interaction,
    request: Request,
    reply: FastifyReply,
    result: Record<string, unknown>,
    merge: boolean,
  ) => {
    const to = await interaction.oidc.provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.header('Cache-Control', 'no-store').redirect(to, 303);
  };

  /** Wraps a handler: loads the interaction, and turns an unexpected failure into an error page. */
  const page =
    (handler: (interaction: Interaction, request: Request, reply: FastifyReply) => Promise<unknown>) =>
    async (request: Request, reply: FastifyReply) => {
      const interaction = await load(request, reply);
      if (!interaction) return reply;
      try {
        return await handler(interaction, request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'sign-in page failed');
        const { tr } = interaction;
        return sendPage(reply, 500, errorPage(tr, { message: tr.t('interaction:error.request_failed') }));
      }
    };

  /** Grants what the consent prompt found missing, and finishes the prompt. */
  const grantConsent = async (interaction: Interaction, request: Request, reply: FastifyReply) => {
    const { details, oidc } = interaction;
    const missing = details.prompt.details as ConsentDetails;
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id ?? '');
    if (!accountId) return wrongPrompt(interaction, reply);
    const { Grant } = oidc.provider;
    const grant =
      (details.grantId ? await Grant.find(details.grantId) : undefined) ?? new Grant({ accountId, clientId });
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(interaction, request, reply, { consent: details.grantId === grantId ? {} : { grantId } }, true);
  };

  const show = page(async (interaction, request, reply) => {
    const { details, tenantId, tr } = interaction;
    if (details.prompt.name === 'consent') {
      // The tenant's own apps are trusted with what they ask for (the user's roles still bound the scopes).
      const clientId = String(details.params.client_id ?? '');
      if (!(await interaction.oidc.clients.isThirdParty(clientId))) return grantConsent(interaction, request, reply);
      return showConsent(interaction, reply);
    }
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    if (wantsRegistration(details)) {
      if (await registrationOpen(tenantId)) return showRegister(interaction, reply, 200);
      return showSignIn(interaction, reply, 200, { notice: tr.t('interaction:sign_in.registration_closed') });
    }
    return showSignIn(interaction, reply, 200);
  });

  const showRegistration = page(async (interaction, _request, reply) => {
    if (interaction.details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    if (await registrationOpen(interaction.tenantId)) return showRegister(interaction, reply, 200);
    return showSignIn(interaction, reply, 200, { notice: interaction.tr.t('interaction:sign_in.registration_closed') });
  });

  const signIn = page(async (interaction, request, reply) => {
    const { tr, tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    const identifier = (request.body?.identifier ?? '').trim();
    const password = request.body?.password ?? '';
    if (!identifier) return showSignIn(interaction, reply, 400, { error: tr.t('errors:identifier_required') });
    if (!password) {
      return showSignIn(interaction, reply, 400, { identifier, error: tr.t('errors:password_required') });
    }
    // Attempts count against the account the identifier names (its username and email alike), else the identifier.
    const user = await users.findByIdentifier(tenantId, identifier);
    const attempt = await sentinel.admit(tenantId, sentinelTarget(identifier, user?.id));
    if (attempt.blocked) return showLocked(interaction, reply, attempt);

    const verified = await verifyPassword(user?.passwordEncrypted, password);
    if (!user || !verified) {
      const after = await sentinel.failed(tenantId, attempt);
      if (after.blocked) return showLocked(interaction, reply, after);
      return showSignIn(interaction, reply, 400, { identifier, error: tr.t('errors:invalid_credentials') });
    }
    await sentinel.succeeded(tenantId, attempt);
    if (user.isSuspended) return showSignIn(interaction, reply, 403, { identifier, error: tr.t('errors:suspended') });
    await users.touchSignIn(tenantId, user.id);
    return finish(interaction, request, reply, { login: { accountId: user.id } }, false);
  });

  const validateRegistration = (tr: Translator, form: Form) => {
    const username = (form.username ?? '').trim();
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    if (!username) add('username', tr.t('errors:username_required'));
    else if (username.length > usernameRule.maxLength) {
      add('username', tr.t('errors:username_too_long', { max: usernameRule.maxLength }));
    } else if (!usernameRule.pattern.test(username)) add('username', tr.t('errors:username_invalid'));
    if (email && email.length > emailRule.maxLength)
      add('email', tr.t('errors:email_too_long', { max: emailRule.maxLength }));
    else if (email && !emailRule.pattern.test(email)) add('email', tr.t('errors:email_invalid'));
    for (const code of checkPassword(password)) {
      add(
        'password',
        tr.t(`errors:${code}`, {
          min: passwordPolicy.minLength,
          max: passwordPolicy.maxLength,
          count: passwordPolicy.characterTypes,
        }),
      );
    }
    if (password !== (form.passwordConfirm ?? '')) add('passwordConfirm', tr.t('errors:password_mismatch'));
    return { username, email, password, errors };
  };

  const register = page(async (interaction, request, reply) => {
    const { tr, tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return wrongPrompt(interaction, reply);
    const closed = () =>
      showSignIn(interaction, reply, 403, {
        error: tr.t('errors:registration_closed'),
        notice: tr.t('interaction:sign_in.registration_closed'),
      });
    if (!(await registrationOpen(tenantId))) return closed();
    const { username, email, password, errors } = validateRegistration(tr, request.body ?? {});
    const values = { username, email };
    if (Object.keys(errors).length > 0) return showRegister(interaction, reply, 400, { values, errors });

    let userId: string;
    try {
      userId = await db.withTenant(tenantId, async (tx) => {
        // One first administrator: concurrent registrations queue here and the later ones find a user.
        await users.lockRegistration(tx, tenantId);
        if ((await users.count(tenantId, tx)) > 0) throw new RegistrationClosed();
        const user = await users.insert(tx, tenantId, { username, primaryEmail: email || null, password });
        if (tenantId === ADMIN_TENANT_ID)
          await users.assignRolesByName(tx, tenantId, user.id, [defaultTenantAdminRole]);
        return user.id;
      });
    } catch (error) {
      if (error instanceof RegistrationClosed) return closed();
      if (pgErrorCode(error) === pgErrorCodes.uniqueViolation) {
        const onEmail = pgConstraint(error)?.includes('primary_email');
        const field = onEmail ? 'email' : 'username';
        const message = tr.t(onEmail ? 'errors:email_in_use' : 'errors:username_in_use');
        return showRegister(interaction, reply, 422, { values, errors: { [field]: [message] } });
      }
      throw error;
    }
    await users.touchSignIn(tenantId, userId);
    return finish(interaction, request, reply, { login: { accountId: userId } }, false);
  });

  const consent = page(async (interaction, request, reply) => {
    if (interaction.details.prompt.name !== 'consent') return wrongPrompt(interaction, reply);
    return grantConsent(interaction, request, reply);
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
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    for (const prefix of ['', '/t/:tenantId']) {
      const at = `${prefix}/interaction/:uid`;
      scope.get(at, show);
      scope.get(`${at}/register`, showRegistration);
      scope.post(`${at}/sign-in`, signIn);
      scope.post(`${at}/register`, register);
      scope.post(`${at}/consent`, consent);
      scope.post(`${at}/abort`, abort);
    }
  });
};
