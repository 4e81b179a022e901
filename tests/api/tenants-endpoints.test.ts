import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator, seedTenants } from '../../src/server/tenants/index.js';
import { databases } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

describe.each(databases())('tenants on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const seedDeps = () => ({ db, operationsOf: server.app.operationsOf });

  const get = async (path: string) => {
    const response = await fetch(`${server.origin}${path}`);
    return { status: response.status, body: await response.json() };
  };

  it('tells where each tenant lives: the default tenant at the origin, others below /t/{tenantId}', async () => {
    expect(await get('/api/.well-known/endpoints/default')).toEqual({ status: 200, body: { user: server.origin } });
    expect(await get('/api/.well-known/endpoints/admin')).toEqual({
      status: 200,
      body: { user: `${server.origin}/t/admin` },
    });
  });

  it('answers 404 for tenants that do not exist, without asking for a token', async () => {
    for (const tenantId of ['nope', 'Admin', 'a'.repeat(40), '%00']) {
      const reply = await get(`/api/.well-known/endpoints/${tenantId}`);
      expect(reply.status, tenantId).toBe(404);
      expect(reply.body.code, tenantId).toMatch(/^entity\./);
    }
  });

  it('serves a tenant added to the registry later, with nothing else to configure', async () => {
    await db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    expect(await get('/api/.well-known/endpoints/acme')).toEqual({
      status: 200,
      body: { user: `${server.origin}/t/acme` },
    });
  });

  it('seeds the built-in tenants with their management API, its `all` scope and a machine-to-machine role', async () => {
    const { rows: tenants } = await db.query<{ id: string }>(`SELECT id FROM tenants WHERE id IN ('admin', 'default')`);
    expect(tenants.map((t) => t.id).sort()).toEqual(['admin', 'default']);
    for (const tenantId of ['admin', 'default']) {
      const { rows } = await db.query<{ role: string; type: string; scope: string; description: string }>(
        `SELECT ro.name AS role, ro.type, s.name AS scope, s.description FROM resources r
         JOIN scopes s ON s.tenant_id = r.tenant_id AND s.resource_id = r.id
         JOIN roles_scopes rs ON rs.tenant_id = s.tenant_id AND rs.scope_id = s.id
         JOIN roles ro ON ro.tenant_id = rs.tenant_id AND ro.id = rs.role_id
         WHERE r.tenant_id = $1 AND r.indicator = $2`,
        [tenantId, managementApiIndicator(tenantId)],
      );
      expect(rows, tenantId).toEqual([
        {
          role: 'Management API access',
          type: 'MachineToMachine',
          scope: 'all',
          description: 'Full access to the management API',
        },
      ]);
    }
  });

  it('gives the admin tenant the default tenant’s management API, the default:admin role and the console app', async () => {
    const { rows } = await db.query<{ role: string; type: string; scope: string }>(
      `SELECT ro.name AS role, ro.type, s.name AS scope FROM resources r
       JOIN scopes s ON s.tenant_id = r.tenant_id AND s.resource_id = r.id
       JOIN roles_scopes rs ON rs.tenant_id = s.tenant_id AND rs.scope_id = s.id
       JOIN roles ro ON ro.tenant_id = rs.tenant_id AND ro.id = rs.role_id
       WHERE r.tenant_id = 'admin' AND r.indicator = 'https://default.gatehouse.internal/api'`,
    );
    expect(rows).toEqual([{ role: 'default:admin', type: 'User', scope: 'all' }]);
    const { rows: apps } = await db.query<{ name: string; type: string; meta: unknown }>(
      `SELECT name, type, oidc_client_metadata AS meta FROM applications WHERE tenant_id = 'admin' AND id = 'admin-console'`,
    );
    expect(apps).toEqual([
      {
        name: 'Admin console',
        type: 'SPA',
        meta: {
          redirectUris: [`${server.origin}/console/callback`],
          postLogoutRedirectUris: [`${server.origin}/console`],
        },
      },
    ]);
  });

  it('seeds idempotently and leaves what an administrator changed alone', async () => {
    const counts = async () => {
      const { rows } = await db.query<{ t: string; n: number }>(
        `SELECT 'resources' AS t, count(*)::int AS n FROM resources UNION ALL SELECT 'scopes', count(*)::int FROM scopes
         UNION ALL SELECT 'roles', count(*)::int FROM roles UNION ALL SELECT 'roles_scopes', count(*)::int FROM roles_scopes
         UNION ALL SELECT 'applications', count(*)::int FROM applications UNION ALL SELECT 'tenants', count(*)::int FROM tenants`,
      );
      return Object.fromEntries(rows.map((r) => [r.t, r.n]));
    };
    await db.query(
      `UPDATE resources SET name = 'Renamed' WHERE tenant_id = 'default' AND indicator = 'https://default.gatehouse.internal/api'`,
    );
    await seedTenants(seedDeps(), server.origin); // seeds the tenant added by an earlier test
    const before = await counts();
    await seedTenants(seedDeps(), server.origin);
    await seedTenants(seedDeps(), server.origin);
    expect(await counts()).toEqual(before);
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM resources WHERE tenant_id = 'default' AND indicator = 'https://default.gatehouse.internal/api'`,
    );
    expect(rows).toEqual([{ name: 'Renamed' }]);
  });

  it('adds a moved origin’s URIs to the console app and keeps the old ones', async () => {
    await seedTenants(seedDeps(), 'https://id.example.com');
    const { rows } = await db.query<{ meta: { redirectUris: string[]; postLogoutRedirectUris: string[] } }>(
      `SELECT oidc_client_metadata AS meta FROM applications WHERE tenant_id = 'admin' AND id = 'admin-console'`,
    );
    expect(rows[0]?.meta.redirectUris).toEqual([
      `${server.origin}/console/callback`,
      'https://id.example.com/console/callback',
    ]);
    expect(rows[0]?.meta.postLogoutRedirectUris).toEqual([
      `${server.origin}/console`,
      'https://id.example.com/console',
    ]);
  });
});
