import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { systemContext } from '../../src/server/crud/context.js';
import { ensureItem, ensureLinked } from '../../src/server/crud/ensure.js';
import { type AuditEntry, MemoryAuditSink } from '../../src/server/crud/stages.js';
import type { Database } from '../../src/server/db/database.js';
import { seedTenants } from '../../src/server/tenants/index.js';
import { databases } from './harness.js';

/** First-start data goes through the write path: the same validation, defaults, hooks and audit as the API's writes. */
describe.each(databases())('first-start seeding through the write path on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  const firstAudit = new MemoryAuditSink();

  const start = async (audit: MemoryAuditSink, options: Parameters<typeof buildApp>[0]['bootstrap'] = undefined) => {
    const app = await buildApp({ db, audit, publicUrl: 'http://127.0.0.1:3001', bootstrap: options });
    await app.ready();
    return app;
  };
  const creates = (entries: AuditEntry[], tenantId: string) =>
    entries
      .filter((entry) => entry.tenantId === tenantId && entry.kind === 'create')
      .map((entry) => `${entry.actor} ${entry.entity}`);

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    await (await start(firstAudit)).close();
  });
  afterAll(() => dispose());

  it('creates each seeded item through its entity’s operations, audited as the system’s seeding', () => {
    const seed = (entity: string, n: number) => Array<string>(n).fill(`system:seed ${entity}`);
    // The tenant's management API, its four scopes and its machine-to-machine role.
    const own = [...seed('resource', 1), ...seed('scope', 4), ...seed('role', 1)];
    expect(creates(firstAudit.entries, 'default')).toEqual(own);
    // The admin tenant also holds the default tenant's API, its scopes, the console administrators' role and the app.
    expect(creates(firstAudit.entries, 'admin')).toEqual([...own, ...own, ...seed('application', 1)]);
  });

  it('stores what the API would store: schema defaults, server-made secrets, linked scopes, counted rows', async () => {
    const app = await start(new MemoryAuditSink());
    try {
      const get = async (url: string) => {
        const reply = await app.inject({ method: 'GET', url });
        expect(reply.statusCode, url).toBe(200);
        return { body: reply.json(), total: reply.headers['total-number'] };
      };
      const resources = await get('/api/resources?page=1');
      expect(resources.total).toBe('1');
      expect(resources.body).toEqual([
        expect.objectContaining({ indicator: 'https://default.gatehouse.internal/api', accessTokenTtl: 3600 }),
      ]);
      const roles = await get('/api/roles?page=1');
      expect(roles.total).toBe('1');
      expect(roles.body).toEqual([
        expect.objectContaining({ name: 'Management API access', isDefault: false, usersCount: 0 }),
      ]);
      const scopes = await get(`/api/roles/${roles.body[0].id}/scopes`);
      expect(scopes.body.map((scope: { name: string }) => scope.name)).toEqual(['all']);

      // The console's application next to one created through the API: the same defaults and a secret of the same kind.
      const consoleApp = await get('/t/admin/api/applications/admin-console');
      const reply = await app.inject({
        method: 'POST',
        url: '/t/admin/api/applications',
        payload: { name: 'Other', type: 'SPA' },
      });
      const other = reply.json();
      expect(consoleApp.body).toMatchObject({
        type: 'SPA',
        description: null,
        isThirdParty: false,
        customData: other.customData,
        customClientMetadata: other.customClientMetadata,
        oidcClientMetadata: {
          redirectUris: ['http://127.0.0.1:3001/console/callback'],
          postLogoutRedirectUris: ['http://127.0.0.1:3001/console'],
        },
      });
      // A single page app authenticates with no secret: its internal one is never answered, as in Logto.
      expect(consoleApp.body).not.toHaveProperty('secret');
      expect(other).not.toHaveProperty('secret');
      const stored = await db.query<{ secret: string }>(
        "SELECT secret FROM applications WHERE tenant_id = 'admin' AND id IN ('admin-console', $1)",
        [other.id],
      );
      for (const { secret } of stored.rows) expect(secret).toMatch(/^internal_[0-9a-z]{32}$/);
      await app.inject({ method: 'DELETE', url: `/t/admin/api/applications/${other.id}` });
    } finally {
      await app.close();
    }
  });

  it('writes nothing on the next start, and updates the console app through its operations when the origin moved', async () => {
    const rows = async () =>
      (await db.query('SELECT tenant_id, id, name FROM resources UNION ALL SELECT tenant_id, id, name FROM scopes'))
        .rows;
    const before = await rows();
    const again = new MemoryAuditSink();
    const app = await start(again);
    try {
      expect(again.entries).toEqual([]);
      expect(await rows()).toEqual(before);

      await seedTenants({ db, operationsOf: app.operationsOf }, 'https://id.example.com');
      expect(again.entries).toEqual([
        expect.objectContaining({ actor: 'system:seed', entity: 'application', kind: 'update', id: 'admin-console' }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('grants the QA scope to the console administrators as a link of the role, once', async () => {
    const audit = new MemoryAuditSink();
    await (await start(audit, { qa: true })).close();
    expect(audit.entries).toEqual([
      expect.objectContaining({ actor: 'system:bootstrap', entity: 'role', kind: 'link', relation: 'scopes' }),
    ]);
    const { rows } = await db.query<{ name: string }>(
      `SELECT s.name FROM roles_scopes rs JOIN roles r ON r.tenant_id = rs.tenant_id AND r.id = rs.role_id
       JOIN scopes s ON s.tenant_id = rs.tenant_id AND s.id = rs.scope_id
       WHERE rs.tenant_id = 'admin' AND r.name = 'default:admin' ORDER BY s.name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['all', 'qa:read']);
    const later = new MemoryAuditSink();
    await (await start(later, { qa: true })).close();
    expect(later.entries).toEqual([]);
  });
});

/** The generic "create unless it exists" of the write path, on the product's own entities. */
describe.each(databases())('ensureItem and ensureLinked on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const audit = new MemoryAuditSink();
  const context = systemContext('default', 'test');

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    app = await buildApp({ db, audit });
  });
  afterAll(async () => {
    await app?.close();
    await dispose();
  });

  it('creates an item missing by its natural key once, also when several ask at the same time', async () => {
    const resources = app.operationsOf('resource');
    const body = { name: 'Orders', indicator: 'https://orders.example.com' };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureItem(resources, context, body, { by: ['indicator'] })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.item.id)).size).toBe(1);
    const again = await ensureItem(resources, context, { ...body, name: 'Renamed' }, { by: ['indicator'] });
    expect(again).toMatchObject({ created: false, item: { name: 'Orders', accessTokenTtl: 3600 } });
    expect(await db.query(`SELECT 1 FROM resources WHERE indicator = 'https://orders.example.com'`)).toMatchObject({
      rows: [{}],
    });
  });

  it('creates with a fixed id, and refuses a key that names no unique rule or lacks a value', async () => {
    const applications = app.operationsOf('application');
    const body = { name: 'Fixed', type: 'MachineToMachine' };
    const made = await ensureItem(applications, context, body, { by: ['id'], serverValues: { id: 'fixed-app' } });
    expect(made).toMatchObject({ created: true, item: { id: 'fixed-app', secret: expect.stringMatching(/^\w{32}$/) } });
    const found = await ensureItem(applications, context, body, { by: ['id'], serverValues: { id: 'fixed-app' } });
    expect(found).toMatchObject({ created: false, item: { id: 'fixed-app', secret: made.item.secret } });
    await expect(ensureItem(applications, context, body, { by: ['name'] })).rejects.toThrow(/unique rules/);
    await expect(ensureItem(applications, context, body, { by: ['id'] })).rejects.toThrow(/no value for id/);
  });

  it('validates the body as a create would', async () => {
    const roles = app.operationsOf('role');
    await expect(ensureItem(roles, context, { name: 'Bad', type: 'Robot' }, { by: ['name'] })).rejects.toMatchObject({
      status: 400,
    });
    expect(await db.query(`SELECT 1 FROM roles WHERE name = 'Bad'`)).toMatchObject({ rows: [] });
  });

  it('links only the targets not linked yet', async () => {
    const roles = app.operationsOf('role');
    const { item: resource } = await ensureItem(
      app.operationsOf('resource'),
      context,
      { name: 'Shop', indicator: 'https://shop.example.com' },
      { by: ['indicator'] },
    );
    const scope = (name: string) =>
      ensureItem(
        app.operationsOf('scope'),
        context,
        { name },
        { by: ['resourceId', 'name'], parentId: resource.id as string },
      );
    const [read, write] = [(await scope('read:shop')).item.id as string, (await scope('write:shop')).item.id as string];
    const { item: role } = await ensureItem(roles, context, { name: 'Shopper', description: 's' }, { by: ['name'] });
    const key = [role.id as string];
    expect(await ensureLinked(roles, context, 'scopes', key, [read])).toEqual([read]);
    expect(await ensureLinked(roles, context, 'scopes', key, [read, write])).toEqual([write]);
    expect(await ensureLinked(roles, context, 'scopes', key, [write, read])).toEqual([]);
  });
});
