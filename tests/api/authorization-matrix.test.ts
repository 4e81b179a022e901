import type { FastifyInstance, InjectOptions } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { buildApp } from '../../src/server/app.js';
import { createTokenVerifier } from '../../src/server/auth/token-verifier.js';
import { itemParam } from '../../src/server/crud/routes.js';
import type { Database } from '../../src/server/db/database.js';
import { changesNothing, type EntityModel } from '../../src/shared/descriptor.js';
import { lackedScopes } from '../../src/shared/management-scopes.js';
import { databases } from './harness.js';

/**
 * Every management route, enumerated from the resource descriptors, answers 401 without a valid token for its
 * tenant, 403 without the scopes its descriptor requires, and serves the request otherwise. An entity added later
 * is covered here without new test code.
 */
interface RouteCase {
  name: string;
  method: NonNullable<InjectOptions['method']>;
  path: string;
  write: boolean;
  /** The scopes the route needs, as its descriptor says. */
  scopes: readonly string[];
}

const routesOf = (model: EntityModel): RouteCase[] => {
  const base = `${model.apiRoot ? '' : '/api'}${model.apiPath}`.replace(/\{(\w+)\}/g, 'missing-$1');
  // A singleton is read and updated at its path: it has no item ids.
  const item = model.kind === 'singleton' ? base : `${base}/missing-${itemParam(model)}`;
  const cases: RouteCase[] = [];
  const add = (method: RouteCase['method'], path: string, write: boolean, scopes?: readonly string[]) =>
    cases.push({
      name: `${method} ${path}`,
      method,
      path,
      write,
      scopes: scopes ?? (write ? model.requiredScopes.write : model.requiredScopes.read),
    });
  const ops = model.operations;
  if (ops.list) add('GET', base, false);
  if (ops.create) add('POST', base, true);
  if (ops.get) add('GET', item, false);
  if (ops.update) add('PATCH', item, true);
  if (ops.delete) add('DELETE', item, true);
  for (const relation of model.relations) {
    if (relation.kind !== 'linked' || relation.routes === false) continue;
    const segment = relation.segment ?? relation.name;
    add('GET', `${item}/${segment}`, false);
    // A read-only side only lists; its links are made from the other side.
    if (relation.readOnly) continue;
    add('POST', `${item}/${segment}`, true);
    add('DELETE', `${item}/${segment}/missing-target`, true);
  }
  for (const action of model.actions) {
    // An action whose handler authenticates its caller (the console user's own account) is not the guard's.
    if (action.authenticatedBy === 'handler') continue;
    const at = (action.on ?? 'item') === 'item' ? item : base;
    const write = !changesNothing(action);
    add(action.method, action.path ? `${at}/${action.path}` : at, write, action.scopes);
  }
  return cases;
};

const routes = entityModels.filter((model) => model.hasApi).flatMap(routesOf);
const issuerOf = (tenantId: string) => `https://issuer.test/${tenantId}`;
const audienceOf = (tenantId: string) => `https://${tenantId}.gatehouse.internal/api`;

