import type { FastifyBaseLogger } from 'fastify';
import type { AuditLogWriter } from '../audit-log/writer.js';
import type { Database } from '../db/database.js';
import type { TenantRegistry } from '../tenants/registry.js';
import { isTenantId } from '../tenants/urls.js';
import type { UserStore } from '../users/store.js';
import type { ActiveUsers } from './active-users.js';
import { createTenantOidc, type TenantOidc } from './provider.js';

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
}

/**
 * One OpenID provider per tenant, created when the tenant is first used and kept for the life of the process.
 * Unknown tenants get none (their routes answer 404). The cloud edition evicts a tenant it deletes.
 */
export class TenantProviders {
  private readonly cache = new Map<string, Promise<TenantOidc>>();

  constructor(private readonly options: TenantProvidersOptions) {}

  async get(tenantId: string): Promise<TenantOidc | undefined> {
    const cached = this.cache.get(tenantId);
    if (cached) return cached;
    if (!isTenantId(tenantId) || !(await this.options.tenants.exists(tenantId))) return undefined;
    let pending = this.cache.get(tenantId);
    if (!pending) {
      const { db, users, origin, log, auditLog, activeUsers } = this.options;
      pending = createTenantOidc({ db, tenantId, origin: origin(), users, log, auditLog, activeUsers });
      this.cache.set(tenantId, pending);
      // A failed start is not remembered: the next request tries again.
      pending.catch(() => this.cache.delete(tenantId));
    }
    return pending;
  }

  evict(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
