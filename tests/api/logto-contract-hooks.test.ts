/**
 * Logto's Management API contract: webhooks, and invalid Logto-typed input.
 * Driven over HTTP with a client typed by Logto's own types (from `@logto/api`) and Logto-shaped bodies, every
 * operation must answer Logto's status and carry every field Logto declares as required, with the declared JSON
 * type (the shapes are in logto-contract-shapes.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { expectShape, hookConfigShape, hookShape } from './logto-contract-shapes.js';
import { startReceiver } from './webhook-receiver.js';

describe.each(databases())('Logto Management API contract on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  it('hooks: ListHooks, CreateHook, GetHook, UpdateHook, ListHookRecentLogs, UpdateHookSigningKey, DeleteHook', async () => {
    const created = await client.POST('/api/hooks', {
      body: {
        name: 'Audit',
        events: ['PostRegister', 'PostSignIn'],
        config: { url: 'http://127.0.0.1:9/audit', headers: { 'X-Team': 'identity' }, retries: 2 },
        enabled: true,
      },
    });
    expect(created.response.status).toBe(201);
    expectShape(created.data, hookShape, 'CreateHook');
    expectShape(created.data?.config, hookConfigShape, 'CreateHook.config');
    const id = created.data?.id ?? '';

    const list = await client.GET('/api/hooks', { params: { query: { page: 1, page_size: 20 } } });
    expect(list.response.status).toBe(200);
    expect(list.data).toHaveLength(1);
    expectShape(list.data?.[0], hookShape, 'ListHooks[0]');

    const got = await client.GET('/api/hooks/{id}', { params: { path: { id } } });
    expect(got.response.status).toBe(200);
    expectShape(got.data, hookShape, 'GetHook');
    expect(got.data).toEqual(created.data);

    const updated = await client.PATCH('/api/hooks/{id}', {
      params: { path: { id } },
      body: { name: 'Audit v2', events: ['PostSignIn'], config: { url: 'https://hooks.example.com/audit' } },
    });
    expect(updated.response.status).toBe(200);
    expectShape(updated.data, hookShape, 'UpdateHook');
    expect(updated.data).toMatchObject({ name: 'Audit v2', events: ['PostSignIn'] });
    expect(updated.data?.config).toEqual({ url: 'https://hooks.example.com/audit' });

    // ListHookRecentLogs: no delivery yet, an empty page with its total.
    const logs = await client.GET('/api/hooks/{id}/recent-logs', {
      params: { path: { id }, query: { page: 1, page_size: 20 } },
    });
    expect(logs.response.status).toBe(200);
    expect(logs.data).toEqual([]);
    expect(logs.response.headers.get('total-number')).toBe('0');

    const rotated = await client.PATCH('/api/hooks/{id}/signing-key', { params: { path: { id } } });
    expect(rotated.response.status).toBe(200);
    expectShape(rotated.data, hookShape, 'UpdateHookSigningKey');
    expect(rotated.data?.signingKey).not.toBe(created.data?.signingKey);

    const deleted = await client.DELETE('/api/hooks/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/api/hooks/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    // Logto answers an update of a missing hook with `entity.not_exists` (its update finds no row).
    const updateGone = await client.PATCH('/api/hooks/{id}', { params: { path: { id } }, body: { name: 'Gone' } });
    expect(updateGone.response.status).toBe(404);
    expect(updateGone.error).toMatchObject({ code: 'entity.not_exists' });
  });

  it('hooks: TestHook sends a sample of each event to the endpoint being edited (204)', async () => {
    const receiver = await startReceiver<{ event: string }>();
    try {
      const created = await client.POST('/api/hooks', {
        body: { name: 'Audit', events: ['PostSignIn'], config: { url: 'https://hooks.example.com/audit' } },
      });
      const sent = await client.POST('/api/hooks/{id}/test', {
        params: { path: { id: created.data?.id ?? '' } },
        body: { events: ['PostRegister', 'PostSignIn'], config: { url: receiver.url } },
      });
      expect(sent.response.status).toBe(204);
      expect(receiver.bodies.map((body) => body.event)).toEqual(['PostRegister', 'PostSignIn']);
    } finally {
      await receiver.close();
    }
  });

  it("hooks: includeExecutionStats counts the last day's deliveries and the successful ones", async () => {
    const created = await client.POST('/api/hooks', {
      body: { name: 'Stats', events: ['PostSignIn'], config: { url: 'https://hooks.example.com/stats' } },
    });
    const id = created.data?.id ?? '';
    const idle = await client.POST('/api/hooks', {
      body: { name: 'Idle', events: ['PostSignIn'], config: { url: 'https://hooks.example.com/idle' } },
    });
    const delivered = (logId: string, result: string, ageHours: number) =>
      api.db.query(
        `INSERT INTO hook_logs (tenant_id, id, hook_id, key, payload, created_at)
         VALUES ('default', $1, $2, 'TriggerHook.PostSignIn', jsonb_build_object('result', $3::text),
                 now() - $4 * interval '1 hour')`,
        [logId, id, result, ageHours],
      );
    await delivered('ok1', 'Success', 1);
    await delivered('ok2', 'Success', 5);
    await delivered('bad', 'Error', 2);
    await delivered('old', 'Success', 30);

    const listed = await client.GET('/api/hooks', { params: { query: { includeExecutionStats: 'yes' } } });
    expect(listed.response.status).toBe(200);
    const stats = Object.fromEntries((listed.data ?? []).map((hook) => [hook.id, hook.executionStats]));
    expect(stats).toEqual({
      [id]: { requestCount: 3, successCount: 2 },
      [idle.data?.id ?? '']: { requestCount: 0, successCount: 0 },
    });
    const got = await client.GET('/api/hooks/{id}', {
      params: { path: { id }, query: { includeExecutionStats: 'true' } },
    });
    expect(got.data?.executionStats).toEqual({ requestCount: 3, successCount: 2 });
    // Without the flag (or with a value that is not truthy) the stats are not computed.
    const plain = await client.GET('/api/hooks/{id}', {
      params: { path: { id }, query: { includeExecutionStats: 'false' } },
    });
    expect(plain.data).not.toHaveProperty('executionStats');
    expect((await client.GET('/api/hooks')).data?.[0]).not.toHaveProperty('executionStats');
  });

  it("hooks: TestHook takes the deprecated event of Logto's first bodies and tests the events", async () => {
    const receiver = await startReceiver<{ event: string }>();
    try {
      const created = await client.POST('/api/hooks', {
        body: { name: 'Legacy', events: ['PostSignIn'], config: { url: receiver.url } },
      });
      const sent = await client.POST('/api/hooks/{id}/test', {
        params: { path: { id: created.data?.id ?? '' } },
        body: { event: 'PostRegister', events: ['PostSignIn'], config: { url: receiver.url } },
      });
      expect(sent.response.status).toBe(204);
      expect(receiver.bodies.map((body) => body.event)).toEqual(['PostSignIn']);
    } finally {
      await receiver.close();
    }
  });

  it('answers invalid Logto-typed input with 400 and the error body', async () => {
    const reply = await client.POST('/api/hooks', {
      body: { name: 'Bad', events: ['PostSignIn'], config: { url: 'https://hooks.example.com', retries: 4 } },
    });
    expect(reply.response.status).toBe(400);
    expect(reply.error).toMatchObject({ code: 'guard.invalid_input', message: expect.any(String) });
  });
});