describe.each(databases())('authorization on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let sign: (claims: { tenant: string; audience?: string; scope?: string; issuer?: string }) => Promise<string>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
    await db.exec(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    const verifier = createTokenVerifier({
      trustedIssuers: async (tenantId) => [
        { tenantId, issuer: issuerOf(tenantId), jwks: async () => ({ keys: [jwk] }) },
        { tenantId: 'admin', issuer: issuerOf('admin'), jwks: async () => ({ keys: [jwk] }) },
      ],
      audience: audienceOf,
    });
    app = await buildApp({ db, verifier });
    sign = ({ tenant, audience, scope = 'all', issuer }) =>
      new SignJWT({ scope, client_id: 'tester' })
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer(issuer ?? issuerOf(tenant))
        .setAudience(audience ?? audienceOf(tenant))
        .setSubject('tester')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const call = async (route: RouteCase, token?: string, prefix = '') =>
    app.inject({
      method: route.method,
      url: `${prefix}${route.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('enumerates the routes of every entity with an API', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.name)).toContain('GET /api/roles');
  });

  it.each(routes)('$name: no token → 401', async (route) => {
    const reply = await call(route);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().code).toBe('auth.authorization_header_missing');
  });

  it.each(routes)('$name: a token for another audience, issuer or a forged one → 401', async (route) => {
    for (const token of [
      await sign({ tenant: 'default', audience: 'https://elsewhere.example/api' }),
      await sign({ tenant: 'default', issuer: 'https://issuer.test/stranger' }),
      `${await sign({ tenant: 'default' })}x`,
      'not-a-jwt',
    ]) {
      const reply = await call(route, token);
      expect(reply.statusCode, token.slice(-12)).toBe(401);
      expect(reply.json().code).toBe('auth.unauthorized');
    }
  });

  it.each(routes)('$name: a token without the required scope → 403', async (route) => {
    const reply = await call(route, await sign({ tenant: 'default', scope: 'read:something' }));
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('auth.forbidden');
  });

  it.each(routes)('$name: a read-only token (read:data) reads and is refused writes', async (route) => {
    const reply = await call(route, await sign({ tenant: 'default', scope: 'read:data' }));
    if (lackedScopes(['read:data'], route.scopes).length > 0) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('auth.forbidden');
    } else {
      expect([401, 403]).not.toContain(reply.statusCode);
    }
  });

  it('asks write:data of every data write and read:data of every data read', () => {
    const data = routes.filter((route) => route.scopes.some((scope) => scope.endsWith(':data')));
    expect(data.length).toBeGreaterThan(100);
    for (const route of data) expect(route.scopes, route.name).toEqual([route.write ? 'write:data' : 'read:data']);
  });

  it.each(routes)('$name: the right token reaches the route', async (route) => {
    // `all` and whatever scope of its own the route needs (the QA service's `qa:read`).
    const scope = [...new Set(['all', ...route.scopes])].join(' ');
    const reply = await call(route, await sign({ tenant: 'default', scope }));
    expect([401, 403]).not.toContain(reply.statusCode);
    // Console users hold tokens from the admin tenant's provider for the managed tenant's API.
    const admin = await call(route, await sign({ tenant: 'default', issuer: issuerOf('admin'), scope }));
    expect([401, 403]).not.toContain(admin.statusCode);
  });

  it('keeps routes of a scope of their own closed to `all` alone (the QA service needs `qa:read`)', async () => {
    const own = routes.filter((route) => lackedScopes(['all'], route.scopes).length > 0);
    expect(own.map((route) => route.name)).toContain('GET /api/qa/forms');
    for (const route of own) {
      const reply = await call(route, await sign({ tenant: 'default', scope: 'all' }));
      expect(reply.statusCode, route.name).toBe(403);
      expect(reply.json().data.missingScopes).toEqual(route.scopes);
    }
  });

  it('keeps tenants apart: a tenant token opens only its own tenant, and its data is not found elsewhere', async () => {
    const acme = await sign({ tenant: 'acme' });
    const created = await app.inject({
      method: 'POST',
      url: '/t/acme/api/roles',
      headers: { authorization: `Bearer ${acme}` },
      payload: { name: 'Acme admin', description: 'Only in acme' },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();

    const wrongTenant = await app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(wrongTenant.statusCode).toBe(401);

    const own = await sign({ tenant: 'default' });
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/api/roles/${id}`,
      headers: { authorization: `Bearer ${own}` },
    });
    expect(elsewhere.statusCode).toBe(404);
    const listed = await app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: `Bearer ${own}` } });
    expect(listed.json().map((role: { id: string }) => role.id)).not.toContain(id);

    const unknownTenant = await app.inject({
      method: 'GET',
      url: '/t/nope/api/roles',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(unknownTenant.statusCode).toBe(404);
  });

  it('leaves public endpoints open', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/swagger.json' })).statusCode).toBe(200);
  });
});
