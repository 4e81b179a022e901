/**
 * The cloud's tenants (issue: cloud edition, step 1): a console account creates tenants and lists only its own, each
 * with its own data and management API reached by the tenant's organization token; another account sees nothing of
 * them; only a tenant's admin renames or deletes it, and a delete leaves none of its data.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/generated/api.js';
import type { Database } from '../../src/server/db/database.js';
import { type ConsoleTokens, cloudAccount, cloudSignIn, tenantToken } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

interface TenantView {
  id: string;
  name: string;
  tag: string;
  regionName: string;
  role: string;
  indicator: string;
}

describe.each(databases())('cloud tenants on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let owner: ConsoleTokens;
  let other: ConsoleTokens;

  const cloudApi = (tokens: ConsoleTokens) =>
    createClient<paths>({
      baseUrl: `${server.origin}/t/admin`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
  const tenantApi = (tenantId: string, accessToken: string) =>
    createClient<paths>({
      baseUrl: `${server.origin}/t/${tenantId}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const orgToken = async (tokens: ConsoleTokens, tenantId: string) => {
    const answer = await tenantToken(server.origin, tokens, tenantId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.access_token as string;
  };
  const create = async (tokens: ConsoleTokens, body: { name: string; tag?: 'development' | 'production' }) => {
    const { data, response } = await cloudApi(tokens).POST('/api/tenants', { body: body as never });
    expect(response.status).toBe(201);
    return data as unknown as TenantView;
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db, { edition: 'cloud', verifier: 'identity' });
    owner = await cloudSignIn(server.origin, unique('owner_'), { register: true });
    other = await cloudAccount(server.origin, db, unique('other_'));
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('creates tenants its creator administers, lists each account its own', async () => {
    const first = await create(owner, { name: 'Acme dev' });
    const second = await create(owner, { name: 'Acme prod', tag: 'production' });
    expect(first).toMatchObject({ name: 'Acme dev', tag: 'development', regionName: 'EU', role: 'admin' });
    expect(second).toMatchObject({ tag: 'production', role: 'admin' });
    expect(first.id).toMatch(/^[a-z0-9]{6}$/);

    const mine = (await cloudApi(owner).GET('/api/tenants')).data as unknown as TenantView[];
    expect(mine.map((tenant) => tenant.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const theirs = (await cloudApi(other).GET('/api/tenants')).data as unknown as TenantView[];
    expect(theirs.map((tenant) => tenant.id)).not.toContain(first.id);
  });

  it('reaches a tenant’s own management API with its organization token, and no other tenant’s', async () => {
    const a = await create(owner, { name: 'A' });
    const b = await create(owner, { name: 'B' });
    const tokenA = await orgToken(owner, a.id);
    const created = await tenantApi(a.id, tokenA).POST('/api/roles', {
      body: { name: 'editor', description: 'x' } as never,
    });
    expect(created.response.status).toBe(200);
    // The seed gave the new tenant its own management API.
    const resources = await tenantApi(a.id, tokenA).GET('/api/resources');
    expect(resources.data?.map((resource) => resource.indicator)).toContain(a.indicator);
    // A's token is not B's, and B does not hold A's role.
    expect((await tenantApi(b.id, tokenA).GET('/api/roles')).response.status).toBe(401);
    const rolesOfB = await tenantApi(b.id, await orgToken(owner, b.id)).GET('/api/roles');
    expect(rolesOfB.data?.map((role) => role.name)).not.toContain('editor');
    // An account that is no member gets no token for the tenant.
    expect((await tenantToken(server.origin, other, a.id)).status).toBe(403);
  });

  it('lets only a tenant’s admin rename and delete it', async () => {
    const tenant = await create(owner, { name: 'Old name' });
    const path = { params: { path: { id: tenant.id } } };
    expect((await cloudApi(other).PATCH('/api/tenants/{id}', { ...path, body: { name: 'X' } })).response.status).toBe(
      404,
    );
    expect((await cloudApi(other).DELETE('/api/tenants/{id}', path)).response.status).toBe(404);

    const renamed = await cloudApi(owner).PATCH('/api/tenants/{id}', { ...path, body: { name: 'New name' } });
    expect(renamed.data, JSON.stringify(renamed.error)).toMatchObject({ id: tenant.id, name: 'New name' });
    const bad = await cloudApi(owner).PATCH('/api/tenants/{id}', { ...path, body: { tag: 'staging' as never } });
    expect(bad.response.status).toBe(400);

    expect((await cloudApi(owner).DELETE('/api/tenants/{id}', path)).response.status).toBe(204);
    const listed = (await cloudApi(owner).GET('/api/tenants')).data as unknown as TenantView[];
    expect(listed.map((t) => t.id)).not.toContain(tenant.id);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM resources WHERE tenant_id = $1', [tenant.id]);
    expect(rows[0]).toEqual({ n: 0 });
    expect((await fetch(`${server.origin}/t/${tenant.id}/api/roles`)).status).toBe(404);
  });

  it('refuses creating without the create:tenant permission, and bad input', async () => {
    const narrow = await cloudSignIn(
      server.origin,
      (
        await db.query<{ username: string }>(
          "SELECT username FROM users WHERE tenant_id = 'admin' ORDER BY created_at LIMIT 1",
        )
      ).rows[0]?.username as string,
      { scope: 'openid offline_access' },
    );
    expect((await cloudApi(narrow).POST('/api/tenants', { body: { name: 'N' } as never })).response.status).toBe(403);
    const empty = await cloudApi(owner).POST('/api/tenants', { body: { name: '' } as never });
    expect(empty.response.status).toBe(400);
    expect((await fetch(`${server.origin}/api/tenants`)).status).toBe(404);
  });
});
