/**
 * `POST /api/sign-in-exp/default/check-password` with every rejection of the tenant's password policy: breached
 * passwords from a range API speaking Have I Been Pwned's protocol, and the user's own information when `userId`
 * names a user. Driven with the `@logto/api` types.
 */
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, unique, useApi } from './harness.js';
import { startPwnedRangeServer } from './pwned-range-server.js';

const BREACHED = 'Kx7#pLm.Wq2z';
const range = await startPwnedRangeServer([BREACHED]);
afterAll(() => range.close());

describe.each(databases())('check-password on $name', (target) => {
  const api = useApi(target, { app: { pwnedRangeUrl: range.url } });
  let client: Client<paths>;
  const check = (password: string, userId?: string) =>
    client.POST('/api/sign-in-exp/default/check-password', { body: { password, ...(userId ? { userId } : {}) } });

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  beforeEach(async () => {
    const changed = await client.PATCH('/api/sign-in-exp', {
      body: {
        passwordPolicy: {
          length: { min: 8, max: 64 },
          characterTypes: { min: 2 },
          rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: ['acme'] },
        },
      },
    });
    expect(changed.response.status).toBe(200);
  });

  it('answers every rejection, in the order Logto checks them', async () => {
    expect((await check(BREACHED)).error).toEqual({ result: false, issues: [{ code: 'password_rejected.pwned' }] });
    expect((await check('abcdefgh')).error).toEqual({
      result: false,
      issues: [
        { code: 'password_rejected.character_types', interpolation: { min: 2 } },
        { code: 'password_rejected.restricted.sequence' },
      ],
    });
    expect((await check('AcmeAcme1')).error).toEqual({
      result: false,
      issues: [{ code: 'password_rejected.restricted.words' }],
    });
    expect((await check('Zq7-wLp#2')).data).toEqual({ result: true });
    expect(range.asked.length).toBeGreaterThan(0);
  });

  it("counts the named user's name, username and email as user information", async () => {
    const username = unique('jane_');
    const { data: user } = await client.POST('/api/users', {
      body: { username, name: 'Ada Lovelace', primaryEmail: 'countess.ada@example.com' },
    });
    const userId = user?.id ?? '';
    // The generated username may hold a run such as "abc" too, refused as a sequence besides.
    expect((await check(`${username}1`, userId)).error).toEqual({
      result: false,
      issues: expect.arrayContaining([{ code: 'password_rejected.restricted.user_info' }]),
    });
    expect((await check('AdaLovelace1', userId)).error).toMatchObject({
      issues: [{ code: 'password_rejected.restricted.user_info' }],
    });
    expect((await check('Countess.Ada!', userId)).error).toMatchObject({
      issues: [{ code: 'password_rejected.restricted.user_info' }],
    });
    // Without a user, the same password is only a password.
    expect((await check('AdaLovelace1')).data).toEqual({ result: true });
  });
});
