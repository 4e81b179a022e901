import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/generated/migrations/index.js';
import { freePort } from './oidc-helpers.js';
import { freshPostgresDatabase, ServerProcess } from './server-process.js';

const databaseUrl = process.env.DATABASE_URL;
const PROCESSES = 8;

/** Several servers started at the same moment on one fresh PostgreSQL database (a rolling deploy, a scaled service). */
describe.skipIf(!databaseUrl)('many server processes starting at once on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(databaseUrl as string);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('all come up and serve, and the first-start data exists once', { timeout: 180_000 }, async () => {
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    // Each also bootstraps the same administrator and API client: they are created once.
    const env = {
      DATABASE_URL: database.url,
      GATEHOUSE_BOOTSTRAP_ADMIN_USERNAME: 'operator',
      GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD: 'correct horse battery',
      GATEHOUSE_BOOTSTRAP_CLIENT_ID: 'deploy-bot',
      GATEHOUSE_BOOTSTRAP_CLIENT_SECRET: 'x'.repeat(40),
    };
    for (const port of ports) servers.push(new ServerProcess({ ...env, PORT: String(port) }));
    const origins = await Promise.all(servers.map((server) => server.up()));

    for (const origin of origins) {
      const reply = await fetch(`${origin}/api/.well-known/first-run`);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ firstRun: false });
      const discovery = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const count = async (sql: string) => (await client.query<{ n: number }>(sql)).rows[0]?.n;
      expect(await count('SELECT count(*)::int AS n FROM gatehouse_migrations')).toBe(migrations.length);
      expect(await count('SELECT count(*)::int AS n FROM tenants')).toBe(2);
      // Per tenant: its management API, its scopes (`all`, `read:data`, `write:data`, `qa:read`), its
      // machine-to-machine role; the admin tenant also holds the default tenant's API with the same scopes, the
      // console administrators' role and the console's application; then the bootstrap administrator and the
      // bootstrap client with its role.
      expect(await count('SELECT count(*)::int AS n FROM resources')).toBe(3);
      expect(await count('SELECT count(*)::int AS n FROM scopes')).toBe(12);
      expect(await count('SELECT count(*)::int AS n FROM roles')).toBe(3);
      expect(await count('SELECT count(*)::int AS n FROM roles_scopes')).toBe(3);
      expect(await count('SELECT count(*)::int AS n FROM applications')).toBe(2);
      expect(await count('SELECT count(*)::int AS n FROM users')).toBe(1);
      expect(await count('SELECT count(*)::int AS n FROM applications_roles')).toBe(1);
    } finally {
      await client.end();
    }
  });
});
