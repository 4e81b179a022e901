import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { PasswordChecks } from '../../entities/user/server/account/accepted-password.js';
import type { BreachCheck } from '../../entities/user/server/account/password-policy.js';
import { securitySettings } from '../../entities/user/server/account/security-settings.js';
import { UserStore } from '../../entities/user/server/account/store.js';
import type { EntityModel } from '../../shared/descriptor.js';
import { VerificationRecords } from '../account-api/records.js';
import { registerAccountApi } from '../account-api/routes.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { ServerEdition } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { Repository } from '../crud/repository.js';
import type { Database } from '../db/database.js';
import type { CaptchaEndpoints } from '../interaction/captcha/endpoints.js';
import { registerInteractionRoutes } from '../interaction/routes.js';
import { Sentinel } from '../interaction/sentinel.js';
import { Passcodes } from '../interaction/verification-code/passcodes.js';
import { Outbox } from '../messages/outbox.js';
import type { SecretVault } from '../secrets/vault.js';
import { TenantRegistry } from '../tenants/registry.js';
import { seedTenants } from '../tenants/seed.js';
import { originOf, tenantIssuer } from '../tenants/urls.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { ActiveUsers } from './active-users.js';
import type { TenantOidc } from './provider.js';
import { TenantProviders } from './providers.js';
import { registerOidcRoutes } from './routes.js';

export type { TenantOidc } from './provider.js';

export interface IdentityOptions {
  db: Database;
  /** The origin users and clients reach the server at; unset, the address the server listens on. */
  publicUrl?: string | undefined;
  /** The operations of the entities (users are written through them). */
  operationsOf: (entity: string) => EntityOperations;
  /** The edition the server runs as (first-start data is written as this edition's server). */
  edition?: ServerEdition | undefined;
  /** Where sign-in attempts and token grants are recorded. */
  auditLog?: AuditLogWriter | undefined;
  /** Where the sign-in pages announce PostSignIn and PostRegister. */
  webhooks?: WebhookDispatcher | undefined;
  /** Whether a password is known from breaches, for the password policy of the sign-in pages. */
  breached?: BreachCheck | undefined;
  /** Where the sign-in pages reach the CAPTCHA providers. */
  captcha?: CaptchaEndpoints | undefined;
  /** Milliseconds between checks of a tenant's stored keys by its cached provider (see `TenantProviders`). */
  keysCheckMs?: number | undefined;
  /** The entities the server serves (its catalog's models). */
  models: readonly EntityModel[];
  /** The secret vault for providers' tokens (SECRET_VAULT_KEK); unset, none are kept. */
  vault?: SecretVault | undefined;
}

/** What the rest of the server may ask about tenants and their token issuers (e.g. to verify bearer tokens). */
export interface Identity {
  tenants: TenantRegistry;
  /** The tenant's issuer (`iss` of its tokens). */
  issuerOf(tenantId: string): string;
  /** The tenant's provider with its public keys (`jwks`); undefined for unknown tenants. */
  provider(tenantId: string): Promise<TenantOidc | undefined>;
  /** Drops the tenant's provider after its keys changed: the next request builds it with the stored keys. */
  keysChanged(tenantId: string): void;
  /** The record of users issued a token; `settled()` waits for the writes under way. */
  activeUsers: Pick<ActiveUsers, 'settled'>;
  /** The sign-in pages' messages (verification codes), sent beside the requests; `settled()` waits for the sends. */
  outbox: Pick<Outbox, 'settled'>;
  /** Proving and choosing passwords outside the sign-in pages (a console user's own profile). */
  passwords: AccountPasswords;
}

/** The users' store, the lockout that counts wrong passwords, and the checks a new password passes. */
export interface AccountPasswords extends PasswordChecks {
  users: UserStore;
  sentinel: Sentinel;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}

const listeningOrigin = (app: FastifyInstance): string => {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return 'http://localhost';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
};

/**
 * Tenants, their OpenID providers and sign-in pages: seeds the built-in tenants, serves `{tenant base}/oidc/*`,
 * `{tenant base}/interaction/*` and `GET /api/.well-known/endpoints/{tenantId}`.
 */
export const registerIdentity = async (
  app: FastifyInstance,
  {
    db,
    publicUrl,
    operationsOf,
    edition,
    auditLog,
    webhooks,
    breached,
    captcha,
    keysCheckMs,
    models,
    vault,
  }: IdentityOptions,
): Promise<void> => {
  const configured = publicUrl ? originOf(publicUrl) : undefined;
  const origin = () => configured ?? listeningOrigin(app);

  // Under the start-up lock: servers starting together on one database seed one after the other.
  await db.exclusive(() => seedTenants({ db, operationsOf, edition }, origin()));

  const tenants = new TenantRegistry(db);
  const users = new UserStore(db, () => operationsOf('user'));
  const activeUsers = new ActiveUsers(db, operationsOf('dailyActiveUser').repository, app.log);
  const outbox = new Outbox(app.log);
  const providers = new TenantProviders({
    db,
    tenants,
    users,
    origin,
    log: app.log,
    auditLog,
    activeUsers,
    keysCheckMs,
    models,
    onGrantLimit: (tenantId, event) => webhooks?.raise(tenantId, 'Grant.LimitExceeded', { ...event }),
  });
  const settingsOf = securitySettings(db);
  const sentinel = new Sentinel(db, (tenantId, identifier) =>
    webhooks?.raise(tenantId, 'Identifier.Lockout', { ...identifier }),
  );
  app.decorate('identity', {
    tenants,
    issuerOf: (tenantId: string) => tenantIssuer(origin(), tenantId),
    provider: (tenantId: string) => providers.get(tenantId),
    keysChanged: (tenantId: string) => providers.evict(tenantId),
    activeUsers,
    outbox,
    passwords: { users, sentinel, settingsOf, breached },
  } satisfies Identity);
  // The writes and sends under way finish (and record how they went) before the audit log and the database close.
  app.addHook('onClose', () => activeUsers.settled());
  app.addHook('onClose', () => outbox.settled());

  await registerOidcRoutes(app, providers);
  const modelOf = (entity: string) => operationsOf(entity).model;
  await registerInteractionRoutes(app, {
    db,
    providers,
    users,
    sentinel,
    settingsOf,
    breached,
    auditLog,
    webhooks,
    captcha,
    outbox,
    modelOf,
    vault,
    edition,
  });
  await registerAccountApi(app, {
    db,
    providers,
    users,
    records: new VerificationRecords(db, new Repository(modelOf('verificationRecord'))),
    passcodes: new Passcodes(db, new Repository(modelOf('passcode'))),
    outbox,
    modelOf,
    settingsOf,
    breached,
    sentinel,
  });
};
