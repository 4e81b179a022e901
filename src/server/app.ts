import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { registerVerificationFiles } from '../entities/domain/server/serve-files.js';
import { BreachedPasswords } from '../entities/user/server/account/breached-passwords.js';
import { DEFAULT_COUNT_THRESHOLD } from '../shared/list-counts.js';
import { AuditLogSink } from './audit-log/management.js';
import { schedulePruning } from './audit-log/prune.js';
import { AuditLogWriter } from './audit-log/writer.js';
import { registerBearerGuard } from './auth/bearer-guard.js';
import { identityVerifier } from './auth/identity-verifier.js';
import { lazyVerifier, type TokenVerifier } from './auth/token-verifier.js';
import { registerHasuraHook } from './authn/hasura.js';
import type { BillingSettings } from './billing/settings.js';
import { applyBootstrap } from './bootstrap/apply.js';
import type { BootstrapSettings } from './bootstrap/settings.js';
import { generatedCatalog } from './catalog.js';
import { registerFavicon } from './console/favicon.js';
import { registerConsole } from './console/shell.js';
import { type Catalog, modelOf } from './crud/catalog.js';
import type { ServerEdition } from './crud/context.js';
import type { EntityOperations } from './crud/contracts.js';
import { documentForEdition, servesEdition } from './crud/editions.js';
import type { WriteStage } from './crud/pipeline.js';
import { registerEntityRoutes } from './crud/routes.js';
import { type AuditSink, type ChangeListener, MemoryAuditSink, type QuotaCheck } from './crud/stages.js';
import type { Database } from './db/database.js';
import { registerDocs } from './docs/routes.js';
import { ApiError } from './http/api-error.js';
import { registerErrorHandler } from './http/error-handler.js';
import { BODY_LIMIT, registerJsonBody } from './http/json-body.js';
import { registerNulGuard } from './http/nul-guard.js';
import { requestContexts } from './http/request-context.js';
import { loggingOptions } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { type CaptchaEndpoints, captchaEndpoints } from './interaction/captcha/endpoints.js';
import type { SmtpConfig } from './messages/smtp.js';
import { registerIdentity } from './oidc/index.js';
import { buildOperations } from './operations.js';
import { registerProtectedAppEdge } from './protected-apps/edge.js';
import { type ReleaseFeed, releaseFeed } from './releases/feed.js';
import type { SecretVault } from './secrets/vault.js';
import { type AdminConnector, adminMailConnector, configureAdminConnectors } from './tenants/admin-connectors.js';
import { configureAdminEmailTemplates } from './tenants/admin-emails.js';
import { type TenantDirectory, tenantDirectory } from './tenants/directory.js';
import { planQuota } from './tenants/plan-quota.js';
import { DEFAULT_TENANT_ID, isTenantId, originOf } from './tenants/urls.js';
import { registerUserAssets } from './user-assets/routes.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing webhook deliveries; `await app.webhooks.idle()` waits for the ones in flight. */
    webhooks: WebhookDispatcher;
    /** The operations of every entity the server serves, by entity name. */
    operationsOf: (entity: string) => EntityOperations;
    /** Where the write pipeline records who did what (the audit log unless another sink was given). */
    audit: AuditSink;
    /** The audit log's writer; `await app.auditLog.flush()` waits until every entry recorded so far is stored. */
    auditLog: AuditLogWriter;
    /** Whether a password is known from breaches (the configured range API, else the offline list). */
    breachedPasswords: BreachedPasswords;
    /** Which tenants exist (remembered briefly); a deleted tenant is forgotten at once. */
    tenantDirectory: TenantDirectory;
    /** The cloud's payment provider, when configured. */
    billing: BillingSettings | undefined;
    /** The running release and the latest the release feed announces. */
    releases: ReleaseFeed;
  }
}

