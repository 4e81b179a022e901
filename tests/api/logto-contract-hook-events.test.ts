/**
 * Logto's meaning of a webhook: the bodies Logto accepts (its first hooks' single `event`, no name, an endpoint
 * that is any text), Logto's 400 without events, and the events Logto emits beyond the entities' own:
 * `Role.Scopes.Updated` when a role's permissions change and `User.SuspensionStatus.Updated` when a user is
 * suspended or reinstated.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { inEventOrder, type Receiver, startReceiver } from './webhook-receiver.js';

describe.each(databases())('Logto webhook bodies and events on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.bodies.length = 0;
  });

  /** The bodies received once the deliveries in flight are done, in the order their events happened. */
  const received = async () => {
    await api.app.webhooks.idle();
    return inEventOrder(receiver.bodies);
  };

  it('creates a hook from a legacy body: one event, no name; its event triggers it', async () => {
    const legacy = await client.POST('/api/hooks', {
      body: { event: 'User.Created', config: { url: receiver.url } } as never,
    });
    expect(legacy.response.status).toBe(201);
    expect(legacy.data).toMatchObject({ name: '', event: 'User.Created', events: ['User.Created'], enabled: true });

    const user = await client.POST('/api/users', { body: { username: 'legacy_hooked' } });
    expect(user.response.status).toBe(200);
    expect((await received()).map(({ event, hookId }) => ({ event, hookId }))).toEqual([
      { event: 'User.Created', hookId: legacy.data?.id },
    ]);
    await client.DELETE('/api/hooks/{id}', { params: { path: { id: legacy.data?.id ?? '' } } });
  });

  it('answers 400 hook.missing_events without events, and takes any text as the endpoint, as Logto does', async () => {
    const none = await client.POST('/api/hooks', { body: { name: 'Nothing', config: { url: receiver.url } } });
    expect(none.response.status).toBe(400);
    expect(none.error).toMatchObject({ code: 'hook.missing_events' });
    expect((await client.GET('/api/hooks')).data).toEqual([]);

    // Logto keeps the endpoint as written; a delivery to what is not an http(s) URL fails and is logged.
    const loose = await client.POST('/api/hooks', {
      body: { name: 'Loose', events: ['Role.Created'], config: { url: 'hooks.example.com/roles' } },
    });
    expect(loose.response.status).toBe(201);
    expect(loose.data?.config.url).toBe('hooks.example.com/roles');
    const role = await client.POST('/api/roles', { body: { name: 'loose-role', description: 'Loose' } });
    expect(role.response.status).toBe(200);
    await api.app.webhooks.idle();
    const logs = await client.GET('/api/hooks/{id}/recent-logs', {
      params: { path: { id: loose.data?.id ?? '' }, query: { page: 1, page_size: 5 } },
    });
    expect(logs.data?.map(({ key, payload }) => ({ key, result: payload.result }))).toEqual([
      { key: 'TriggerHook.Role.Created', result: 'Error' },
    ]);
    await client.DELETE('/api/hooks/{id}', { params: { path: { id: loose.data?.id ?? '' } } });
  });

  it("announces Role.Scopes.Updated when a role's permissions are given, at creation too, or taken", async () => {
    const hook = await client.POST('/api/hooks', {
      body: { name: 'Role scopes', events: ['Role.Scopes.Updated'], config: { url: receiver.url } },
    });
    const resource = await client.POST('/api/resources', {
      body: { name: 'Orders', indicator: 'https://orders.example.com/hooks' },
    });
    const scope = await client.POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: resource.data?.id ?? '' } },
      body: { name: 'read:orders', description: 'Read orders' },
    });
    const scopeId = scope.data?.id ?? '';
    const withScopes = await client.POST('/api/roles', {
      body: { name: 'order-reader', description: 'Reads orders', scopeIds: [scopeId] },
    });
    const plain = await client.POST('/api/roles', { body: { name: 'plain', description: 'No permissions' } });
    const roleId = plain.data?.id ?? '';
    const given = await client.POST('/api/roles/{id}/scopes', {
      params: { path: { id: roleId } },
      body: { scopeIds: [scopeId] },
    });
    expect(given.response.status).toBe(201);
    const taken = await client.DELETE('/api/roles/{id}/scopes/{scopeId}', {
      params: { path: { id: roleId, scopeId } },
    });
    expect(taken.response.status).toBe(204);

    expect((await received()).map(({ event, roleId: id, hookId }) => ({ event, roleId: id, hookId }))).toEqual([
      { event: 'Role.Scopes.Updated', roleId: withScopes.data?.id, hookId: hook.data?.id },
      { event: 'Role.Scopes.Updated', roleId, hookId: hook.data?.id },
      { event: 'Role.Scopes.Updated', roleId, hookId: hook.data?.id },
    ]);
    await client.DELETE('/api/hooks/{id}', { params: { path: { id: hook.data?.id ?? '' } } });
  });

  it('announces User.SuspensionStatus.Updated with the user when suspended and reinstated', async () => {
    const hook = await client.POST('/api/hooks', {
      body: { name: 'Suspensions', events: ['User.SuspensionStatus.Updated'], config: { url: receiver.url } },
    });
    const user = await client.POST('/api/users', { body: { username: 'suspended_one' } });
    const userId = user.data?.id ?? '';
    for (const isSuspended of [true, false]) {
      const answer = await client.PATCH('/api/users/{userId}/is-suspended', {
        params: { path: { userId } },
        body: { isSuspended },
      });
      expect(answer.response.status).toBe(200);
    }
    const bodies = await received();
    expect(bodies.map(({ event, userId: id, data }) => ({ event, userId: id, data }))).toEqual([
      {
        event: 'User.SuspensionStatus.Updated',
        userId,
        data: expect.objectContaining({ id: userId, isSuspended: true }),
      },
      {
        event: 'User.SuspensionStatus.Updated',
        userId,
        data: expect.objectContaining({ id: userId, isSuspended: false }),
      },
    ]);
    expect(JSON.stringify(bodies)).not.toContain('passwordEncrypted');
    await client.DELETE('/api/hooks/{id}', { params: { path: { id: hook.data?.id ?? '' } } });
  });
});
