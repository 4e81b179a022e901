import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { TokenRejected } from '../../src/server/auth/token-verifier.js';
import type { Database, Queryable } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { basicAuth } from './oidc-helpers.js';

const GOOD_TOKEN = 'good-token-value-7f3a';
/** A value the database refuses: the statement that carries it fails as a real driver error with its parameters. */
const POISON = 'poison-value-91c2';

/** The database, except that a statement with the poison among its parameters fails in the driver. */
const poisoned = (db: Database): Database => {
  const wrap = (tx: Queryable): Queryable => ({
    exec: (sql) => tx.exec(sql),
    query: (sql, params) =>
      params?.some((value) => typeof value === 'string' && value.includes(POISON))
        ? tx.query('SELECT $1::int AS n', [POISON])
        : tx.query(sql, params),
  });
  return {
    ...db,
    withTenant: (tenantId, work) => db.withTenant(tenantId, (tx) => work(wrap(tx))),
    read: (tenantId, work) => db.read(tenantId, (tx) => work(wrap(tx))),
  } as Database;
};

/** What an operator reads: one line per request, no stack traces for expected errors, never a secret. */
describe.each(databases())('request logs on $name', (target) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const opened = await target.open();
    dispose = opened.dispose;
    app = await buildApp({
      db: poisoned(opened.db),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      verifier: {
        verify: async (token) => {
          if (token !== GOOD_TOKEN) throw new TokenRejected('unknown token');
          return { subject: 'robot', clientId: 'robot', scopes: ['all'], issuerTenant: 'default' };
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('logs each request once, 4xx without a stack, and no secret, header or SQL parameter value', async () => {
    lines.length = 0;
    const bearer = { authorization: `Bearer ${GOOD_TOKEN}` };
    const json = { ...bearer, 'content-type': 'application/json' };
    const sent = [
      await app.inject({ method: 'GET', url: '/api/nowhere?client_secret=qs-secret-1&page=2' }),
      await app.inject({ method: 'POST', url: '/api/roles', headers: json, payload: '{"password": "pw-in-json' }),
      await app.inject({ method: 'GET', url: '/api/roles', headers: { authorization: 'Bearer wrong-token-value' } }),
      await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { ...basicAuth('robot', 'client-secret-value'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_secret=form-secret-value&password=pw-value',
      }),
      await app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: json,
        payload: { name: POISON, description: 'x' },
      }),
      await app.inject({ method: 'GET', url: '/api/roles?page=1&page_size=5', headers: bearer }),
    ];
    expect(sent.map((reply) => reply.statusCode)).toEqual([404, 400, 401, 400, 500, 200]);

    const entries = lines.map((line) => JSON.parse(line));
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.map((entry) => [entry.level, entry.method, entry.url, entry.status])).toEqual([
      [30, 'GET', '/api/nowhere?client_secret=REDACTED&page=2', 404],
      [30, 'POST', '/api/roles', 400],
      [30, 'GET', '/api/roles', 401],
      [30, 'POST', '/oidc/token', 400],
      [30, 'POST', '/api/roles', 500],
      [30, 'GET', '/api/roles?page=1&page_size=5', 200],
    ]);
    for (const entry of requests) expect(typeof entry.ms).toBe('number');

    // Besides the request lines, only the unexpected failure is logged, with its stack, and without the value.
    const others = entries.filter((entry) => entry.msg !== 'request');
    expect(others).toHaveLength(1);
    expect(others[0]).toMatchObject({ level: 50, err: { code: '22P02' } });
    expect(others[0].err.stack).toContain('\n');
    expect(lines.filter((line) => line.includes('"stack"'))).toHaveLength(1);

    const text = lines.join('');
    for (const secret of [
      'qs-secret-1',
      'pw-in-json',
      'wrong-token-value',
      GOOD_TOKEN,
      'client-secret-value',
      basicAuth('robot', 'client-secret-value').authorization.slice('Basic '.length),
      'form-secret-value',
      'pw-value',
      POISON,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('masks the path segments that name the provider’s records (sessions, grants, interactions), whatever the route', async () => {
    const headers = { authorization: `Bearer ${GOOD_TOKEN}` };
    const created = await app.inject({ method: 'POST', url: '/api/users', headers, payload: { username: 'logged' } });
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json().id as string;
    const [session, grant, interaction] = ['session-uid-3c9d', 'grant-id-8e21', 'interaction-uid-4f7a'];
    lines.length = 0;
    const sent = [
      await app.inject({ method: 'GET', url: `/api/users/${userId}/sessions/${session}`, headers }),
      await app.inject({
        method: 'DELETE',
        url: `/api/users/${userId}/sessions/${session}?revokeGrantsTarget=all`,
        headers,
      }),
      await app.inject({ method: 'DELETE', url: `/api/users/${userId}/grants/${grant}`, headers }),
      await app.inject({ method: 'GET', url: `/interaction/${interaction}/forgot-password` }),
      await app.inject({ method: 'GET', url: `/oidc/auth/${interaction}` }),
    ];
    for (const reply of sent) expect(reply.statusCode, reply.body).toBeLessThan(500);
    const urls = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(urls.map((entry) => entry.url)).toEqual([
      `/api/users/${userId}/sessions/REDACTED`,
      `/api/users/${userId}/sessions/REDACTED?revokeGrantsTarget=all`,
      `/api/users/${userId}/grants/REDACTED`,
      '/interaction/REDACTED/forgot-password',
      '/oidc/auth/REDACTED',
    ]);
    const text = lines.join('');
    for (const secret of [session, grant, interaction]) expect(text, secret).not.toContain(secret);
  });
});