export interface AppOptions {
  db: Database;
  /**
   * Bearer tokens for management routes: `'identity'` verifies them against the tenants' own providers (the
   * product), a verifier of your own is for tests; unset, management routes are open (loopback development only).
   */
  verifier?: TokenVerifier | 'identity' | undefined;
  /** The built console (`dist/console`); when absent, only the API is served. */
  consoleDir?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The origin users and clients reach the server at (issuers, redirect URIs); unset, the listening address. */
  publicUrl?: string | undefined;
  /** A console administrator and an API client to create at start when missing (headless deployments). */
  bootstrap?: BootstrapSettings | undefined;
  /** What the server serves (entities, validators, migrations, overrides); default what codegen generated. */
  catalog?: Catalog | undefined;
  /** The edition the server runs as (default `oss`). */
  edition?: ServerEdition | undefined;
  /** Where the write pipeline's audit records go (default: the audit log, `GET /api/logs`). */
  audit?: AuditSink | undefined;
  /** The Pwned Passwords range API (`{url}{5 hex}`) for breached-password checks; default Have I Been Pwned's. */
  pwnedRangeUrl?: string | undefined;
  /** Where the CAPTCHA providers' scripts and verification APIs are, and their timeout; default the providers' own. */
  captcha?: Partial<CaptchaEndpoints> | undefined;
  /** Plan limits, checked on every write (default: the cloud's plan quotas; none in the open-source edition). */
  quota?: QuotaCheck | undefined;
  /** The write pipeline's stages, from the default ones (access, quota, server hooks, audit, events). */
  writeStages?: ((defaults: WriteStage[]) => WriteStage[]) | undefined;
  /** How often a tenant's cached provider compares its keys with the stored ones, in ms (default 5 s). */
  keysCheckMs?: number | undefined;
  /**
   * The rows a list counts exactly for `Prefer: count=estimated` before it answers the planner's estimate instead
   * (default 1,000; `COUNT_ESTIMATE_THRESHOLD`).
   */
  countThreshold?: number | undefined;
  /** Where uploaded files are kept (`POST /api/user-assets`); unset, uploads are off (`not_configured`). */
  userAssetsDir?: string | undefined;
  /** The secret vault (SECRET_VAULT_KEK) for the tokens of connectors that store them; unset, none are kept. */
  vault?: SecretVault | undefined;
  /** The parent domain of protected apps' hosts (PROTECTED_APP_DOMAIN); unset, protected apps are not available. */
  protectedAppDomain?: string | undefined;
  /** The cloud's payment provider (Stripe's API); unset, billing is off. */
  billing?: BillingSettings | undefined;
  /** Where the latest release is announced (RELEASE_FEED_URL); unset, no newer release is known. */
  releaseFeedUrl?: string | undefined;
  /** The admin tenant's mail server (ADMIN_SMTP_URL): console users' codes and invitations go through it. */
  adminMail?: SmtpConfig | undefined;
  /** The admin tenant's social connectors (ADMIN_SOCIAL_CONNECTORS): console users link their accounts of them. */
  adminSocialConnectors?: AdminConnector[] | undefined;
}

