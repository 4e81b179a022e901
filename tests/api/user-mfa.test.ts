/**
 * A user's MFA verifications, driven with a client typed by Logto's Management API types: TOTP and backup code
 * factors are added with their secrets shown once, listed without them, and never appear on the user.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
// `@logto/api` exports only `./management`, which does not re-export `paths`; its generated types are read directly.
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';
import { createUser } from './users.js';

const BASE32_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `${i}a${i}b${i}c${i}d${i}e`);

describe.each(databases())('user MFA verifications on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });

  const newUser = async (username = 'ada') =>
    (await createUser(api.db, 'default', { username, password: 'Secret-2024' })).id;
  const path = (userId: string) => ({ params: { path: { userId } } });
  const addTotp = (userId: string, secret?: string) =>
    client.POST('/api/users/{userId}/mfa-verifications', {
      ...path(userId),
      body: { type: 'Totp', ...(secret === undefined ? {} : { secret }) },
    });
  const addBackupCodes = (userId: string, sent?: string[]) =>
    client.POST('/api/users/{userId}/mfa-verifications', {
      ...path(userId),
      body: { type: 'BackupCode', ...(sent ? { codes: sent } : {}) },
    });
  const list = async (userId: string) => {
    const listed = await client.GET('/api/users/{userId}/mfa-verifications', path(userId));
    expect(listed.response.status).toBe(200);
    return listed.data ?? [];
  };

  it('adds a TOTP factor with a generated base32 secret and its QR code, listed without the secret', async () => {
    const userId = await newUser();
    expect(await list(userId)).toEqual([]);

    const added = await addTotp(userId);
    expect(added.response.status).toBe(200);
    const answer = added.data as { type: string; secret: string; secretQrCode: string };
    expect(answer.type).toBe('Totp');
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answer.secretQrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(answer.secretQrCode.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const listed = await list(userId);
    expect(listed).toEqual([
      { id: expect.stringMatching(/^[a-z0-9]{21}$/), createdAt: expect.any(String), type: 'Totp' },
    ]);
    expect(new Date(listed[0]?.createdAt ?? '').toISOString()).toBe(listed[0]?.createdAt);
    expect(JSON.stringify(listed)).not.toContain(answer.secret);
  });

  it('keeps the secret it is given, refuses an invalid one and a second TOTP factor (422)', async () => {
    const userId = await newUser();
    for (const secret of ['short', 'not-base32-at-all-0189', 'A'.repeat(40)]) {
      const refused = await addTotp(userId, secret);
      expect(refused.response.status, secret).toBe(422);
      expect(refused.error).toMatchObject({ code: 'user.totp_secret_invalid' });
    }
    expect(await list(userId)).toEqual([]);

    const added = await addTotp(userId, BASE32_SECRET);
    expect(added.data).toMatchObject({ type: 'Totp', secret: BASE32_SECRET });

    const second = await addTotp(userId);
    expect(second.response.status).toBe(422);
    expect(second.error).toMatchObject({ code: 'user.totp_already_in_use' });
    expect(await list(userId)).toHaveLength(1);
  });

  it('refuses backup codes as the only factor (422 session.mfa.backup_code_can_not_be_alone)', async () => {
    const userId = await newUser();
    const alone = await addBackupCodes(userId);
    expect(alone.response.status).toBe(422);
    expect(alone.error).toMatchObject({ code: 'session.mfa.backup_code_can_not_be_alone' });
    expect(await list(userId)).toEqual([]);
  });

  it('adds ten generated backup codes beside a TOTP factor, listed as the number of codes left', async () => {
    const userId = await newUser();
    await addTotp(userId);
    const added = await addBackupCodes(userId);
    expect(added.response.status).toBe(200);
    const answer = added.data as { type: string; codes: string[] };
    expect(answer.type).toBe('BackupCode');
    expect(answer.codes).toHaveLength(10);
    for (const code of answer.codes) expect(code).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(answer.codes).size).toBe(10);

    const listed = await list(userId);
    expect(listed.map((verification) => verification.type)).toEqual(['Totp', 'BackupCode']);
    expect(listed[1]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      type: 'BackupCode',
      remainCodes: 10,
    });

    const second = await addBackupCodes(userId);
    expect(second.response.status).toBe(422);
    expect(second.error).toMatchObject({ code: 'user.backup_code_already_in_use' });
  });

  it('keeps the backup codes it is given, refusing malformed ones (422)', async () => {
    const userId = await newUser();
    await addTotp(userId);
    for (const sent of [codes.slice(0, 9), [...codes.slice(0, 9), 'not-hex!!!'], [...codes.slice(0, 9), 'abc']]) {
      const refused = await addBackupCodes(userId, sent);
      expect(refused.response.status).toBe(422);
      expect(refused.error).toMatchObject({ code: 'user.wrong_backup_code_format' });
    }
    const added = await addBackupCodes(userId, codes);
    expect(added.data).toEqual({ type: 'BackupCode', codes });
  });

  it('validates the body (400): an unknown type, a secret that is not a string', async () => {
    const userId = await newUser();
    for (const body of [{}, { type: 'WebAuthn' }, { type: 'Totp', secret: 42 }, { type: 'Totp', other: 1 }]) {
      const reply = await api.request('POST', `/api/users/${userId}/mfa-verifications`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('guard.invalid_input');
    }
    expect(await list(userId)).toEqual([]);
  });

  it('deletes a verification (204), then answers 404 entity.not_found for it', async () => {
    const userId = await newUser();
    await addTotp(userId);
    await addBackupCodes(userId);
    const [totp, backup] = await list(userId);
    const remove = (verificationId: string) =>
      client.DELETE('/api/users/{userId}/mfa-verifications/{verificationId}', {
        params: { path: { userId, verificationId } },
      });

    const deleted = await remove(totp?.id ?? '');
    expect(deleted.response.status).toBe(204);
    expect(await list(userId)).toEqual([backup]);

    const again = await remove(totp?.id ?? '');
    expect(again.response.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'entity.not_found' });
  });

  it('never shows secrets on the user, nor anything of the factors', async () => {
    const userId = await newUser();
    const totp = (await addTotp(userId)).data as { secret: string };
    const backup = (await addBackupCodes(userId)).data as { codes: string[] };
    const user = await api.get(`/api/users/${userId}`);
    expect(user.status).toBe(200);
    expect(user.body).not.toHaveProperty('mfaVerifications');
    const shown = JSON.stringify(user.body);
    expect(shown).not.toContain(totp.secret);
    for (const code of backup.codes) expect(shown).not.toContain(code);
    // Backup codes are stored as digests: not even the database holds them as shown.
    const { rows } = await api.db.query('SELECT mfa_verifications::text AS stored FROM users WHERE id = $1', [userId]);
    for (const code of backup.codes) expect(String(rows[0]?.stored)).not.toContain(code);
  });

  it('answers 404 entity.not_found for a user that does not exist, on every operation', async () => {
    const replies = [
      await client.GET('/api/users/{userId}/mfa-verifications', path('nobody')),
      await addTotp('nobody'),
      await client.DELETE('/api/users/{userId}/mfa-verifications/{verificationId}', {
        params: { path: { userId: 'nobody', verificationId: 'whatever' } },
      }),
    ];
    for (const reply of replies) {
      expect(reply.response.status, reply.response.url).toBe(404);
      expect(reply.error, reply.response.url).toMatchObject({ code: 'entity.not_found' });
    }
  });
});
