/**
 * A user's social identities, enterprise SSO identities and organizations, driven with a client typed by Logto's
 * Management API types: Logto's statuses, bodies and error codes.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { createUser } from './users.js';

const github = { userId: 'gh-1001', details: { id: 'gh-1001', name: 'Ada', email: 'ada@example.com' } };

describe.each(databases())('user identities on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newUser = async (username = 'ada', tenantId = 'default') =>
    (await createUser(api.db, tenantId, { username, password: 'Secret-2024' })).id;

  const putIdentity = (userId: string, target: string, body: { userId: string; details?: Record<string, unknown> }) =>
    client.PUT('/api/users/{userId}/identities/{target}', { params: { path: { userId, target } }, body });

  it('adds an identity (201), replaces it (200) and answers every identity of the user', async () => {
    const userId = await newUser();
    const added = await putIdentity(userId, 'github', github);
    expect(added.response.status).toBe(201);
    expect(added.data).toEqual({ github });

    const google = { userId: 'g-7' };
    expect((await putIdentity(userId, 'google', google)).data).toEqual({ github, google });

    const renamed = { ...github, details: { ...github.details, name: 'Ada L.' } };
    const replaced = await putIdentity(userId, 'github', renamed);
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toEqual({ github: renamed, google });

    const got = await client.GET('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'github' } },
    });
    expect(got.response.status).toBe(200);
    expect(got.data).toEqual({ identity: renamed });

    const user = await client.GET('/api/users/{userId}', { params: { path: { userId } } });
    expect(user.data?.identities).toEqual({ github: renamed, google });
  });

  it('lists social identities with their targets and no SSO identities in all-identities', async () => {
    const userId = await newUser();
    const empty = await client.GET('/api/users/{userId}/all-identities', { params: { path: { userId } } });
    expect(empty.response.status).toBe(200);
    expect(empty.data).toEqual({ socialIdentities: [], ssoIdentities: [] });

    await putIdentity(userId, 'github', github);
    const all = await client.GET('/api/users/{userId}/all-identities', { params: { path: { userId } } });
    expect(all.data).toEqual({ socialIdentities: [{ target: 'github', identity: github }], ssoIdentities: [] });
  });

  it('refuses an identity another user of the tenant holds (422), and writes nothing', async () => {
    const ada = await newUser('ada');
    const bob = await newUser('bob');
    await putIdentity(ada, 'github', github);
    const taken = await putIdentity(bob, 'github', { userId: github.userId });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'user.identity_already_in_use', message: expect.any(String) });
    expect((await client.GET('/api/users/{userId}', { params: { path: { userId: bob } } })).data?.identities).toEqual(
      {},
    );
    // The same platform user under another target is another identity.
    expect((await putIdentity(bob, 'gitlab', { userId: github.userId })).response.status).toBe(201);
  });

  it('keeps tenants apart: another tenant’s user is not found, and its identities block nothing', async () => {
    const outsider = await newUser('outsider', 'admin');
    await api.app.inject({
      method: 'PUT',
      url: `/t/admin/api/users/${outsider}/identities/github`,
      payload: github,
    });
    const missing = await putIdentity(outsider, 'github', github);
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'entity.not_found' });

    const local = await newUser('local');
    expect((await putIdentity(local, 'github', github)).response.status).toBe(201);
  });

  it('deletes an identity, answering the user, then answers 404 user.identity_not_exist', async () => {
    const userId = await newUser();
    await putIdentity(userId, 'github', github);
    await putIdentity(userId, 'google', { userId: 'g-7' });

    const deleted = await client.DELETE('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'github' } },
    });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({ id: userId, username: 'ada', identities: { google: { userId: 'g-7' } } });
    expect(deleted.data).not.toHaveProperty('passwordEncrypted');
    expect(deleted.data).not.toHaveProperty('mfaVerifications');

    const again = await client.DELETE('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'github' } },
    });
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'user.identity_not_exist' });

    const got = await client.GET('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'github' } },
    });
    expect(got.response.status).toBe(404);
    expect(got.error).toMatchObject({ code: 'user.identity_not_exist' });
    // A target named like an object's built-in property is an identity the user lacks as well.
    const proto = await client.GET('/api/users/{userId}/identities/{target}', {
      params: { path: { userId, target: 'constructor' } },
    });
    expect(proto.error).toMatchObject({ code: 'user.identity_not_exist' });
  });

  it('validates the identity body (400) and writes nothing', async () => {
    const userId = await newUser();
    const bad = [{}, { userId: 42 }, { userId: 'x', details: 'text' }, { userId: 'x', extra: true }];
    for (const body of bad) {
      const reply = await api.request('PUT', `/api/users/${userId}/identities/github`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_input');
    }
    expect((await client.GET('/api/users/{userId}', { params: { path: { userId } } })).data?.identities).toEqual({});
  });

  it('answers Logto’s not-found error when linking through a connector the tenant does not have', async () => {
    const userId = await newUser();
    const linked = await client.POST('/api/users/{userId}/identities', {
      params: { path: { userId } },
      body: { connectorId: 'github-connector', connectorData: { code: 'abc', state: 'xyz' } },
    });
    expect(linked.response.status).toBe(404);
    expect(linked.error).toMatchObject({ code: 'entity.not_found' });

    const invalid = await api.request('POST', `/api/users/${userId}/identities`, { connectorId: 'github-connector' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('guard.invalid_input');
  });

  it('answers 404 user.enterprise_sso_identity_not_exists for an SSO identity (no enterprise SSO yet)', async () => {
    const userId = await newUser();
    const sso = await client.GET('/api/users/{userId}/sso-identities/{ssoConnectorId}', {
      params: { path: { userId, ssoConnectorId: 'okta' } },
    });
    expect(sso.response.status).toBe(404);
    expect(sso.error).toMatchObject({
      code: 'user.enterprise_sso_identity_not_exists',
      message: expect.stringContaining('okta'),
    });
  });

  it('lists no organizations (no organizations yet)', async () => {
    const userId = await newUser();
    const organizations = await client.GET('/api/users/{userId}/organizations', { params: { path: { userId } } });
    expect(organizations.response.status).toBe(200);
    expect(organizations.data).toEqual([]);
  });

  it('answers 404 entity.not_found for a user that does not exist, on every operation', async () => {
    const path = { userId: 'nobody' };
    const replies = [
      await client.GET('/api/users/{userId}/identities/{target}', { params: { path: { ...path, target: 'github' } } }),
      await putIdentity('nobody', 'github', github),
      await client.DELETE('/api/users/{userId}/identities/{target}', {
        params: { path: { ...path, target: 'github' } },
      }),
      await client.POST('/api/users/{userId}/identities', {
        params: { path },
        body: { connectorId: 'github-connector', connectorData: {} },
      }),
      await client.GET('/api/users/{userId}/sso-identities/{ssoConnectorId}', {
        params: { path: { ...path, ssoConnectorId: 'okta' } },
      }),
      await client.GET('/api/users/{userId}/all-identities', { params: { path } }),
      await client.GET('/api/users/{userId}/organizations', { params: { path } }),
    ];
    for (const reply of replies) {
      expect(reply.response.status, reply.response.url).toBe(404);
      expect(reply.error, reply.response.url).toMatchObject({ code: 'entity.not_found' });
    }
  });
});