export const buildApp = async ({
  db,
  consoleDir,
  verifier,
  logger = false,
  publicUrl,
  bootstrap,
  catalog = generatedCatalog(),
  edition = 'oss',
  audit,
  quota,
  pwnedRangeUrl,
  captcha,
  writeStages = (defaults) => defaults,
  keysCheckMs,
  countThreshold = DEFAULT_COUNT_THRESHOLD,
  userAssetsDir,
  vault,
  protectedAppDomain,
  billing,
  releaseFeedUrl,
  adminMail,
  adminSocialConnectors = [],
}: AppOptions): Promise<FastifyInstance> => {
  // Ids longer than the router's default (100) reach the handlers, which answer 404 in the API's error shape.
  const app = Fastify({ ...loggingOptions(logger), bodyLimit: BODY_LIMIT, routerOptions: { maxParamLength: 2048 } });
  registerErrorHandler(app);
  registerJsonBody(app);
  registerSecurityHeaders(app);
  registerNulGuard(app);
  // A protected app's host is the app's, whatever the path: its edge answers before any route of the server.
  if (protectedAppDomain) {
    const ownHost = publicUrl ? new URL(publicUrl).hostname.toLowerCase() : undefined;
    registerProtectedAppEdge(app, db, { issuerOf: (tenantId) => app.identity.issuerOf(tenantId), ownHost });
  }

  const auditLog = new AuditLogWriter(db, app.log);
  // A catalog without the audit log's table (a test's own) keeps the records in memory.
  const hasAuditLog = catalog.models.some((m) => m.table === 'logs');
  const auditSink = audit ?? (hasAuditLog ? new AuditLogSink(auditLog) : new MemoryAuditSink());
  const stopPruning = hasAuditLog ? schedulePruning(db, app.log) : async () => undefined;
  const tenants = tenantDirectory(db);
  app.decorate('tenantDirectory', tenants);
  app.decorate('billing', billing);
  app.decorate(
    'releases',
    releaseFeed(releaseFeedUrl, (error) => app.log.warn({ err: error }, 'The release feed could not be read')),
  );
  const listener: ChangeListener = {
    emit: (...args) => webhooks.emit(...args),
    announce: (...args) => webhooks.announce(...args),
  };
  const { operationsOf, validation, overrides } = buildOperations({
    db,
    catalog,
    listener,
    audit: auditSink,
    quota: quota ?? (edition === 'cloud' ? planQuota(tenants, (name) => modelOf(catalog, name)) : undefined),
    writeStages,
  });
  const webhooks = new WebhookDispatcher(db, () => operationsOf('hookLog'), app.log);
  app.decorate('webhooks', webhooks);
  app.decorate('operationsOf', operationsOf);
  app.decorate('audit', auditSink);
  app.decorate('auditLog', auditLog);
  app.decorate(
    'breachedPasswords',
    new BreachedPasswords({
      rangeUrl: pwnedRangeUrl,
      onFallback: (error) =>
        app.log.warn({ err: error }, 'Pwned Passwords range API unavailable: used the offline list'),
    }),
  );
  app.addHook('onClose', async () => {
    await webhooks.idle();
    await stopPruning();
    await auditLog.flush();
  });
  // The default tenant's API lives at the origin, every other tenant's below /t/{tenantId}.
  const tenantOf = (request: FastifyRequest) =>
    (request.params as { tenantId?: string } | undefined)?.tenantId ?? DEFAULT_TENANT_ID;
  const context = requestContexts({
    tenantOf,
    edition,
    guarded: Boolean(verifier),
    publicOrigin: publicUrl ? originOf(publicUrl) : undefined,
    features: { secretVault: vault !== undefined, protectedAppDomain },
  });
  // An unknown tenant is not found, whoever asks; known ones then check the caller's token.
  app.addHook('onRequest', (request, _reply, done) => {
    const { tenantId } = (request.params ?? {}) as { tenantId?: string };
    // The default tenant's routes need no lookup, and no promise.
    if (tenantId === undefined) return done();
    if (!isTenantId(tenantId)) return done(new ApiError('entity.not_found'));
    tenants.exists(tenantId).then((exists) => done(exists ? undefined : new ApiError('entity.not_found')), done);
  });
  if (verifier) {
    registerBearerGuard(
      app,
      verifier === 'identity' ? lazyVerifier(() => identityVerifier(app.identity, edition)) : verifier,
      tenantOf,
    );
  }
  await registerUserAssets(app, userAssetsDir);
  registerVerificationFiles(app, db, publicUrl ? new URL(publicUrl).hostname.toLowerCase() : undefined);
  const managementApi = async (scope: FastifyInstance) => {
    // A form a browser posts is read as its fields, each a string, where the action takes one (a SAML service
    // provider's AuthnRequest); every other route takes JSON only (415).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) =>
      request.routeOptions.config.formBody
        ? done(null, Object.fromEntries(new URLSearchParams(String(body))))
        : done(new ApiError('request.unsupported_media_type')),
    );
    // The other edition's entities have no routes here.
    for (const model of catalog.models.filter((entry) => servesEdition(entry.edition, edition))) {
      registerEntityRoutes(scope, model, {
        db,
        operationsOf,
        context,
        validation,
        overrides,
        models: catalog.models,
        countThreshold,
      });
    }
    // The management API's document, at Logto's two addresses.
    const document = documentForEdition(catalog.openapi, edition);
    for (const path of ['/api/swagger.json', '/api/.well-known/management.openapi.json']) {
      scope.get(path, async (_request, reply) => reply.type('application/json').send(document));
    }
    scope.get('/api/status', async (_request, reply) => reply.status(204).send());
  };
  await app.register(managementApi);
  await app.register(managementApi, { prefix: '/t/:tenantId' });
  await registerIdentity(app, {
    db,
    publicUrl,
    operationsOf,
    edition,
    auditLog,
    webhooks,
    breached: app.breachedPasswords.isBreached,
    captcha: captchaEndpoints(captcha),
    keysCheckMs,
    models: catalog.models,
    vault,
  });
  const adminConnectors = [...(adminMail ? [adminMailConnector(adminMail)] : []), ...adminSocialConnectors];
  await configureAdminConnectors({ db, operationsOf, edition }, adminConnectors);
  if (adminMail) await configureAdminEmailTemplates({ operationsOf, edition });
  registerHasuraHook(app, db);
  if (bootstrap) await applyBootstrap({ db, operationsOf, log: app.log, edition }, bootstrap);

  registerFavicon(app);
  registerDocs(app);
  await registerConsole(app, consoleDir, edition);
  return app;
};
