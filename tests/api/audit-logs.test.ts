import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import type { Database } from '../../src/server/db/database.js';
import { managementApiIndicator } from '../../src/server/tenants/urls.js';
import { databases, unique } from './harness.js';
import {
  Browser,
  exchangeConsoleCode,
  formAction,
  pkce,
  postForm,
  type RunningServer,
  registerFirstAdmin,
  startServer,
} from './oidc-helpers.js';
import { createUser } from './users.js';
import { type Receiver, startReceiver } from './webhook-receiver.js';

type Log = paths['/api/logs/{id}']['get']['responses'][200]['content']['application/json'];

describe.each(databases())('audit logs on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let receiver: Receiver;
  /** Logto's typed client on the default tenant's management API, and on the admin tenant's. */
  let api: Client<paths>;
  let adminApi: Client<paths>;
  /** Every secret the flows below handle: none may appear in any log entry. */
  const secrets: string[] = [];

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    receiver = await startReceiver();
    server = await startServer(db);
    api = createClient<paths>({ baseUrl: server.origin });
    adminApi = createClient<paths>({ baseUrl: `${server.origin}/t/admin` });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await dispose();
  });

  const flush = async () => {
    await server.app.auditLog.flush();
    await server.app.webhooks.idle();
  };
  const logsOf = async (
    client: Client<paths>,
    query: NonNullable<paths['/api/logs']['get']['parameters']['query']>,
  ) => {
    await flush();
    const { data, response } = await client.GET('/api/logs', { params: { query: { page_size: 100, ...query } } });
    expect(response.status).toBe(200);
    return data ?? [];
  };

  it('records registration and the code grant, and announces PostRegister with Logto’s payload', async () => {
    const hook = await adminApi.POST('/api/hooks', {
      body: { name: 'Interactions', events: ['PostRegister', 'PostSignIn'], config: { url: receiver.url } },
    });
    expect(hook.response.status).toBe(201);
    const tokens = await registerFirstAdmin(server.origin, 'founder', 'founder horse battery');
    secrets.push('founder horse battery', tokens.access_token, tokens.refresh_token, tokens.id_token);

    const registered = await logsOf(adminApi, { logKey: 'Interaction.Register.Submit' });
    expect(registered).toHaveLength(1);
    const [entry] = registered as Log[];
    expect(entry).toMatchObject({
      tenantId: 'admin',
      key: 'Interaction.Register.Submit',
      payload: { key: 'Interaction.Register.Submit', result: 'Success', applicationId: 'admin-console' },
    });
    expect(entry?.payload.userId).toEqual(expect.any(String));
    expect(entry?.payload.ip).toBe('127.0.0.1');
    expect(entry?.payload.userAgent).toEqual(expect.any(String));
    const grants = await logsOf(adminApi, {
      logKey: 'ExchangeTokenBy.AuthorizationCode',
      userId: entry?.payload.userId,
    });
    expect(grants.map((log) => log.payload.result)).toEqual(['Success']);

    const [body] = receiver.bodies.filter((b) => b.event === 'PostRegister');
    expect(body).toMatchObject({
      hookId: hook.data?.id,
      event: 'PostRegister',
      interactionEvent: 'Register',
      userId: entry?.payload.userId,
      userIp: '127.0.0.1',
      user: { id: entry?.payload.userId, username: 'founder' },
      application: { id: 'admin-console' },
    });
    expect(body?.sessionId).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/passwordEncrypted|\$argon2/);
  });

  it('records every sign-in attempt with the identifier type, failures with their code, and PostSignIn', async () => {
    const username = unique('ada');
    const password = 'correct horse battery';
    secrets.push(password, 'wrong horse battery');
    const user = await createUser(db, 'admin', { username, primaryEmail: `${username}@example.com`, password });
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: 'admin-console',
      redirect_uri: `${server.origin}/console/callback`,
      response_type: 'code',
      scope: 'openid offline_access profile email all',
      resource: managementApiIndicator('default'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'login consent',
    });
    const page = await browser.follow(`${server.origin}/t/admin/oidc/auth?${params}`);
    const action = formAction(page.text, server.origin, '/sign-in');
    const wrong = await browser.post(action, {
      identifier: `${username}@example.com`,
      password: 'wrong horse battery',
    });
    expect(wrong.status).toBe(400);
    const right = await browser.post(action, { identifier: username, password });
    expect(right.status).toBe(303);
    const back = await browser.follow(right.location ?? '', `${server.origin}/console/callback`);
    const tokens = await exchangeConsoleCode(server.origin, back.location ?? '', verifier);
    secrets.push(
      tokens.access_token,
      tokens.refresh_token,
      new URL(back.location ?? '').searchParams.get('code') ?? '',
    );
    const refreshed = await postForm(`${server.origin}/t/admin/oidc/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'admin-console',
    });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.body.access_token);

    const logs = await logsOf(adminApi, { userId: user.id });
    // Entries of one request may share a millisecond, and the list orders those by id: compared as a set.
    const summary = logs
      .map((log) => [log.key, log.payload.result, (log.payload as { identifier?: { type: string } }).identifier?.type])
      .reverse();
    expect(summary).toHaveLength(5);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['Interaction.SignIn.Verification.Password.Submit', 'Error', 'email'],
        ['Interaction.SignIn.Verification.Password.Submit', 'Success', 'username'],
        ['Interaction.SignIn.Submit', 'Success', 'username'],
        ['ExchangeTokenBy.AuthorizationCode', 'Success', undefined],
        ['ExchangeTokenBy.RefreshToken', 'Success', undefined],
      ]),
    );
    expect(logs.find((log) => log.payload.result === 'Error')?.payload.error).toEqual({
      code: 'session.invalid_credentials',
    });
    expect(receiver.bodies.filter((b) => b.event === 'PostSignIn')).toEqual([
      expect.objectContaining({
        interactionEvent: 'SignIn',
        userId: user.id,
        user: expect.objectContaining({ username }),
      }),
    ]);
  });

  it('records client-credentials grants, refused ones as errors, by application', async () => {
    const created = await api.POST('/api/applications', { body: { name: 'Script', type: 'MachineToMachine' } });
    const app = created.data as { id: string; secret: string };
    secrets.push(app.secret);
    const token = (secret: string) =>
      postForm(`${server.origin}/oidc/token`, {
        grant_type: 'client_credentials',
        client_id: app.id,
        client_secret: secret,
        resource: managementApiIndicator('default'),
      });
    const granted = await token(app.secret);
    expect(granted.status).toBe(200);
    secrets.push(granted.body.access_token);
    expect((await token('not-the-secret')).status).toBe(401);

    const logs = await logsOf(api, { applicationId: app.id, logKey: 'ExchangeTokenBy.ClientCredentials' });
    expect(logs.map((log) => log.payload.result).sort()).toEqual(['Error', 'Success']);
    expect(logs.find((log) => log.payload.result === 'Error')?.payload.error).toMatchObject({ code: 'invalid_client' });
  });

  it('records a management write by what was written, never its values', async () => {
    const role = await api.POST('/api/roles', { body: { name: unique('ops'), description: 'Operators' } });
    expect(role.response.status).toBe(200);
    const logs = await logsOf(api, { logKey: 'ManagementApi.Role.Create' });
    expect(logs[0]?.payload).toMatchObject({
      result: 'Success',
      entity: 'role',
      operation: 'create',
      entityId: role.data?.id,
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(logs[0])).not.toContain('Operators');
  });

  it('answers the request even when the log cannot be written, and reports the failure instead', async () => {
    const insert = vi.spyOn(server.app.auditLog, 'insert').mockRejectedValue(new Error('database unavailable'));
    const reported = vi.spyOn(server.app.log, 'error');
    try {
      const role = await api.POST('/api/roles', { body: { name: unique('kept'), description: 'Still created' } });
      expect(role.response.status).toBe(200);
      await flush();
      expect(insert).toHaveBeenCalled();
      expect(reported).toHaveBeenCalledWith(expect.objectContaining({ tenantId: 'default' }), 'audit log batch failed');
      const { data } = await api.GET('/api/roles/{id}', { params: { path: { id: role.data?.id ?? '' } } });
      expect(data?.description).toBe('Still created');
    } finally {
      insert.mockRestore();
      reported.mockRestore();
    }
  });

  it('keeps every secret out of every entry', async () => {
    await flush();
    const { rows } = await db.query<{ payload: string }>('SELECT payload::text AS payload FROM logs');
    expect(rows.length).toBeGreaterThan(10);
    const text = rows.map((row) => row.payload).join('\n');
    for (const secret of secrets.filter((s) => s.length >= 8)) expect(text).not.toContain(secret);
    expect(text).not.toContain('$argon2');
    // No key names a secret (values such as `ExchangeTokenBy.RefreshToken` may).
    expect(text).not.toMatch(/"[^"]*(password|secret|token|digest)[^"]*":/i);
  });
});
