/**
 * Isolation between cloud tenants on every route of the management API (issue: cloud edition): for each operation
 * the served document names, tenant A's token is refused at tenant B; at A, the same token reaches none of B's items
 * by their ids and lists none of them; and after all of it B's stored rows are as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import type { Database } from '../../src/server/db/database.js';
import { cloudSignIn, tenantToken } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

interface Operation {
  method: string;
  path: string;
  /** Served by the admin tenant only (the cloud's own API, the console account's): not found at a customer's. */
  adminOnly: boolean;
}

/**
 * Public operations, which need no token: what any visitor of a tenant's sign-in pages reads, and the SAML
 * endpoints an identity provider calls.
 */
const isPublic = ({ path }: Operation) =>
  path.startsWith('/api/.well-known/') ||
  path.startsWith('/api/saml/') ||
  /^\/api\/saml-applications\/\{id\}\/(callback|metadata)$/.test(path);

describe.each(databases())('isolation between cloud tenants on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let operations: Operation[];
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  const tenants: Record<'a' | 'b', string> = { a: '', b: '' };
  /** B's items by the path parameter naming them. */
  const itemsOfB: Record<string, string> = {};

  const call = async (tenant: string, token: string, method: string, path: string, payload?: unknown) => {
    const body = ['get', 'delete'].includes(method.toLowerCase()) ? undefined : payload;
    const response = await fetch(`${server.origin}/t/${tenant}${path}`, {
      method: method.toUpperCase(),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  /** Every row of B in every tenant table, to compare before and after. */
  const rowsOfB = async () => {
    await server.app.auditLog.flush();
    const snapshot: Record<string, string> = {};
    for (const model of entityModels.filter((entity) => entity.tenantScoped && entity.table)) {
      const { rows } = await db.query<{ rows: string | null }>(
        `SELECT string_agg(t::text, '|' ORDER BY t::text) AS rows FROM "${model.table}" t WHERE tenant_id = $1`,
        [tenants.b],
      );
      snapshot[model.table] = rows[0]?.rows ?? '';
    }
    return snapshot;
  };
  /** The operation's path with B's items in its parameters (an unknown id where B has none of that kind). */
  const pathWithItemsOfB = ({ path }: Operation) => {
    const collection = /^\/api\/([^/]+)\//.exec(path)?.[1] ?? '';
    return path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent((name === 'id' ? itemsOfB[collection] : itemsOfB[name]) ?? 'nothing-of-b'),
    );
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db, { edition: 'cloud', verifier: 'identity' });
    const owner = await cloudSignIn(server.origin, unique('owner_'), { register: true });
    const admin = `${server.origin}/t/admin/api/tenants`;
    for (const key of ['a', 'b'] as const) {
      const created = await fetch(admin, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Tenant ${key}` }),
      });
      tenants[key] = ((await created.json()) as { id: string }).id;
      tokens[key] = (await tenantToken(server.origin, owner, tenants[key])).body.access_token as string;
    }
    const make = async (path: string, body: unknown) => {
      const created = await call(tenants.b, tokens.b, 'POST', path, body);
      expect(created.status, `${path} ${created.text}`).toBeLessThan(300);
      return (JSON.parse(created.text) as { id: string }).id;
    };
    itemsOfB.roles = itemsOfB.roleId = await make('/api/roles', { name: 'b-role', description: 'B' });
    itemsOfB.resources = itemsOfB.resourceId = await make('/api/resources', { name: 'B', indicator: 'https://b.test' });
    itemsOfB.scopeId = await make(`/api/resources/${itemsOfB.resources}/scopes`, { name: 'b:read' });
    itemsOfB.applications = itemsOfB.applicationId = await make('/api/applications', { name: 'B app', type: 'SPA' });
    itemsOfB.users = itemsOfB.userId = await make('/api/users', {
      username: 'b_user',
      password: 'a long B password 1',
    });
    itemsOfB.organizations = itemsOfB.organizationId = await make('/api/organizations', { name: 'B org' });
    itemsOfB.hooks = await make('/api/hooks', {
      name: 'B hook',
      events: ['PostSignIn'],
      config: { url: 'https://b.test/hook' },
    });
    itemsOfB['organization-roles'] = await make('/api/organization-roles', { name: 'b-org-role' });
    itemsOfB['organization-scopes'] = await make('/api/organization-scopes', { name: 'b:org' });

    const document = JSON.parse((await call(tenants.a, tokens.a, 'GET', '/api/swagger.json')).text) as {
      paths: Record<string, Record<string, { 'x-edition'?: string }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method,
        path,
        adminOnly: operation['x-edition'] === 'cloud' || path.startsWith('/me'),
      })),
    );
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('refuses tenant A’s token at tenant B on every operation', async () => {
    expect(operations.length).toBeGreaterThan(200);
    const before = await rowsOfB();
    const answered: string[] = [];
    for (const operation of operations.filter((entry) => !isPublic(entry))) {
      const { status } = await call(tenants.b, tokens.a, operation.method, pathWithItemsOfB(operation), {});
      if (status !== (operation.adminOnly ? 404 : 401))
        answered.push(`${operation.method} ${operation.path}: ${status}`);
    }
    expect(answered).toEqual([]);
    expect(await rowsOfB()).toEqual(before);
  });

  it('reaches none of B’s items through A with A’s token, lists none, and changes nothing of B', async () => {
    const before = await rowsOfB();
    const leaks: string[] = [];
    const idsOfB = Object.values(itemsOfB);
    for (const operation of operations.filter((entry) => !entry.adminOnly)) {
      const path = pathWithItemsOfB(operation);
      const { status, text } = await call(tenants.a, tokens.a, operation.method, path, {});
      // A path naming an item of B is refused; a list names none of B's items. (An error may repeat the id asked.)
      const named = path !== operation.path;
      if ((status >= 500 && status !== 501) || (named ? status < 300 : idsOfB.some((id) => text.includes(id)))) {
        leaks.push(`${operation.method} ${operation.path}: ${status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await rowsOfB()).toEqual(before);
  });
});
