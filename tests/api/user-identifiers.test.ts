/**
 * Logto's rules for a user's identifiers: phone numbers stored in one form however they are written, and usernames
 * that differ only by letter case where the tenant's username policy says so (taken, and found at sign-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, useApi } from './harness.js';
import { type RunningServer, startServer } from './oidc-helpers.js';
import { patchSignInExperience } from './sign-in-exp-helpers.js';
import { signInOnPage, type UsersClient, usersClient } from './user-sign-in.js';

describe.each(databases())('user identifiers on $name', (target) => {
  const api = useApi(target);
  let client: UsersClient;
  let origin: string;

  beforeAll(async () => {
    origin = await api.listen();
    client = usersClient(origin);
  });

  const create = async (body: Record<string, unknown>) => {
    const { data, response, error } = await client.POST('/api/users', { body });
    if (response.status !== 200)
      throw new Error(`POST /api/users answered ${response.status}: ${JSON.stringify(error)}`);
    return data as NonNullable<typeof data>;
  };
  const path = (userId: string) => ({ params: { path: { userId } } });

  it('stores phone numbers as Logto does: digits, the trunk zero dropped; one number however it is written', async () => {
    const au = await create({ username: 'bruce', primaryPhone: '+61 0412 345 678' });
    expect(au.primaryPhone).toBe('61412345678');
    const us = await create({ username: 'grace', primaryPhone: '1 (650) 253-0000' });
    expect(us.primaryPhone).toBe('16502530000');
    // The same number written another way is taken.
    const again = await client.POST('/api/users', { body: { username: 'bruce2', primaryPhone: '+61412345678' } });
    expect(again.response.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'user.phone_already_in_use' });
    const moved = await client.PATCH('/api/users/{userId}', {
      ...path(us.id),
      body: { primaryPhone: '+61 (0)412 345 678' },
    });
    expect(moved.response.status).toBe(422);
    // What no country's numbering can read is Logto's 422 user.invalid_phone, and nothing changes.
    const impossible = await client.POST('/api/users', { body: { username: 'nobody', primaryPhone: '+999 123' } });
    expect(impossible.response.status).toBe(422);
    expect(impossible.error).toMatchObject({ code: 'user.invalid_phone' });
    const kept = await client.PATCH('/api/users/{userId}', { ...path(au.id), body: { primaryPhone: '+0 12' } });
    expect(kept.response.status).toBe(422);
    expect((await client.GET('/api/users/{userId}', path(au.id))).data?.primaryPhone).toBe('61412345678');
    expect(await api.count('users')).toBe(2);
  });

  it('takes a username in another letter case as taken once the policy is case-insensitive', async () => {
    const casey = await create({ username: 'Casey' });
    // Case-sensitive (Logto's default): another case is another name.
    const other = await create({ username: 'casey' });
    expect((await client.DELETE('/api/users/{userId}', path(other.id))).response.status).toBe(204);
    const policy = await api.patch('/api/sign-in-exp', { usernamePolicy: { caseSensitive: false } });
    expect(policy.status).toBe(200);

    const taken = await client.POST('/api/users', { body: { username: 'CASEY' } });
    expect(taken.response.status).toBe(422);
    expect(taken.error).toMatchObject({ code: 'user.username_already_in_use' });
    const renamed = await create({ username: 'morgan' });
    const clash = await client.PATCH('/api/users/{userId}', { ...path(renamed.id), body: { username: 'cAsEy' } });
    expect(clash.response.status).toBe(422);
    // A user may change only the case of their own name.
    const own = await client.PATCH('/api/users/{userId}', { ...path(casey.id), body: { username: 'CASEY' } });
    expect(own.response.status).toBe(200);

    // Two names that differ only by case, written at once: one is taken.
    const racing = await Promise.all(
      ['Riley', 'riley', 'RILEY'].map((username) => client.POST('/api/users', { body: { username } })),
    );
    expect(racing.map(({ response }) => response.status).sort()).toEqual([200, 422, 422]);
    await api.patch('/api/sign-in-exp', { usernamePolicy: { caseSensitive: true } });
  });
});

describe.each(databases())('signing in by username on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  it('finds a user by their username in any letter case where the policy is case-insensitive', async () => {
    const admin = usersClient(server.origin, '/t/admin');
    const made = await admin.POST('/api/users', { body: { username: 'Jordan', password: 'correct-horse-42' } });
    expect(made.response.status).toBe(200);
    expect((await signInOnPage(server.origin, 'jordan', 'correct-horse-42')).submitted.status).toBe(400);
    await patchSignInExperience(server.origin, 'admin', { usernamePolicy: { caseSensitive: false } });
    expect((await signInOnPage(server.origin, 'jordan', 'correct-horse-42')).submitted.status).toBe(303);
    expect((await signInOnPage(server.origin, 'JORDAN', 'correct-horse-42')).submitted.status).toBe(303);
    expect((await signInOnPage(server.origin, 'Jordan', 'wrong-horse-42')).submitted.status).toBe(400);
  });
});
