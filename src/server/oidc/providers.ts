import type { FastifyBaseLogger } from 'fastify';
import type { UserStore } from '../../entities/user/server/account/store.js';
import type { EntityModel } from '../../shared/descriptor.js';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { Database } from '../db/database.js';
import type { TenantRegistry } from '../tenants/registry.js';
import { isTenantId } from '../tenants/urls.js';
import type { ActiveUsers } from './active-users.js';
import type { GrantLimitListener } from './grant-limit.js';
import { storedKeysFingerprint } from './key-store.js';
import { createTenantOidc, type TenantOidc } from './provider.js';

/** How long a provider serves before its tenant's stored keys are compared with its own again (5 seconds). */
export const KEYS_CHECK_MS = 5_000;

export interface TenantProvidersOptions {
  db: Database;
  tenants: TenantRegistry;
  users: UserStore;
  /** The public origin; read when a tenant's provider is first needed. */
  origin: () => string;
  log: FastifyBaseLogger;
  /** Where token grants are recorded. */
  auditLog?: AuditLogWriter | undefined;
  activeUsers: ActiveUsers;
  /** Milliseconds between checks of a tenant's stored keys (default `KEYS_CHECK_MS`; 0 checks on every use). */
  keysCheckMs?: number | undefined;
  /** The entities the server serves (its catalog's models). */
  models: readonly EntityModel[];
  /** Told when a user's grants beyond an application's `maxAllowedGrants` were revoked. */
  onGrantLimit?: GrantLimitListener | undefined;
}

interface Entry {
  provider: Promise<TenantOidc>;
  checkedAt: number;
}

/**
 * One OpenID provider per tenant, created when the tenant is first used and kept while the tenant's keys stay as
 * they were. Unknown tenants get none (their routes answer 404). A key rotation in this process drops the tenant's
 * provider at once (`evict`); one in another process on the same database is noticed at the next check of the
 * stored keys, at most `keysCheckMs` later. The cloud edition evicts a tenant it deletes.
 */
export class TenantProviders {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly options: TenantProvidersOptions) {}

  async get(tenantId: string): Promise<TenantOidc | undefined> {
    const cached = this.cache.get(tenantId);
    if (cached) return this.current(tenantId, cached);
    if (!isTenantId(tenantId) || !(await this.options.tenants.exists(tenantId))) return undefined;
    let entry = this.cache.get(tenantId);
    if (!entry) {
      const { db, users, origin, log, auditLog, activeUsers, models, onGrantLimit } = this.options;
      const provider = createTenantOidc({
        db,
        tenantId,
        origin: origin(),
        users,
        log,
        auditLog,
        activeUsers,
        models,
        onGrantLimit,
      });
      entry = { provider, checkedAt: Date.now() };
      this.cache.set(tenantId, entry);
      // A failed start is not remembered: the next request tries again.
      const started = entry;
      provider.catch(() => {
        if (this.cache.get(tenantId) === started) this.cache.delete(tenantId);
      });
    }
    return entry.provider;
  }

  /** The cached provider, or a new one when the stored keys are no longer the ones it was built with. */
  private async current(tenantId: string, entry: Entry): Promise<TenantOidc | undefined> {
    if (Date.now() - entry.checkedAt < (this.options.keysCheckMs ?? KEYS_CHECK_MS)) return entry.provider;
    entry.checkedAt = Date.now();
    const oidc = await entry.provider;
    if ((await storedKeysFingerprint(this.options.db, tenantId)) === oidc.keysFingerprint) return oidc;
    if (this.cache.get(tenantId) === entry) this.cache.delete(tenantId);
    return this.get(tenantId);
  }

  evict(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
