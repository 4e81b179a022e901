import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.js';
import type { ClientStore } from './clients.js';

/** Expired rows are never read; every so many writes a tenant's expired rows are removed. */
const PURGE_EVERY = 500;

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

/**
 * oidc-provider's storage for one tenant: every model (sessions, interactions, grants, codes, tokens...) is a row of
 * `oidc_model_instances` with id `<model>:<id>`, written and read in the tenant's transaction. Clients are not
 * stored here: the `Client` model reads the tenant's applications.
 */
export const createAdapterClass = (db: Database, tenantId: string, clients: ClientStore) => {
  let writes = 0;
  const purge = () =>
    db
      .withTenant(tenantId, (tx) =>
        tx.query('DELETE FROM oidc_model_instances WHERE tenant_id = $1 AND expires_at < now()', [tenantId]),
      )
      .catch(() => undefined);

  const found = (row: Row | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const consumed = row.consumed_at ? Math.floor(new Date(row.consumed_at).getTime() / 1000) : undefined;
    return consumed === undefined ? row.payload : { ...row.payload, consumed };
  };

  return class TenantAdapter implements Adapter {
    constructor(readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.withTenant(tenantId, (tx) =>
        tx.query<Row>(
          `SELECT payload, consumed_at FROM oidc_model_instances
           WHERE tenant_id = $1 AND model_name = $2 AND ${where} = $3 AND expires_at > now() LIMIT 1`,
          [tenantId, this.name, value],
        ),
      );
      return found(rows[0]);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.name === 'Client') throw new Error('Clients are applications; they are not written by the provider');
      const expiresAt = new Date(Date.now() + (expiresIn > 0 ? expiresIn : 14 * 24 * 3600) * 1000);
      await db.withTenant(tenantId, (tx) =>
        tx.query(
          `INSERT INTO oidc_model_instances (tenant_id, id, model_name, payload, grant_id, uid, user_code, expires_at, consumed_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, null)
           ON CONFLICT (tenant_id, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
             uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
          [
            tenantId,
            this.key(id),
            this.name,
            JSON.stringify(payload),
            payload.grantId ?? null,
            payload.uid ?? null,
            payload.userCode ?? null,
            expiresAt,
          ],
        ),
      );
      if (++writes % PURGE_EVERY === 0) void purge();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') return clients.metadata(id);
      return this.one('id', this.key(id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.one('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.one('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.withTenant(tenantId, (tx) =>
        tx.query('UPDATE oidc_model_instances SET consumed_at = now() WHERE tenant_id = $1 AND id = $2', [
          tenantId,
          this.key(id),
        ]),
      );
    }

    async destroy(id: string): Promise<void> {
      await db.withTenant(tenantId, (tx) =>
        tx.query('DELETE FROM oidc_model_instances WHERE tenant_id = $1 AND id = $2', [tenantId, this.key(id)]),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.withTenant(tenantId, (tx) =>
        tx.query('DELETE FROM oidc_model_instances WHERE tenant_id = $1 AND model_name = $2 AND grant_id = $3', [
          tenantId,
          this.name,
          grantId,
        ]),
      );
    }
  };
};
