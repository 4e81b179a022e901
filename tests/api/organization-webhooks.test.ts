/**
 * The organization webhooks, with Logto's payloads: Organization.Created / Data.Updated / Deleted, the same for
 * organization roles and permissions (`data` is the record), and Organization.Membership.Updated (`organizationId`
 * with `addedUserIds` / `removedUserIds` at the top) when members are added, replaced or removed and when an
 * invitation is accepted, or machine-to-machine apps join or leave (`addedApplicationIds` / `removedApplicationIds`),
 * and OrganizationRole.Scopes.Updated (`organizationRoleId`) when a role's organization permissions change.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { SIGNATURE_HEADER, sign } from '../../src/server/webhooks/dispatcher.js';
import { databases, useApi } from './harness.js';
import { inEventOrder } from './webhook-receiver.js';

interface Delivery {
  signature: string | undefined;
  body: string;
}

/** A local endpoint recording every delivery it receives. */
const startReceiver = async () => {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ signature: request.headers[SIGNATURE_HEADER] as string | undefined, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
};

describe.each(databases())('organization webhooks on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const subscribe = async (events: string[]) => {
    const hook = await client.POST('/api/hooks', {
      body: { name: 'Organizations', events: events as never, config: { url: receiver.url } },
    });
    expect(hook.response.status).toBe(201);
    return { id: hook.data?.id ?? '', signingKey: hook.data?.signingKey ?? '' };
  };
  /**
   * The payloads received so far (after the deliveries in flight), in the order of their events' times (deliveries
   * go out side by side and may arrive in another order), without those times.
   */
  const payloads = async () => {
    await api.app.webhooks.idle();
    return inEventOrder(receiver.received.map((delivery) => JSON.parse(delivery.body))).map(
      ({ createdAt, ...payload }) => {
        expect(new Date(createdAt).getTime()).toBeGreaterThan(0);
        return payload;
      },
    );
  };
  const newUser = async (username: string, primaryEmail?: string) =>
    (await client.POST('/api/users', { body: { username, primaryEmail } })).data?.id ?? '';

  it('announces organizations, organization roles and permissions created, updated and deleted', async () => {
    const hook = await subscribe([
      'Organization.Created',
      'Organization.Data.Updated',
      'Organization.Deleted',
      'OrganizationRole.Created',
      'OrganizationRole.Data.Updated',
      'OrganizationRole.Deleted',
      'OrganizationScope.Created',
      'OrganizationScope.Data.Updated',
      'OrganizationScope.Deleted',
    ]);
    const org = (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data;
    const id = org?.id ?? '';
    await client.PATCH('/api/organizations/{id}', { params: { path: { id } }, body: { description: 'Rockets' } });
    await client.DELETE('/api/organizations/{id}', { params: { path: { id } } });
    const scope = (await client.POST('/api/organization-scopes', { body: { name: 'read:docs' } })).data;
    const scopeId = scope?.id ?? '';
    await client.PATCH('/api/organization-scopes/{id}', {
      params: { path: { id: scopeId } },
      body: { description: 'Read' },
    });
    const role = (
      await client.POST('/api/organization-roles', {
        body: { name: 'viewer', organizationScopeIds: [scopeId], resourceScopeIds: [] },
      })
    ).data;
    const roleId = role?.id ?? '';
    await client.PATCH('/api/organization-roles/{id}', { params: { path: { id: roleId } }, body: { name: 'reader' } });
    await client.DELETE('/api/organization-roles/{id}', { params: { path: { id: roleId } } });
    await client.DELETE('/api/organization-scopes/{id}', { params: { path: { id: scopeId } } });

    const received = await payloads();
    expect(received.map((payload) => payload.event)).toEqual([
      'Organization.Created',
      'Organization.Data.Updated',
      'Organization.Deleted',
      'OrganizationScope.Created',
      'OrganizationScope.Data.Updated',
      'OrganizationRole.Created',
      'OrganizationRole.Data.Updated',
      'OrganizationRole.Deleted',
      'OrganizationScope.Deleted',
    ]);
    expect(received[0]).toEqual({ hookId: hook.id, event: 'Organization.Created', data: org });
    expect(received[1].data).toMatchObject({ id, name: 'Acme', description: 'Rockets' });
    expect(received[2].data).toMatchObject({ id, name: 'Acme' });
    expect(received[3].data).toEqual(scope);
    expect(received[5].data).toMatchObject({ id: roleId, name: 'viewer', type: 'User' });
    expect(received[6].data).toMatchObject({ id: roleId, name: 'reader' });
    for (const delivery of receiver.received) expect(delivery.signature).toBe(sign(hook.signingKey, delivery.body));
  });

  it('announces membership changes with the users added and removed', async () => {
    const hook = await subscribe(['Organization.Membership.Updated']);
    const id = (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data?.id ?? '';
    const [alice, bob, carol] = [await newUser('alice'), await newUser('bob'), await newUser('carol')];
    const path = { params: { path: { id } } };
    await client.POST('/api/organizations/{id}/users', { ...path, body: { userIds: [alice, bob] } });
    // Alice is a member already: only Carol is added.
    await client.POST('/api/organizations/{id}/users', { ...path, body: { userIds: [alice, carol] } });
    await client.PUT('/api/organizations/{id}/users', { ...path, body: { userIds: [carol] } });
    await client.DELETE('/api/organizations/{id}/users/{userId}', { params: { path: { id, userId: carol } } });
    // A refused change announces nothing.
    await client.POST('/api/organizations/{id}/users', { ...path, body: { userIds: ['missing'] } });

    const event = 'Organization.Membership.Updated';
    const received = await payloads();
    expect(received).toHaveLength(4);
    expect(received[0]).toEqual({ hookId: hook.id, event, organizationId: id, addedUserIds: [alice, bob] });
    expect(received[1]).toEqual({ hookId: hook.id, event, organizationId: id, addedUserIds: [carol] });
    expect(received[2]).toEqual({ hookId: hook.id, event, organizationId: id, removedUserIds: expect.any(Array) });
    expect([...received[2].removedUserIds].sort()).toEqual([alice, bob].sort());
    expect(received[3]).toEqual({ hookId: hook.id, event, organizationId: id, removedUserIds: [carol] });
  });

  it('announces the membership of a user accepting an invitation, and nothing for a revoked one', async () => {
    const hook = await subscribe(['Organization.Membership.Updated']);
    const id = (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data?.id ?? '';
    const alice = await newUser('alice', 'alice@example.com');
    const invite = async (invitee: string) =>
      (
        await client.POST('/api/organization-invitations', {
          body: { organizationId: id, invitee, expiresAt: Date.now() + 60_000, messagePayload: false },
        })
      ).data?.id ?? '';
    const revoked = await invite('bob@example.com');
    await client.PUT('/api/organization-invitations/{id}/status', {
      params: { path: { id: revoked } },
      body: { status: 'Revoked' },
    });
    const accepted = await invite('alice@example.com');
    const reply = await client.PUT('/api/organization-invitations/{id}/status', {
      params: { path: { id: accepted } },
      body: { status: 'Accepted', acceptedUserId: alice },
    });
    expect(reply.response.status).toBe(200);
    expect(await payloads()).toEqual([
      { hookId: hook.id, event: 'Organization.Membership.Updated', organizationId: id, addedUserIds: [alice] },
    ]);
  });

  it("announces an organization role's permissions changing, with the role's id", async () => {
    const hook = await subscribe(['OrganizationRole.Scopes.Updated']);
    const scopeIds = await Promise.all(
      ['read:docs', 'write:docs'].map(
        async (name) => (await client.POST('/api/organization-scopes', { body: { name } })).data?.id ?? '',
      ),
    );
    const [read, write] = scopeIds as [string, string];
    const granted = await client.POST('/api/organization-roles', {
      body: { name: 'editor', organizationScopeIds: [read], resourceScopeIds: [] },
    });
    const id = granted.data?.id ?? '';
    // A role created without permissions announces nothing.
    await client.POST('/api/organization-roles', {
      body: { name: 'guest', organizationScopeIds: [], resourceScopeIds: [] },
    });
    const path = { params: { path: { id } } };
    await client.POST('/api/organization-roles/{id}/scopes', {
      ...path,
      body: { organizationScopeIds: [write] },
      parseAs: 'text',
    });
    await client.PUT('/api/organization-roles/{id}/scopes', { ...path, body: { organizationScopeIds: [write] } });
    await client.DELETE('/api/organization-roles/{id}/scopes/{organizationScopeId}', {
      params: { path: { id, organizationScopeId: write } },
    });
    // A refused change announces nothing.
    const refused = await client.POST('/api/organization-roles/{id}/scopes', {
      ...path,
      body: { organizationScopeIds: ['missing'] },
      parseAs: 'text',
    });
    expect(refused.response.status).toBe(422);

    const event = 'OrganizationRole.Scopes.Updated';
    expect(await payloads()).toEqual(
      Array.from({ length: 4 }, () => ({ hookId: hook.id, event, organizationRoleId: id })),
    );
  });

  it('announces machine-to-machine apps joining and leaving an organization', async () => {
    const hook = await subscribe(['Organization.Membership.Updated']);
    const id = (await client.POST('/api/organizations', { body: { name: 'Acme' } })).data?.id ?? '';
    const app = async (name: string) =>
      (await client.POST('/api/applications', { body: { name, type: 'MachineToMachine' } })).data?.id ?? '';
    const [billing, reports] = [await app('Billing'), await app('Reports')];
    const path = { params: { path: { id } } };
    await client.POST('/api/organizations/{id}/applications', {
      ...path,
      body: { applicationIds: [billing] },
      parseAs: 'text',
    });
    await client.PUT('/api/organizations/{id}/applications', { ...path, body: { applicationIds: [reports] } });
    await client.DELETE('/api/organizations/{id}/applications/{applicationId}', {
      params: { path: { id, applicationId: reports } },
    });

    const event = 'Organization.Membership.Updated';
    expect(await payloads()).toEqual([
      { hookId: hook.id, event, organizationId: id, addedApplicationIds: [billing] },
      {
        hookId: hook.id,
        event,
        organizationId: id,
        addedApplicationIds: [reports],
        removedApplicationIds: [billing],
      },
      { hookId: hook.id, event, organizationId: id, removedApplicationIds: [reports] },
    ]);
  });
});
