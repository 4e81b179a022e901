/**
 * A cloud tenant's members and invitations: an admin invites by email, the invitee finds the invitation and accepts
 * it (another account cannot: 403), and then works in the tenant as a collaborator, who reads and writes its data
 * but neither renames it nor invites; roles change and members leave, and a tenant always keeps an admin.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../src/generated/api.js';
import type { Database } from '../../src/server/db/database.js';
import { type ConsoleTokens, cloudAccount, cloudSignIn, tenantToken } from './cloud-accounts.js';
import { databases, unique } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';

describe.each(databases())('cloud tenant members on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let owner: ConsoleTokens;
  let member: ConsoleTokens;
  let stranger: ConsoleTokens;
  const memberEmail = `${unique('member')}@example.com`;

  const cloudApi = (tokens: ConsoleTokens) =>
    createClient<paths>({
      baseUrl: `${server.origin}/t/admin`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
  const newTenant = async (name: string) => {
    const { data } = await cloudApi(owner).POST('/api/tenants', { body: { name } as never });
    return (data as { id: string }).id;
  };
  const invite = (tenantId: string, invitee: string[], roleName: 'admin' | 'collaborator' = 'collaborator') =>
    cloudApi(owner).POST('/api/tenants/{id}/invitations', {
      params: { path: { id: tenantId } },
      body: { invitee, roleName } as never,
    });

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db, { edition: 'cloud', verifier: 'identity' });
    owner = await cloudSignIn(server.origin, unique('owner_'), { register: true });
    member = await cloudAccount(server.origin, db, unique('member_'), memberEmail);
    stranger = await cloudAccount(server.origin, db, unique('stranger_'), `${unique('stranger')}@example.com`);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('invites by email; only the invitee accepts, and then works in the tenant as a collaborator', async () => {
    const tenantId = await newTenant('Shared');
    const invited = await invite(tenantId, [memberEmail.toUpperCase()]);
    expect(invited.response.status).toBe(201);
    const [invitation] = invited.data as { id: string; status: string }[];
    expect(invitation).toMatchObject({ status: 'Pending', invitee: memberEmail });

    const received = (await cloudApi(member).GET('/api/invitations')).data as { id: string; tenantName: string }[];
    expect(received).toEqual([expect.objectContaining({ id: invitation?.id, tenantId, tenantName: 'Shared' })]);
    const path = { params: { path: { id: invitation?.id as string } } };
    const foreign = await cloudApi(stranger).PATCH('/api/invitations/{id}/status', {
      ...path,
      body: { status: 'Accepted' },
    });
    expect(foreign.response.status).toBe(403);
    expect((foreign.error as { code: string }).code).toBe('tenant_invitation.email_mismatch');

    const accepted = await cloudApi(member).PATCH('/api/invitations/{id}/status', {
      ...path,
      body: { status: 'Accepted' },
    });
    expect(accepted.response.status).toBe(200);
    const tenants = (await cloudApi(member).GET('/api/tenants')).data as { id: string; role: string }[];
    expect(tenants).toEqual([expect.objectContaining({ id: tenantId, role: 'collaborator' })]);

    // The collaborator's token reads and writes the tenant's data.
    const answer = await tenantToken(server.origin, member, tenantId);
    expect(answer.status).toBe(200);
    const data = createClient<paths>({
      baseUrl: `${server.origin}/t/${tenantId}`,
      headers: { authorization: `Bearer ${answer.body.access_token}` },
    });
    expect(
      (await data.POST('/api/roles', { body: { name: 'support', description: 'x' } as never })).response.status,
    ).toBe(200);
    // Not the tenant's settings or its members.
    const tenantPath = { params: { path: { id: tenantId } } };
    expect(
      (await cloudApi(member).PATCH('/api/tenants/{id}', { ...tenantPath, body: { name: 'Mine' } })).response.status,
    ).toBe(403);
    const memberInvites = await cloudApi(member).POST('/api/tenants/{id}/invitations', {
      ...tenantPath,
      body: { invitee: ['x@example.com'], roleName: 'admin' } as never,
    });
    expect(memberInvites.response.status).toBe(403);
    // A collaborator reads the members, and its own permissions hold no tenant management.
    const members = (await cloudApi(member).GET('/api/tenants/{id}/members', tenantPath)).data as {
      id: string;
      primaryEmail: string | null;
    }[];
    const self = members.find((entry) => entry.primaryEmail === memberEmail) as { id: string };
    const own = await cloudApi(member).GET('/api/tenants/{id}/members/{userId}/scopes', {
      params: { path: { id: tenantId, userId: self.id } },
    });
    const names = (own.data as { name: string }[]).map((scope) => scope.name).sort();
    expect(names).toEqual(['delete:data', 'read:data', 'read:member', 'write:data']);
  });

  it('changes roles and removes members, keeping the last admin', async () => {
    const tenantId = await newTenant('Roles');
    const tenantPath = { params: { path: { id: tenantId } } };
    const [invitation] = (await invite(tenantId, [memberEmail])).data as { id: string }[];
    await cloudApi(member).PATCH('/api/invitations/{id}/status', {
      params: { path: { id: invitation?.id as string } },
      body: { status: 'Accepted' },
    });
    const members = (await cloudApi(owner).GET('/api/tenants/{id}/members', tenantPath)).data as {
      id: string;
      role: string;
      primaryEmail: string | null;
    }[];
    const admin = members.find((m) => m.role === 'admin') as { id: string };
    const joined = members.find((m) => m.primaryEmail === memberEmail) as { id: string };
    expect(members.map((m) => m.role).sort()).toEqual(['admin', 'collaborator']);

    const memberPath = (userId: string) => ({ params: { path: { id: tenantId, userId } } });
    const lastAdmin = await cloudApi(owner).PUT('/api/tenants/{id}/members/{userId}/roles', {
      ...memberPath(admin.id),
      body: { roleName: 'collaborator' },
    });
    expect(lastAdmin.response.status).toBe(422);
    expect((lastAdmin.error as { code: string }).code).toBe('tenant_member.last_admin');

    const promoted = await cloudApi(owner).PUT('/api/tenants/{id}/members/{userId}/roles', {
      ...memberPath(joined.id),
      body: { roleName: 'admin' },
    });
    expect(promoted.response.status).toBe(200);
    const scopes = (await cloudApi(member).GET('/api/tenants/{id}/members/{userId}/scopes', memberPath(joined.id)))
      .data as { name: string }[];
    expect(scopes.map((s) => s.name)).toContain('manage:tenant');

    expect(
      (await cloudApi(owner).DELETE('/api/tenants/{id}/members/{userId}', memberPath(joined.id))).response.status,
    ).toBe(204);
    expect((await tenantToken(server.origin, member, tenantId)).status).toBe(403);
    expect(
      (await cloudApi(owner).DELETE('/api/tenants/{id}/members/{userId}', memberPath(admin.id))).response.status,
    ).toBe(422);
  });

  it('keeps an admin when two admins demote each other at the same moment', async () => {
    const tenantId = await newTenant('Race');
    const [invitation] = (await invite(tenantId, [memberEmail], 'admin')).data as { id: string }[];
    await cloudApi(member).PATCH('/api/invitations/{id}/status', {
      params: { path: { id: invitation?.id as string } },
      body: { status: 'Accepted' },
    });
    const tenantPath = { params: { path: { id: tenantId } } };
    const members = (await cloudApi(owner).GET('/api/tenants/{id}/members', tenantPath)).data as {
      id: string;
      role: string;
    }[];
    expect(members.map((entry) => entry.role)).toEqual(['admin', 'admin']);
    const [first, second] = members as { id: string }[];
    const demote = (tokens: ConsoleTokens, userId: string) =>
      cloudApi(tokens).PUT('/api/tenants/{id}/members/{userId}/roles', {
        params: { path: { id: tenantId, userId } },
        body: { roleName: 'collaborator' },
      });
    // The owner is the first member: each demotes the other.
    const answers = await Promise.all([demote(owner, second?.id as string), demote(member, first?.id as string)]);
    expect(answers.filter((answer) => answer.response.status === 200)).toHaveLength(1);
    const after = (await cloudApi(owner).GET('/api/tenants/{id}/members', tenantPath)).data as { role: string }[];
    expect(after.filter((entry) => entry.role === 'admin')).toHaveLength(1);
  });
});
