import type { Database } from '../db/database.js';
import { isTenantId } from './urls.js';

export interface TenantRow {
  id: string;
  name: string;
  tag: string;
}

/**
 * The tenants the server knows, read from the `tenants` table (not tenant-scoped: it is the registry itself). One
 * process serves every tenant; nothing here assumes how many there are.
 */
export class TenantRegistry {
  constructor(private readonly db: Database) {}

  async find(tenantId: string): Promise<TenantRow | undefined> {
    if (!isTenantId(tenantId)) return undefined;
    const { rows } = await this.db.query<TenantRow>('SELECT id, name, tag FROM tenants WHERE id = $1', [tenantId]);
    return rows[0];
  }

  async exists(tenantId: string): Promise<boolean> {
    return (await this.find(tenantId)) !== undefined;
  }

  async list(): Promise<TenantRow[]> {
    const { rows } = await this.db.query<TenantRow>('SELECT id, name, tag FROM tenants ORDER BY created_at, id');
    return rows;
  }
}
