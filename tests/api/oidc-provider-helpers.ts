import type { Database } from '../../src/server/db/database.js';
import { unique } from './harness.js';
import { postForm } from './oidc-helpers.js';

/** A tenant's issuer on the server at `origin`: the default tenant's at the origin, the others' below `/t/{tenantId}`. */
export const issuerAt = (origin: string, tenantId: string) =>
  tenantId === 'default' ? `${origin}/oidc` : `${origin}/t/${tenantId}/oidc`;

/** A client credentials request to a tenant's token endpoint (client authentication in `form` or in `headers`). */
export const clientCredentials = (
  origin: string,
  tenantId: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) => postForm(`${issuerAt(origin, tenantId)}/token`, { grant_type: 'client_credentials', ...form }, headers);

/** A machine-to-machine app written straight into a tenant, optionally with the tenant's management role. */
export const createM2mApp = async (db: Database, tenantId: string, options: { withRole: boolean }) => {
  const id = unique('m2m');
  const secret = unique('secret-');
  await db.withTenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO applications (tenant_id, id, name, secret, type) VALUES ($1, $2, 'Script', $3, 'MachineToMachine')`,
      [tenantId, id, secret],
    );
    if (options.withRole) {
      await tx.query(
        `INSERT INTO applications_roles (tenant_id, application_id, role_id)
         SELECT $1::varchar, $2::varchar, id FROM roles WHERE tenant_id = $1 AND name = 'Management API access'`,
        [tenantId, id],
      );
    }
  });
  return { id, secret };
};

/** Another secret of the app, with its expiry (`null`: never). */
export const addSecret = async (db: Database, tenantId: string, appId: string, expiresAt: Date | null) => {
  const value = unique('extra-');
  await db.withTenant(tenantId, (tx) =>
    tx.query(
      `INSERT INTO application_secrets (tenant_id, id, application_id, name, value, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [tenantId, unique('s'), appId, unique('name-'), value, expiresAt],
    ),
  );
  return value;
};
