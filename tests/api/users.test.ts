import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../../src/server/auth/token-verifier.js';
import { databases, useApi } from './harness.js';
import { type paths, type UsersClient, usersClient } from './user-sign-in.js';
import { inEventOrder, type Receiver, startReceiver } from './webhook-receiver.js';

type LogtoUser = paths['/api/users/{userId}']['get']['responses'][200]['content']['application/json'];
/** Every key Logto's GetUser answer requires. */
const logtoUserKeys = [
  'id',
  'username',
  'primaryEmail',
  'primaryPhone',
  'name',
  'avatar',
  'customData',
  'identities',
  'lastSignInAt',
  'createdAt',
  'updatedAt',
  'profile',
  'applicationId',
  'isSuspended',
] as const satisfies readonly (keyof LogtoUser)[];

describe.each(databases())('users on $name', (target) => {
  const api = useApi(target);
  let client: UsersClient;
  let receiver: Receiver<{ event: string; data: Record<string, unknown> }>;

  beforeAll(async () => {
    client = usersClient(await api.listen());
    receiver = await startReceiver<{ event: string; data: Record<string, unknown> }>();
  });
  afterAll(() => receiver?.close());

  const create = async (body: Record<string, unknown>) => {
    const { data, response, error } = await client.POST('/api/users', { body });
    if (response.status !== 200)
      throw new Error(`POST /api/users answered ${response.status}: ${JSON.stringify(error)}`);
    return data as NonNullable<typeof data>;
  };
  const path = (userId: string) => ({ params: { path: { userId } } });

  it('creates (200), reads, lists with Total-Number, replaces and deletes users', async () => {
    const ada = await create({
      username: 'ada',
      primaryEmail: 'ada@example.com',
      primaryPhone: '+44 20 7946 0018',
      name: 'Ada Lovelace',
      avatar: 'https://example.com/ada.png',
      customData: { team: 'math', level: 3 },
      profile: { givenName: 'Ada' },
    });
    expect(ada).toMatchObject({
      id: expect.stringMatching(/^[a-z0-9]{12}$/),
      username: 'ada',
      primaryEmail: 'ada@example.com',
      // Stored as Logto stores it: country code and national number, digits only.
      primaryPhone: '442079460018',
      hasPassword: false,
      isSuspended: false,
      customData: { team: 'math', level: 3 },
      profile: { givenName: 'Ada' },
      identities: {},
      lastSignInAt: null,
      applicationId: null,
      updatedAt: expect.any(Number),
    });
    for (const key of logtoUserKeys) expect(ada).toHaveProperty(key);
    await create({ username: 'grace' });
    const listed = await client.GET('/api/users', { params: { query: { page: 1, page_size: 1 } } });
    expect(listed.response.status).toBe(200);
    expect(listed.response.headers.get('total-number')).toBe('2');
    expect(listed.data?.map((user) => user.username)).toEqual(['grace']);
    expect((await client.GET('/api/users/{userId}', path(ada.id))).data).toEqual(ada);

    // PATCH replaces customData as a whole (the custom-data action merges).
    const patched = await client.PATCH('/api/users/{userId}', {
      ...path(ada.id),
      body: { name: 'Countess', customData: { level: 4 } },
    });
    expect(patched.response.status).toBe(200);
    expect(patched.data).toMatchObject({ name: 'Countess', customData: { level: 4 }, username: 'ada' });
    expect(patched.data?.updatedAt).toBeGreaterThanOrEqual(ada.updatedAt);

    expect((await client.DELETE('/api/users/{userId}', path(ada.id))).response.status).toBe(204);
    const gone = await client.GET('/api/users/{userId}', path(ada.id));
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ code: 'entity.not_found' });
    for (const missing of [
      client.PATCH('/api/users/{userId}', { ...path(ada.id), body: { name: 'x' } }),
      client.DELETE('/api/users/{userId}', path(ada.id)),
      client.GET('/api/users/{userId}/custom-data', path(ada.id)),
      client.PATCH('/api/users/{userId}/is-suspended', { ...path(ada.id), body: { isSuspended: true } }),
    ]) {
      const answer = await missing;
      expect(answer.response.status).toBe(404);
      expect(answer.error).toMatchObject({ code: 'entity.not_found' });
    }
  });

  it('keeps usernames, emails (any case) and phone numbers unique, with Logto’s codes and nothing written', async () => {
    const ada = await create({ username: 'ada', primaryEmail: 'Ada@Example.com', primaryPhone: '+15550100' });
    const clash = async (body: Record<string, unknown>, code: string) => {
      const { response, error } = await client.POST('/api/users', { body });
      expect(response.status).toBe(422);
      expect(error).toMatchObject({ code });
    };
    await clash({ username: 'ada' }, 'user.username_already_in_use');
    await clash({ username: 'ada2', primaryEmail: 'ada@example.COM' }, 'user.email_already_in_use');
    await clash({ username: 'ada3', primaryPhone: '+15550100' }, 'user.phone_already_in_use');
    expect(await api.count('users')).toBe(1);
    const grace = await create({ username: 'grace' });
    const renamed = await client.PATCH('/api/users/{userId}', { ...path(grace.id), body: { username: 'ada' } });
    expect(renamed.error).toMatchObject({ code: 'user.username_already_in_use' });
    expect((await client.GET('/api/users/{userId}', path(grace.id))).data?.username).toBe('grace');
    expect((await client.GET('/api/users/{userId}', path(ada.id))).data?.username).toBe('ada');
  });

  it('creates one user when two creates race for the same username: one 200, one 422', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => client.POST('/api/users', { body: { username: 'twin', password: 'Secret-2024' } })),
    );
    expect(answers.map((a) => a.response.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.response.status === 422)?.error).toMatchObject({
      code: 'user.username_already_in_use',
    });
    expect(await api.count('users')).toBe(1);
  });

  it('checks the formats of the spec: email, phone, username (400 guard.invalid_input)', async () => {
    for (const body of [
      { primaryEmail: 'not-an-email' },
      { primaryEmail: 'a b@example.com' },
      { primaryPhone: '555-CALL-NOW' },
      { username: '1starts_with_digit' },
      { avatar: 'not a url' },
    ]) {
      const { response, error } = await client.POST('/api/users', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(error).toMatchObject({ code: 'guard.invalid_input' });
    }
    expect(await api.count('users')).toBe(0);
    expect((await client.POST('/api/users', { body: { primaryPhone: '(555) 010-0100' } })).response.status).toBe(200);
  });

  it('merges the profile and the custom data through their actions', async () => {
    const user = await create({
      username: 'ada',
      profile: { givenName: 'Ada' },
      customData: { a: 1, nested: { x: 1 } },
    });
    const profile = await client.PATCH('/api/users/{userId}/profile', {
      ...path(user.id),
      body: { profile: { familyName: 'Lovelace' } },
    });
    expect(profile.response.status).toBe(200);
    expect(profile.data).toEqual({ givenName: 'Ada', familyName: 'Lovelace' });
    const customData = await client.PATCH('/api/users/{userId}/custom-data', {
      ...path(user.id),
      body: { customData: { b: 2, nested: { y: 2 } } },
    });
    expect(customData.data).toEqual({ a: 1, b: 2, nested: { y: 2 } });
    expect((await client.GET('/api/users/{userId}/custom-data', path(user.id))).data).toEqual(customData.data);
    const bad = await client.PATCH('/api/users/{userId}/custom-data', {
      ...path(user.id),
      body: { customData: [] as never },
    });
    expect(bad.response.status).toBe(400);
  });

  it('reads and updates the logto configs, keeping the flags not sent', async () => {
    const user = await create({ username: 'ada' });
    const initial = await client.GET('/api/users/{userId}/logto-configs', path(user.id));
    expect(initial.data).toEqual({
      mfa: { skipped: false, skipMfaOnSignIn: false },
      passkeySignIn: { skipped: false },
    });
    const mfa = await client.PATCH('/api/users/{userId}/logto-configs', {
      ...path(user.id),
      body: { mfa: { enabled: true, skipped: true } },
    });
    expect(mfa.data).toEqual({
      mfa: { enabled: true, skipped: true, skipMfaOnSignIn: false },
      passkeySignIn: { skipped: false },
    });
    const passkey = await client.PATCH('/api/users/{userId}/logto-configs', {
      ...path(user.id),
      body: { passkeySignIn: { skipped: true } },
    });
    expect(passkey.data).toEqual({
      mfa: { enabled: true, skipped: true, skipMfaOnSignIn: false },
      passkeySignIn: { skipped: true },
    });
    const bad = await client.PATCH('/api/users/{userId}/logto-configs', {
      ...path(user.id),
      body: { mfa: { enabled: 'yes' } } as never,
    });
    expect(bad.response.status).toBe(400);
  });

  it('answers the password expiration as Logto does without an expiration policy', async () => {
    const user = await create({ username: 'ada', password: 'Secret-2024' });
    const expire = await client.PATCH('/api/users/{userId}/password/expiration', {
      ...path(user.id),
      body: { isExpired: true },
    });
    expect(expire.response.status).toBe(400);
    expect(expire.error).toMatchObject({ code: 'sign_in_experiences.password_expiration_not_enabled' });
    const renew = await client.PATCH('/api/users/{userId}/password/expiration', {
      ...path(user.id),
      body: { isExpired: false },
    });
    expect(renew.response.status).toBe(200);
    expect(renew.data).toMatchObject({ id: user.id, isPasswordExpired: false });
  });

  it('announces User.Created, User.Data.Updated and User.Deleted without the password hash', async () => {
    const hook = await api.create('/api/hooks', {
      name: 'Users',
      events: ['User.Created', 'User.Data.Updated', 'User.Deleted'],
      config: { url: receiver.url },
    });
    receiver.bodies.length = 0;
    const user = await create({ username: 'ada', password: 'Secret-2024' });
    await client.PATCH('/api/users/{userId}/is-suspended', { ...path(user.id), body: { isSuspended: true } });
    await client.DELETE('/api/users/{userId}', path(user.id));
    await api.app.webhooks.idle();
    const bodies = inEventOrder(receiver.bodies);
    expect(bodies.map((r) => r.event)).toEqual(['User.Created', 'User.Data.Updated', 'User.Deleted']);
    for (const { data } of bodies) {
      expect(data).toMatchObject({ id: user.id, username: 'ada', hasPassword: true });
      expect(Object.keys(data)).not.toContain('passwordEncrypted');
    }
    expect(bodies[1]?.data.isSuspended).toBe(true);
    await api.delete(`/api/hooks/${hook.id}`);
  });
});

