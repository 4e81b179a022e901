import { randomBytes } from 'node:crypto';
import { createManagementApi } from '@logto/api/management';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/urls.js';
import { databases, unique } from './harness.js';
import { Browser, formAction, freePort, pkce, postForm, registerFirstAdmin } from './oidc-helpers.js';
import { createUser } from './users.js';

const PASSWORD = 'correct horse battery';
const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY);
const dayName = (offset: number) => day(offset).toISOString().slice(0, 10);

/** The dashboard of the default tenant, read with Logto's client, with users signing in to an app of the tenant. */
describe.each(databases())('dashboard on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let origin: string;
  let client: ReturnType<typeof createManagementApi>['apiClient'];
  let appId: string;
  const callback = 'https://portal.example.com/callback';

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    app = await buildApp({ db, publicUrl: origin, verifier: 'identity' });
    await app.listen({ port, host: '127.0.0.1' });
    const consoleToken = (await registerFirstAdmin(origin, 'admin', PASSWORD)).access_token;
    const call = async (path: string, body: unknown) =>
      (
        await fetch(`${origin}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${consoleToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const m2m = await call('/api/applications', { name: 'Reports', type: 'MachineToMachine' });
    const roles = await (
      await fetch(`${origin}/api/roles?page=1&page_size=100`, { headers: { authorization: `Bearer ${consoleToken}` } })
    ).json();
    const role = roles.find((r: { name: string }) => r.name === 'Management API access');
    await call(`/api/applications/${m2m.id}/roles`, { roleIds: [role.id] });
    ({ apiClient: client } = createManagementApi('default', {
      clientId: m2m.id,
      clientSecret: m2m.secret,
      baseUrl: origin,
      apiIndicator: managementApiIndicator('default'),
    }));
    const portal = await call('/api/applications', {
      name: 'Portal',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [callback], postLogoutRedirectUris: [] },
    });
    appId = portal.id;
  });
  afterAll(async () => {
    await app?.close();
    await dispose();
  });

  /** Signs a user of the default tenant in to the portal through the real sign-in page and exchanges the code. */
  const signIn = async (username: string) => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: appId,
      redirect_uri: callback,
      response_type: 'code',
      scope: 'openid offline_access profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      prompt: 'login consent',
    });
    const page = await browser.follow(`${origin}/oidc/auth?${params}`);
    const submitted = await browser.post(formAction(page.text, origin, '/sign-in'), {
      identifier: username,
      password: PASSWORD,
    });
    expect(submitted.status, submitted.text).toBe(303);
    const back = await browser.follow(submitted.location ?? '', callback);
    const code = new URL(back.location ?? '').searchParams.get('code') ?? '';
    const tokens = await postForm(`${origin}/oidc/token`, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: callback,
      client_id: appId,
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    // The record is written beside the token request; wait for it rather than for time.
    await app.identity.activeUsers.settled();
    return tokens.body as { refresh_token: string };
  };

  const read = async () => {
    const [total, fresh, active] = await Promise.all([
      client.GET('/api/dashboard/users/total'),
      client.GET('/api/dashboard/users/new'),
      client.GET('/api/dashboard/users/active'),
    ]);
    for (const reply of [total, fresh, active]) expect(reply.response.status, JSON.stringify(reply.error)).toBe(200);
    return { total: total.data?.totalUserCount, fresh: fresh.data, active: active.data };
  };

  const usernames: string[] = [];

  it('counts the users and the new ones of today and of the last 7 days, against the periods before', async () => {
    const before = await read();
    expect(before.total).toBe(0);
    expect(before.fresh).toEqual({ today: { count: 0, delta: 0 }, last7Days: { count: 0, delta: 0 } });

    for (let i = 0; i < 3; i++) {
      usernames.push(unique('member_'));
      await createUser(db, 'default', { username: usernames[i] as string, password: PASSWORD });
    }
    // The admin tenant's console user is not one of the default tenant's users.
    const after = await read();
    expect(after.total).toBe(3);
    expect(after.fresh).toEqual({ today: { count: 3, delta: 3 }, last7Days: { count: 3, delta: 3 } });

    // Three more, one of them created yesterday and two 10 days ago.
    const older = [unique('old_'), unique('old_'), unique('old_')];
    for (const username of older) await createUser(db, 'default', { username, password: PASSWORD });
    await db.query('UPDATE users SET created_at = $2 WHERE username = $1', [older[0], day(-1).toISOString()]);
    await db.query('UPDATE users SET created_at = $2 WHERE username = ANY($1)', [
      older.slice(1),
      new Date(day(-10).getTime() + 3600_000).toISOString(),
    ]);
    const moved = await read();
    expect(moved.total).toBe(6);
    // Today 3 against yesterday's 1; the last 7 days 4 against the 2 of the 7 days before.
    expect(moved.fresh).toEqual({ today: { count: 3, delta: 2 }, last7Days: { count: 4, delta: 2 } });
  });

  it('counts a user issued a token as active once a day, and the 30 days of daily active users', async () => {
    const before = await read();
    expect(before.active?.dau).toEqual({ count: 0, delta: 0 });
    expect(before.active?.dauCurve).toHaveLength(30);
    expect(before.active?.dauCurve.at(-1)).toEqual({ date: dayName(0), count: 0 });
    expect(before.active?.dauCurve[0]).toEqual({ date: dayName(-29), count: 0 });

    const tokens = await signIn(usernames[0] as string);
    await signIn(usernames[1] as string);
    // The same user again, and a refresh: still one record for today.
    await signIn(usernames[0] as string);
    const refreshed = await postForm(`${origin}/oidc/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: appId,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    await app.identity.activeUsers.settled();

    const after = await read();
    expect(after.active?.dau).toEqual({ count: 2, delta: 2 });
    expect(after.active?.wau).toEqual({ count: 2, delta: 2 });
    expect(after.active?.mau).toEqual({ count: 2, delta: 2 });
    expect(after.active?.dauCurve.at(-1)).toEqual({ date: dayName(0), count: 2 });
    const recorded = await db.query(`SELECT 1 FROM daily_active_users WHERE tenant_id = 'default'`);
    expect(recorded.rows).toHaveLength(2);
  });

  it('compares each period with the one before, up to the date asked', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE tenant_id = $1 ORDER BY username', [
      'default',
    ]);
    const [a, b, c] = rows.map((row) => row.id);
    const record = (userId: string | undefined, offset: number) =>
      db.query(`INSERT INTO daily_active_users (tenant_id, id, user_id, date) VALUES ('default', $1, $2, $3)`, [
        unique('dau'),
        userId,
        day(offset).toISOString(),
      ]);
    // Yesterday: a, b and c. Nine days ago: a. Forty days ago: a and b.
    for (const userId of [a, b, c]) await record(userId, -1);
    await record(a, -9);
    await record(a, -40);
    await record(b, -40);

    const today = await client.GET('/api/dashboard/users/active');
    expect(today.data?.dau).toEqual({ count: 2, delta: -1 });
    // The last 7 days: a, b, c; the 7 before: a.
    expect(today.data?.wau).toEqual({ count: 3, delta: 2 });
    // The last 30 days: a, b, c; the 30 before: a, b.
    expect(today.data?.mau).toEqual({ count: 3, delta: 1 });
    expect(today.data?.dauCurve.slice(-2)).toEqual([
      { date: dayName(-1), count: 3 },
      { date: dayName(0), count: 2 },
    ]);

    const yesterday = await client.GET('/api/dashboard/users/active', { params: { query: { date: dayName(-1) } } });
    expect(yesterday.response.status).toBe(200);
    expect(yesterday.data?.dau).toEqual({ count: 3, delta: 3 });
    expect(yesterday.data?.dauCurve.at(-1)).toEqual({ date: dayName(-1), count: 3 });
    expect(yesterday.data?.dauCurve[0]?.date).toBe(dayName(-30));
  });

  it('refuses a date that is not a day (400) and answers 401 without a token', async () => {
    for (const date of ['yesterday', '2024-02-30', '2024-1-01', '2024-01-01T00:00:00Z']) {
      const reply = await client.GET('/api/dashboard/users/active', { params: { query: { date } } });
      expect(reply.response.status, date).toBe(400);
      expect(reply.error).toMatchObject({ code: 'guard.invalid_input' });
    }
    expect((await fetch(`${origin}/api/dashboard/users/total`)).status).toBe(401);
  });
});
