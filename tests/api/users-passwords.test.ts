import { createHash, pbkdf2Sync } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { postForm, type RunningServer, startServer } from './oidc-helpers.js';
import { signInOnPage, type UsersClient, usersClient } from './user-sign-in.js';

const hex = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');
/** @node-rs/argon2's algorithm numbers. */
const argon2 = { Argon2d: 0, Argon2i: 1, Argon2id: 2 } as const;

/** A digest of `password` as another system would have stored it, for each algorithm Logto imports. */
const digests = async (password: string) => ({
  Argon2i: await argon2Hash(password, { algorithm: argon2.Argon2i }),
  Argon2id: await argon2Hash(password, { algorithm: argon2.Argon2id }),
  Argon2d: await argon2Hash(password, { algorithm: argon2.Argon2d }),
  SHA1: hex('sha1', password),
  SHA256: hex('sha256', password).toUpperCase(),
  MD5: hex('md5', password),
  Bcrypt: bcrypt.hashSync(password, 4),
  Legacy: JSON.stringify(['sha256', ['pepper', '@'], hex('sha256', `pepper${password}`)]),
});

describe.each(databases())('user passwords on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  /** The admin tenant's users: the console client there signs them in on the real sign-in page. */
  let admin: UsersClient;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    admin = usersClient(server.origin, '/t/admin');
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const stored = async (id: string) => {
    const { rows } = await db.query<{ password_encrypted: string | null; password_encryption_method: string | null }>(
      'SELECT password_encrypted, password_encryption_method FROM users WHERE id = $1',
      [id],
    );
    return rows[0];
  };
  const userCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;

  it('creates a user with a password (200): argon2id, never returned', async () => {
    const username = unique('ada_');
    const { data, response } = await admin.POST('/api/users', { body: { username, password: 'Secret-2024' } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ username, hasPassword: true });
    expect(JSON.stringify(data)).not.toMatch(/password(Encrypted|EncryptionMethod|Digest)|Secret-2024/);
    expect((await stored(data?.id ?? ''))?.password_encryption_method).toBe('Argon2id');
  });

  it("sets passwords the sign-in pages' policy would refuse, as Logto's Management API does; an empty one is 400", async () => {
    // The policy binds end users on the sign-in pages; an administrator sets what they choose.
    const { data: user, response } = await admin.POST('/api/users', {
      body: { username: unique('u'), password: 'short' },
    });
    expect(response.status).toBe(200);
    const userId = user?.id ?? '';
    expect((await signInOnPage(server.origin, user?.username ?? '', 'short')).submitted.status).toBe(303);

    const before = await userCount();
    const empty = await admin.POST('/api/users', { body: { username: unique('u'), password: '' } });
    expect(empty.response.status).toBe(400);
    expect(empty.error).toMatchObject({ code: 'guard.invalid_input' });
    expect(await userCount()).toBe(before);

    const hashBefore = await stored(userId);
    const cleared = await admin.PATCH('/api/users/{userId}/password', {
      params: { path: { userId } },
      body: { password: '' },
    });
    expect(cleared.response.status).toBe(400);
    expect(await stored(userId)).toEqual(hashBefore);
    const changed = await admin.PATCH('/api/users/{userId}/password', {
      params: { path: { userId } },
      body: { password: 'aaaaaaaa' },
    });
    expect(changed.response.status).toBe(200);
    expect((await signInOnPage(server.origin, user?.username ?? '', 'aaaaaaaa')).submitted.status).toBe(303);
  });

  it('verifies a password (204, or 422 session.invalid_credentials) and says whether the user has one', async () => {
    const { data: user } = await admin.POST('/api/users', { body: { username: unique('v'), password: 'Secret-2024' } });
    const { data: none } = await admin.POST('/api/users', { body: { username: unique('n') } });
    const verify = (userId: string, password: string) =>
      admin.POST('/api/users/{userId}/password/verify', { params: { path: { userId } }, body: { password } });
    expect((await verify(user?.id ?? '', 'Secret-2024')).response.status).toBe(204);
    const wrong = await verify(user?.id ?? '', 'Secret-2025');
    expect(wrong.response.status).toBe(422);
    expect(wrong.error).toMatchObject({ code: 'session.invalid_credentials' });
    expect((await verify(none?.id ?? '', 'Secret-2024')).error).toMatchObject({ code: 'session.invalid_credentials' });
    expect((await verify('missing', 'Secret-2024')).response.status).toBe(404);
    const has = (userId: string) => admin.GET('/api/users/{userId}/has-password', { params: { path: { userId } } });
    expect((await has(user?.id ?? '')).data).toEqual({ hasPassword: true });
    expect((await has(none?.id ?? '')).data).toEqual({ hasPassword: false });
  });

  it('imports a digest of every algorithm; the user signs in with the old password and it becomes argon2id', async () => {
    const password = 'Imported-pass-1';
    const all = await digests(password);
    let n = 0;
    for (const [algorithm, digest] of Object.entries(all)) {
      n += 1;
      const username = unique(`imp${n}_`);
      const email = `${username}@Example.com`;
      const phone = `+1555000${n}${n}${n}${n}`;
      const created = await admin.POST('/api/users', {
        body: {
          username,
          primaryEmail: email,
          primaryPhone: phone,
          passwordDigest: digest,
          passwordAlgorithm: algorithm as 'SHA256',
        },
      });
      expect(created.response.status, `${algorithm}: ${JSON.stringify(created.error)}`).toBe(200);
      const id = created.data?.id ?? '';
      expect((await stored(id))?.password_encryption_method).toBe(algorithm);

      const wrong = await signInOnPage(server.origin, username, 'Imported-pass-2');
      expect(wrong.submitted.status, algorithm).toBe(400);
      expect((await stored(id))?.password_encryption_method).toBe(algorithm);
      // Username and email (any case) name the account on the console's sign-in page (a phone number only where the
      // tenant's sign-in experience has phone sign-in, which the admin tenant's default does not).
      const identifier = [username, email.toLowerCase()][n % 2] ?? username;
      const signedIn = await signInOnPage(server.origin, identifier, password);
      expect(signedIn.submitted.status, `${algorithm} by ${identifier}: ${signedIn.submitted.text}`).toBe(303);
      expect(signedIn.tokens?.access_token).toBeTruthy();
      const rehashed = await stored(id);
      expect(rehashed?.password_encryption_method, algorithm).toBe('Argon2id');
      expect(rehashed?.password_encrypted).toMatch(/^\$argon2id\$/);
      expect((await signInOnPage(server.origin, username, password)).submitted.status).toBe(303);
    }
  });

  it('verifies an imported PBKDF2 legacy digest through the API, then keeps argon2id', async () => {
    const password = 'Legacy-pass-1';
    const derived = pbkdf2Sync(password, Buffer.from('a1b2', 'hex'), 1000, 32, 'sha256').toString('hex');
    const digest = JSON.stringify(['pbkdf2', ['hex:a1b2', '1000', '32', 'sha256', '@'], derived]);
    const created = await admin.POST('/api/users', {
      body: { username: unique('pb'), passwordDigest: digest, passwordAlgorithm: 'Legacy' },
    });
    expect(created.response.status).toBe(200);
    const userId = created.data?.id ?? '';
    const verify = (pw: string) =>
      admin.POST('/api/users/{userId}/password/verify', { params: { path: { userId } }, body: { password: pw } });
    expect((await verify('Legacy-pass-2')).response.status).toBe(422);
    expect((await verify(password)).response.status).toBe(204);
    expect((await stored(userId))?.password_encryption_method).toBe('Argon2id');
    expect((await verify(password)).response.status).toBe(204);
  });

  it('refuses an unknown algorithm, a digest not of its algorithm, a digest without one, or with a password (400)', async () => {
    const before = await userCount();
    const attempt = (body: Record<string, unknown>) =>
      admin.POST('/api/users', { body: { username: unique('bad'), ...body } as never });
    const cases: [Record<string, unknown>, string][] = [
      [{ passwordDigest: hex('sha256', 'x'), passwordAlgorithm: 'SHA512' }, 'guard.invalid_input'],
      [{ passwordDigest: hex('sha1', 'x'), passwordAlgorithm: 'SHA256' }, 'password.invalid_digest'],
      [{ passwordDigest: 'not-hex-at-all', passwordAlgorithm: 'MD5' }, 'password.invalid_digest'],
      [{ passwordDigest: '$2b$04$short', passwordAlgorithm: 'Bcrypt' }, 'password.invalid_digest'],
      [{ passwordDigest: hex('sha256', 'x'), passwordAlgorithm: 'Argon2id' }, 'password.invalid_digest'],
      [
        { passwordDigest: '["sha256", ["salt"], "abc"]', passwordAlgorithm: 'Legacy' },
        'password.invalid_legacy_password_format',
      ],
      [
        { passwordDigest: '["nohash", ["@"], "abc"]', passwordAlgorithm: 'Legacy' },
        'password.invalid_legacy_password_format',
      ],
      [{ passwordDigest: hex('md5', 'x') }, 'user.password_algorithm_required'],
      [
        { passwordDigest: hex('md5', 'x'), passwordAlgorithm: 'MD5', password: 'Secret-2024' },
        'user.password_and_digest',
      ],
    ];
    for (const [body, code] of cases) {
      const refused = await attempt(body);
      expect(refused.response.status, JSON.stringify(body)).toBe(400);
      expect(refused.error, JSON.stringify(body)).toMatchObject({ code });
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a suspended user at sign-in and ends their sessions and refresh tokens at once', async () => {
    const username = unique('sus');
    const { data: user } = await admin.POST('/api/users', { body: { username, password: 'Secret-2024' } });
    const userId = user?.id ?? '';
    const { tokens } = await signInOnPage(server.origin, username, 'Secret-2024');
    expect(tokens?.refresh_token).toBeTruthy();
    const refresh = () =>
      postForm(`${server.origin}/t/admin/oidc/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens?.refresh_token ?? '',
        client_id: 'admin-console',
      });
    const accountRows = () =>
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM oidc_model_instances WHERE payload->>'accountId' = $1`, [
        userId,
      ]);
    expect((await accountRows()).rows[0]?.n).toBeGreaterThan(0);

    const suspended = await admin.PATCH('/api/users/{userId}/is-suspended', {
      params: { path: { userId } },
      body: { isSuspended: true },
    });
    expect(suspended.response.status).toBe(200);
    expect(suspended.data).toMatchObject({ id: userId, isSuspended: true });
    expect((await accountRows()).rows[0]?.n).toBe(0);
    const refused = await refresh();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');

    const page = await signInOnPage(server.origin, username, 'Secret-2024');
    expect(page.submitted.status).toBe(403);
    expect(page.submitted.text).toContain('This account is suspended.');
    expect(page.tokens).toBeUndefined();

    await admin.PATCH('/api/users/{userId}/is-suspended', {
      params: { path: { userId } },
      body: { isSuspended: false },
    });
    expect((await signInOnPage(server.origin, username, 'Secret-2024')).submitted.status).toBe(303);
  });
});