describe.each(databases())('users and scopes on $name', (target) => {
  // Tokens of the form `<scope> <scope>...`, issued to an application of the tenant.
  const verifier: TokenVerifier = {
    verify: async (token) => ({
      subject: 'ci',
      clientId: 'ci',
      scopes: decodeURIComponent(token).split(' ').filter(Boolean),
      issuerTenant: 'default',
    }),
  };
  const api = useApi(target, { app: { verifier } });
  const as = (scopes: string) => ({ authorization: `Bearer ${encodeURIComponent(scopes)}` });

  it('needs the management scope to list and to change users; a refused write changes nothing', async () => {
    const origin = await api.listen();
    const manager = usersClient(origin, '', as('all'));
    const other = usersClient(origin, '', as('openid profile'));
    const { data: user } = await manager.POST('/api/users', { body: { username: 'ada' } });
    const userId = user?.id ?? '';
    expect((await manager.GET('/api/users')).data).toHaveLength(1);
    expect((await other.GET('/api/users')).response.status).toBe(403);
    for (const write of [
      other.POST('/api/users', { body: { username: 'grace' } }),
      other.PATCH('/api/users/{userId}', { params: { path: { userId } }, body: { name: 'x' } }),
      other.PATCH('/api/users/{userId}/is-suspended', { params: { path: { userId } }, body: { isSuspended: true } }),
      other.DELETE('/api/users/{userId}', { params: { path: { userId } } }),
    ]) {
      expect((await write).response.status).toBe(403);
    }
    expect((await manager.GET('/api/users/{userId}', { params: { path: { userId } } })).data).toMatchObject({
      username: 'ada',
      name: null,
      isSuspended: false,
    });
    expect(await api.count('users')).toBe(1);
  });
});
