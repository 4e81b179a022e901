import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/entities/user/server/account/passwords.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import { basicAuth, freePort, postForm } from './oidc-helpers.js';
import { ServerProcess } from './server-process.js';

const admin = {
  GATEHOUSE_BOOTSTRAP_ADMIN_USERNAME: 'operator',
  GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD: 'correct horse battery',
  GATEHOUSE_BOOTSTRAP_ADMIN_EMAIL: 'operator@example.com',
};
const client = {
  GATEHOUSE_BOOTSTRAP_CLIENT_ID: 'deploy-bot',
  GATEHOUSE_BOOTSTRAP_CLIENT_SECRET: 'a'.repeat(16) + 'b'.repeat(24),
};

/** A deployment without a person at the console: the environment names the first administrator and an API client. */
describe('headless bootstrap from GATEHOUSE_BOOTSTRAP_* variables', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bootstrap-'));
  const started: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const server = new ServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), ...env });
    started.push(server);
    return server;
  };
  const token = (origin: string, id: string, secret: string) =>
    postForm(
      `${origin}/oidc/token`,
      { grant_type: 'client_credentials', resource: 'https://default.gatehouse.internal/api', scope: 'all' },
      basicAuth(id, secret),
    );

  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the administrator and a working API client once, and never changes them afterwards', {
    timeout: 180_000,
  }, async () => {
    const first = await start({ ...admin, ...client });
    const origin = await first.up();
    const issued = await token(origin, client.GATEHOUSE_BOOTSTRAP_CLIENT_ID, client.GATEHOUSE_BOOTSTRAP_CLIENT_SECRET);
    expect(issued.status).toBe(200);
    const roles = await fetch(`${origin}/api/roles?page=1&page_size=20`, {
      headers: { authorization: `Bearer ${issued.body.access_token}` },
    });
    expect(roles.status).toBe(200);
    expect((await roles.json()).map((role: { name: string }) => role.name)).toContain('Management API access');
    // The console skips its welcome page: registration is closed.
    expect(await (await fetch(`${origin}/api/.well-known/first-run`)).json()).toEqual({ firstRun: false });
    expect(await first.stop()).toBe(0);

    // Another start with other values changes nothing: the password and the secret stay the first ones.
    const second = await start({
      ...admin,
      GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD: 'another horse battery',
      GATEHOUSE_BOOTSTRAP_CLIENT_ID: client.GATEHOUSE_BOOTSTRAP_CLIENT_ID,
      GATEHOUSE_BOOTSTRAP_CLIENT_SECRET: 'c'.repeat(40),
    });
    const again = await second.up();
    expect((await token(again, client.GATEHOUSE_BOOTSTRAP_CLIENT_ID, 'c'.repeat(40))).status).toBe(401);
    expect(
      (await token(again, client.GATEHOUSE_BOOTSTRAP_CLIENT_ID, client.GATEHOUSE_BOOTSTRAP_CLIENT_SECRET)).status,
    ).toBe(200);
    expect(await second.stop()).toBe(0);

    const db = await connectDatabase({ dataDir });
    try {
      const { rows } = await db.query<{ username: string; primary_email: string; password_encrypted: string }>(
        "SELECT username, primary_email, password_encrypted FROM users WHERE tenant_id = 'admin'",
      );
      expect(rows.map((row) => [row.username, row.primary_email])).toEqual([['operator', 'operator@example.com']]);
      expect(await verifyPassword(rows[0]?.password_encrypted, admin.GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD)).toBe(true);
      expect(await verifyPassword(rows[0]?.password_encrypted, 'another horse battery')).toBe(false);
      const roles = await db.query<{ name: string }>(
        `SELECT r.name FROM users_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id
         WHERE ur.tenant_id = 'admin'`,
      );
      expect(roles.rows.map((row) => row.name)).toEqual(['default:admin']);
      const apps = await db.query("SELECT id FROM applications WHERE tenant_id = 'default'");
      expect(apps.rows).toEqual([{ id: 'deploy-bot' }]);
    } finally {
      await db.close();
    }
  });

  it('refuses to start, with the reason, on a password the policy rejects or a malformed client', {
    timeout: 120_000,
  }, async () => {
    const [weak, malformed, lonely] = await Promise.all([
      start({ ...admin, GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD: 'short' }),
      start({ ...client, GATEHOUSE_BOOTSTRAP_CLIENT_SECRET: 'tiny secret' }),
      start({ GATEHOUSE_BOOTSTRAP_CLIENT_ID: 'deploy-bot' }),
    ]);
    expect(await weak.exit()).not.toBe(0);
    expect(weak.output).toContain('GATEHOUSE_BOOTSTRAP_ADMIN_PASSWORD does not meet the password policy');
    expect(weak.output).toContain('at least 8 characters');
    expect(weak.output).not.toContain('short');

    expect(await malformed.exit()).not.toBe(0);
    expect(malformed.output).toContain('GATEHOUSE_BOOTSTRAP_CLIENT_SECRET must be 32 to 256');

    expect(await lonely.exit()).not.toBe(0);
    expect(lonely.output).toContain('GATEHOUSE_BOOTSTRAP_CLIENT_SECRET must be set together with');
  });
});
