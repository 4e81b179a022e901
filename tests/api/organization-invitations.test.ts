/**
 * Organization invitations as Logto has them (`/api/organization-invitations`): created pending with the roles the
 * invitee receives, listed and filtered, accepted (the user joins with those roles) or revoked once, expired past
 * their expiry, and sent by email only through an email connector.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databases())('organization invitations on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newOrganization = async (name = 'Acme') =>
    (await client.POST('/api/organizations', { body: { name } })).data?.id ?? '';
  const newUser = async (username: string, primaryEmail?: string) => {
    const created = await client.POST('/api/users', { body: { username, primaryEmail } });
    expect(created.response.status).toBe(200);
    return created.data?.id ?? '';
  };
  const newRole = async (name: string) =>
    (await client.POST('/api/organization-roles', { body: { name, organizationScopeIds: [], resourceScopeIds: [] } }))
      .data?.id ?? '';
  const invite = (body: {
    organizationId: string;
    invitee: string;
    inviterId?: string;
    organizationRoleIds?: string[];
    expiresAt?: number;
    messagePayload?: false | Record<string, string>;
  }) =>
    client.POST('/api/organization-invitations', {
      body: { expiresAt: Date.now() + DAY, messagePayload: false, ...body },
    });
  const setStatus = (id: string, body: { status: 'Accepted' | 'Revoked'; acceptedUserId?: string }) =>
    client.PUT('/api/organization-invitations/{id}/status', { params: { path: { id } }, body });
  const expireStored = (id: string) =>
    api.db.query(`UPDATE organization_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);

  it('creates a pending invitation (201) carrying its roles by name, and reads it back', async () => {
    const org = await newOrganization();
    const inviter = await newUser('owner', 'owner@example.com');
    const [viewer, admin] = [await newRole('viewer'), await newRole('admin')];
    const expiresAt = Date.now() + 7 * DAY;
    const created = await invite({
      organizationId: org,
      invitee: 'alice@example.com',
      inviterId: inviter,
      organizationRoleIds: [viewer, admin],
      expiresAt,
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toEqual({
      tenantId: 'default',
      id: expect.any(String),
      inviterId: inviter,
      invitee: 'alice@example.com',
      acceptedUserId: null,
      organizationId: org,
      status: 'Pending',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      expiresAt,
      organizationRoles: [
        { id: admin, name: 'admin' },
        { id: viewer, name: 'viewer' },
      ],
    });
    const id = created.data?.id ?? '';
    const read = await client.GET('/api/organization-invitations/{id}', { params: { path: { id } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(created.data);
  });

  it('lists invitations newest first, filtered by organization, inviter and invitee', async () => {
    const [acme, globex] = [await newOrganization('Acme'), await newOrganization('Globex')];
    const inviter = await newUser('owner', 'owner@example.com');
    await invite({ organizationId: acme, invitee: 'a@example.com', inviterId: inviter });
    await invite({ organizationId: acme, invitee: 'b@example.com' });
    await invite({ organizationId: globex, invitee: 'a@example.com' });
    const list = async (query: { organizationId?: string; inviterId?: string; invitee?: string }) => {
      const reply = await client.GET('/api/organization-invitations', { params: { query } });
      expect(reply.response.status).toBe(200);
      return (reply.data ?? []).map((item) => `${item.invitee}@${item.organizationId === acme ? 'acme' : 'globex'}`);
    };
    expect(await list({})).toEqual(['a@example.com@globex', 'b@example.com@acme', 'a@example.com@acme']);
    expect(await list({ organizationId: acme })).toEqual(['b@example.com@acme', 'a@example.com@acme']);
    expect(await list({ inviterId: inviter })).toEqual(['a@example.com@acme']);
    expect(await list({ invitee: 'a@example.com', organizationId: globex })).toEqual(['a@example.com@globex']);
    expect(await list({ invitee: 'A@Example.COM' })).toEqual(['a@example.com@globex', 'a@example.com@acme']);
    // A lookup is not a write: an invitee that is no address finds nothing, an empty one filters nothing (Logto).
    expect(await list({ invitee: 'not an address' })).toEqual([]);
    expect(await list({ invitee: '', organizationId: globex })).toEqual(['a@example.com@globex']);
  });

  it('refuses a past expiry (400), an unknown organization or role (422), a member, and a second pending invitation', async () => {
    const org = await newOrganization();
    const past = await invite({ organizationId: org, invitee: 'a@example.com', expiresAt: Date.now() - 1000 });
    expect(past.response.status).toBe(400);
    expect(past.error).toMatchObject({ code: 'request.invalid_input' });

    const noOrg = await invite({ organizationId: 'missing', invitee: 'a@example.com' });
    expect(noOrg.response.status).toBe(422);
    expect(noOrg.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });
    const noRole = await invite({ organizationId: org, invitee: 'a@example.com', organizationRoleIds: ['missing'] });
    expect(noRole.response.status).toBe(422);
    expect(noRole.error).toMatchObject({ code: 'entity.relation_foreign_key_not_found' });

    const bad = await invite({ organizationId: org, invitee: 'not an email' });
    expect(bad.response.status).toBe(400);

    const member = await newUser('bob', 'bob@example.com');
    await client.POST('/api/organizations/{id}/users', { params: { path: { id: org } }, body: { userIds: [member] } });
    const already = await invite({ organizationId: org, invitee: 'BOB@example.com' });
    expect(already.response.status).toBe(422);
    expect(already.error).toMatchObject({ code: 'request.invalid_input' });

    expect((await invite({ organizationId: org, invitee: 'a@example.com' })).response.status).toBe(201);
    const twice = await invite({ organizationId: org, invitee: 'A@example.com' });
    expect(twice.response.status).toBe(422);
    expect(twice.error).toMatchObject({ code: 'entity.unique_integrity_violation' });
    expect(await api.count('organization_invitations')).toBe(1);
  });

  it('accepting makes the user a member with the invited roles, once', async () => {
    const org = await newOrganization();
    const [viewer, admin] = [await newRole('viewer'), await newRole('admin')];
    const alice = await newUser('alice', 'Alice@Example.com');
    const created = await invite({
      organizationId: org,
      invitee: 'alice@example.com',
      organizationRoleIds: [viewer, admin],
    });
    const id = created.data?.id ?? '';

    const noUser = await setStatus(id, { status: 'Accepted' });
    expect(noUser.response.status).toBe(422);
    expect(noUser.error).toMatchObject({ code: 'request.invalid_input' });
    const stranger = await newUser('mallory', 'mallory@example.com');
    const wrongUser = await setStatus(id, { status: 'Accepted', acceptedUserId: stranger });
    expect(wrongUser.response.status).toBe(422);
    expect(wrongUser.error).toMatchObject({ code: 'request.invalid_input' });

    const accepted = await setStatus(id, { status: 'Accepted', acceptedUserId: alice });
    expect(accepted.response.status).toBe(200);
    expect(accepted.data).toMatchObject({ id, status: 'Accepted', acceptedUserId: alice });
    expect(accepted.data?.updatedAt).toBeGreaterThanOrEqual(created.data?.updatedAt ?? 0);

    const members = await client.GET('/api/organizations/{id}/users', { params: { path: { id: org } } });
    expect(members.data?.map((user) => [user.id, user.organizationRoles.map((role) => role.name).sort()])).toEqual([
      [alice, ['admin', 'viewer']],
    ]);

    for (const status of ['Accepted', 'Revoked'] as const) {
      const again = await setStatus(id, { status, acceptedUserId: alice });
      expect(again.response.status).toBe(422);
      expect(again.error).toMatchObject({ code: 'request.invalid_input' });
    }
    const read = await client.GET('/api/organization-invitations/{id}', { params: { path: { id } } });
    expect(read.data?.status).toBe('Accepted');
  });

  it('revokes a pending invitation, which then cannot be accepted', async () => {
    const org = await newOrganization();
    const alice = await newUser('alice', 'alice@example.com');
    const id = (await invite({ organizationId: org, invitee: 'alice@example.com' })).data?.id ?? '';
    const revoked = await setStatus(id, { status: 'Revoked' });
    expect(revoked.response.status).toBe(200);
    expect(revoked.data).toMatchObject({ status: 'Revoked', acceptedUserId: null });
    const accepted = await setStatus(id, { status: 'Accepted', acceptedUserId: alice });
    expect(accepted.response.status).toBe(422);
    expect(await api.count('organization_user_relations')).toBe(0);
    // A revoked invitation is no longer pending: the invitee may be invited again.
    expect((await invite({ organizationId: org, invitee: 'alice@example.com' })).response.status).toBe(201);
  });

  it('reads a pending invitation past its expiry as Expired, which cannot be accepted but may be replaced', async () => {
    const org = await newOrganization();
    const alice = await newUser('alice', 'alice@example.com');
    const id = (await invite({ organizationId: org, invitee: 'alice@example.com' })).data?.id ?? '';
    await expireStored(id);
    const read = await client.GET('/api/organization-invitations/{id}', { params: { path: { id } } });
    expect(read.data?.status).toBe('Expired');
    const listed = await client.GET('/api/organization-invitations', { params: { query: { organizationId: org } } });
    expect(listed.data?.map((item) => item.status)).toEqual(['Expired']);

    const accepted = await setStatus(id, { status: 'Accepted', acceptedUserId: alice });
    expect(accepted.response.status).toBe(422);
    expect(accepted.error).toMatchObject({ code: 'request.invalid_input' });
    expect(await api.count('organization_user_relations')).toBe(0);

    const fresh = await invite({ organizationId: org, invitee: 'alice@example.com' });
    expect(fresh.response.status).toBe(201);
    const all = await client.GET('/api/organization-invitations', { params: { query: { organizationId: org } } });
    expect(all.data?.map((item) => item.status)).toEqual(['Pending', 'Expired']);
  });

  it('deletes an invitation (204) and its roles; a missing one is 404 entity.not_found', async () => {
    const org = await newOrganization();
    const role = await newRole('viewer');
    const id =
      (await invite({ organizationId: org, invitee: 'a@example.com', organizationRoleIds: [role] })).data?.id ?? '';
    const removed = await client.DELETE('/api/organization-invitations/{id}', { params: { path: { id } } });
    expect(removed.response.status).toBe(204);
    expect(await api.count('organization_invitation_role_relations')).toBe(0);
    for (const reply of [
      await client.GET('/api/organization-invitations/{id}', { params: { path: { id } } }),
      await client.DELETE('/api/organization-invitations/{id}', { params: { path: { id } } }),
      await setStatus(id, { status: 'Revoked' }),
    ]) {
      expect(reply.response.status).toBe(404);
      expect(reply.error).toMatchObject({ code: 'entity.not_found' });
    }
  });

  it('deleting the organization deletes its invitations', async () => {
    const org = await newOrganization();
    await invite({ organizationId: org, invitee: 'a@example.com' });
    await client.DELETE('/api/organizations/{id}', { params: { path: { id: org } } });
    expect(await api.count('organization_invitations')).toBe(0);
  });

  it('answers 501 connector.not_found when an email is asked for and no email connector is set up', async () => {
    const org = await newOrganization();
    const withEmail = await invite({
      organizationId: org,
      invitee: 'a@example.com',
      messagePayload: { link: 'https://x.example/accept' },
    });
    expect(withEmail.response.status).toBe(501);
    expect(withEmail.error).toMatchObject({ code: 'connector.not_found' });
    expect(await api.count('organization_invitations')).toBe(0);

    const id = (await invite({ organizationId: org, invitee: 'a@example.com' })).data?.id ?? '';
    const message = await client.POST('/api/organization-invitations/{id}/message', {
      params: { path: { id } },
      body: { link: 'https://x.example/accept' },
    });
    expect(message.response.status).toBe(501);
    expect(message.error).toMatchObject({ code: 'connector.not_found' });
    const missing = await client.POST('/api/organization-invitations/{id}/message', {
      params: { path: { id: 'missing' } },
      body: {},
    });
    expect(missing.response.status).toBe(404);
  });

  it("keeps each tenant's invitations to itself (404 from another tenant)", async () => {
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    const org = await newOrganization();
    const id = (await invite({ organizationId: org, invitee: 'a@example.com' })).data?.id ?? '';
    const other = `/t/acme/api/organization-invitations`;
    expect((await api.get(`${other}/${id}`)).status).toBe(404);
    expect((await api.get(other)).body).toEqual([]);
    expect((await api.request('PUT', `${other}/${id}/status`, { status: 'Revoked' })).status).toBe(404);
    expect((await api.delete(`${other}/${id}`)).status).toBe(404);
    const foreign = await api.post(other, {
      organizationId: org,
      invitee: 'b@example.com',
      expiresAt: Date.now() + DAY,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('entity.relation_foreign_key_not_found');
    expect((await client.GET('/api/organization-invitations/{id}', { params: { path: { id } } })).data?.status).toBe(
      'Pending',
    );
  });
});
