/**
 * Bulk export (issue 29): `GET /api/users/export` streams every user of the tenant, oldest first, read in keyset pages
 * (more users than one page here), as a JSON array or as CSV with a header row of the fields; private fields (the
 * password hash) and other tenants' users are left out; an unknown format is refused before anything is read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE } from '../../src/shared/bulk.js';
import { databases, useApi } from './harness.js';

const SEEDED = EXPORT_PAGE_SIZE + 5;

describe.each(databases())('bulk export on $name', (target) => {
  const api = useApi(target, { resetBeforeEach: false });

  beforeAll(async () => {
    await api.reset();
    // Older than the users made through the API: the seeded ones come first, across two keyset pages.
    await api.db.query(
      `INSERT INTO users (tenant_id, id, username, created_at)
       SELECT 'default', 'seeded' || lpad(g::text, 5, '0'), 'seeded_' || g, now() - interval '1 day' + g * interval '1 millisecond'
       FROM generate_series(1, $1::int) g`,
      [SEEDED],
    );
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('export-other', 'Other') ON CONFLICT DO NOTHING`);
    await api.db.query(`INSERT INTO users (tenant_id, id, username) VALUES ('export-other', 'elsewhere', 'elsewhere')`);
    await api.create('/api/users', { username: 'ada', name: 'Lovelace, "Ada"', password: 'Str0ng-Passw0rd!' });
    await api.create('/api/users', { username: 'grace', customData: { team: 'navy', ranks: [1, 2] } });
  });

  it('streams every user as a JSON array, oldest first, without password hashes or other tenants', async () => {
    const reply = await api.get('/api/users/export?format=json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.headers['content-disposition']).toBe('attachment; filename="users.json"');
    const users = reply.body as Record<string, unknown>[];
    expect(users).toHaveLength(SEEDED + 2);
    expect(new Set(users.map((user) => user.id)).size).toBe(SEEDED + 2);
    expect(users[0]?.id).toBe('seeded00001');
    expect(users[SEEDED - 1]?.id).toBe(`seeded${String(SEEDED).padStart(5, '0')}`);
    expect(users.slice(-2).map((user) => user.username)).toEqual(['ada', 'grace']);
    expect(users.at(-1)?.customData).toEqual({ team: 'navy', ranks: [1, 2] });
    expect(users.some((user) => 'passwordEncrypted' in user || 'passwordDigest' in user)).toBe(false);
    expect(users.some((user) => user.id === 'elsewhere')).toBe(false);
  });

  it('streams CSV with a header row, quoting what needs it and nested values as JSON', async () => {
    const reply = await api.get('/api/users/export');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(reply.body).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(SEEDED + 4);
    const header = lines[0]?.split(',') ?? [];
    expect(header).toEqual(expect.arrayContaining(['id', 'username', 'name', 'customData', 'createdAt']));
    expect(header).not.toContain('passwordEncrypted');
    const ada = lines.find((line) => line.includes(',ada,')) ?? '';
    expect(ada).toContain('"Lovelace, ""Ada"""');
    const grace = lines.find((line) => line.includes(',grace,')) ?? '';
    expect(grace).toContain('"{""team"":""navy"",""ranks"":[1,2]}"');
  });

  it('refuses an unknown format', async () => {
    const reply = await api.get('/api/users/export?format=xml');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'guard.invalid_input' });
  });
});
