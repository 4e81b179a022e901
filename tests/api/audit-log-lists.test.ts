import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import { createUser } from './users.js';

type Log = paths['/api/logs/{id}']['get']['responses'][200]['content']['application/json'];

// Reading the audit log: its filters and pages, one entry, and the names it adds. The entries are written straight
// into the table; audit-logs.test.ts covers what the server records.
describe.each(databases())('audit log lists on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  /** Logto's typed client on the default tenant's management API. */
  let api: Client<paths>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    api = createClient<paths>({ baseUrl: server.origin });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('lists with Logto’s filters, page numbers and Total-Number, keyset pages, and reads one entry', async () => {
    const userId = unique('u');
    await db.withTenant('default', (tx) =>
      tx.query(
        `INSERT INTO logs (tenant_id, id, key, result, user_id, application_id, payload, created_at)
         SELECT 'default', $1 || g, 'Interaction.SignIn.Submit', 'Success', $1, 'app' || (g % 2),
                jsonb_build_object('key', 'Interaction.SignIn.Submit', 'result', 'Success', 'userId', $1),
                timestamptz '2026-01-01' + g * interval '1 second'
         FROM generate_series(1, 25) g`,
        [userId],
      ),
    );
    const first = await api.GET('/api/logs', { params: { query: { userId, page: 1, page_size: 10 } } });
    expect(first.response.headers.get('total-number')).toBe('25');
    expect(first.data?.map((log) => log.id).slice(0, 2)).toEqual([`${userId}25`, `${userId}24`]);
    const third = await api.GET('/api/logs', { params: { query: { userId, page: 3, page_size: 10 } } });
    expect(third.data).toHaveLength(5);
    const byApp = await api.GET('/api/logs', { params: { query: { userId, applicationId: 'app1', page_size: 100 } } });
    expect(byApp.data).toHaveLength(13);
    // start_time and end_time are inclusive, as Logto's are.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const window = await api.GET('/api/logs', {
      params: { query: { userId, start_time: String(start + 2000), end_time: String(start + 3000) } },
    });
    expect(window.data?.map((log) => log.id)).toEqual([`${userId}3`, `${userId}2`]);
    // A window ending before it starts is Logto's 400.
    const inverted = await api.GET('/api/logs', {
      params: { query: { userId, start_time: String(start + 3000), end_time: String(start + 2000) } },
    });
    expect(inverted.response.status).toBe(400);
    expect(inverted.error).toMatchObject({ code: 'log.invalid_time_window' });

    const keyset = await fetch(`${server.origin}/api/logs?userId=${userId}&page_size=20&cursor=`);
    const next = keyset.headers.get('next-cursor') ?? '';
    const rest = await (await fetch(`${server.origin}/api/logs?userId=${userId}&page_size=20&cursor=${next}`)).json();
    expect(rest.map((log: Log) => log.id)).toEqual([
      `${userId}5`,
      `${userId}4`,
      `${userId}3`,
      `${userId}2`,
      `${userId}1`,
    ]);

    const one = await api.GET('/api/logs/{id}', { params: { path: { id: `${userId}7` } } });
    expect(one.data).toEqual({
      tenantId: 'default',
      id: `${userId}7`,
      key: 'Interaction.SignIn.Submit',
      payload: { key: 'Interaction.SignIn.Submit', result: 'Success', userId },
      createdAt: Date.parse('2026-01-01T00:00:07Z'),
    });
    expect((await api.GET('/api/logs/{id}', { params: { path: { id: 'missing' } } })).response.status).toBe(404);
    expect((await fetch(`${server.origin}/api/logs/${userId}7`, { method: 'DELETE' })).status).toBe(404);
  });

  it('names the user and the application of each entry, in lists and in one entry, by their ids as Logto does', async () => {
    const named = async (body: Record<string, unknown>) => {
      const { data, response } = await api.POST('/api/users', { body });
      expect(response.status).toBe(200);
      return data?.id ?? '';
    };
    const ada = await named({ name: 'Ada Lovelace', username: unique('ada') });
    const grace = unique('grace');
    const byUsername = await named({ username: grace });
    const byEmail = await named({ primaryEmail: `${grace}@example.com` });
    const app = await api.POST('/api/applications', { body: { name: 'Nightly export', type: 'MachineToMachine' } });
    const appId = app.data?.id ?? '';
    // Who writes in the console: a user of the console's own tenant, through the console's application.
    const operator = await createUser(db, 'admin', {
      username: unique('operator'),
      password: 'operator horse battery',
    });
    const key = unique('Test.Names.');
    const tag = unique('n');
    const entries: [string, string | null, string | null][] = [
      ['ada', ada, appId],
      ['username', byUsername, 'deleted-app'],
      ['email', byEmail, null],
      ['console', operator.id, 'admin-console'],
      ['deleted', 'deleted-user', null],
    ];
    await db.withTenant('default', async (tx) => {
      for (const [i, [id, userId, applicationId]] of entries.entries()) {
        await tx.query(
          `INSERT INTO logs (tenant_id, id, key, result, user_id, application_id, payload, created_at)
           VALUES ('default', $1, $2::text, 'Success', $3::text, $4::text, jsonb_strip_nulls(jsonb_build_object('key', $2::text,
             'result', 'Success', 'userId', $3::text, 'applicationId', $4::text)), timestamptz '2026-02-01' + $5 * interval '1 second')`,
          [`${tag}${id}`, key, userId, applicationId, entries.length - i],
        );
      }
    });
    const expected = [
      ['ada', 'Ada Lovelace', 'Nightly export'],
      ['username', grace, undefined],
      ['email', `${grace}@example.com`, undefined],
      ['console', operator.username, 'Admin console'],
      ['deleted', undefined, undefined],
    ].map(([id, userName, applicationName]) => [`${tag}${id}`, userName, applicationName]);
    const names = (logs: Log[]) =>
      logs.map((log) => {
        const { userName, applicationName } = log as Log & { userName?: string; applicationName?: string };
        return [log.id, userName, applicationName];
      });

    const paged = await api.GET('/api/logs', { params: { query: { logKey: key, page: 1, page_size: 20 } } });
    expect(names(paged.data ?? [])).toEqual(expected);
    const keyset = await fetch(`${server.origin}/api/logs?logKey=${key}&page_size=20&cursor=`);
    expect(names(await keyset.json())).toEqual(expected);
    for (const [id, userName, applicationName] of expected) {
      const one = await api.GET('/api/logs/{id}', { params: { path: { id: id ?? '' } } });
      expect(names(one.data ? [one.data] : [])).toEqual([[id, userName, applicationName]]);
    }
    // Logto's fields are untouched: the ids stay in the payload.
    expect(paged.data?.[0]?.payload).toEqual({ key, result: 'Success', userId: ada, applicationId: appId });
  });
});
