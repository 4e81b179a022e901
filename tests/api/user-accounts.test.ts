import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserStore } from '../../src/entities/user/server/account/store.js';
import type { Database } from '../../src/server/db/database.js';
import { ApiError } from '../../src/server/http/api-error.js';
import { databases } from './harness.js';
import { createUser, userStore } from './users.js';

/** Accounts of a tenant: one email address is one account, whatever its letter case, and sign-in finds it so. */
describe.each(databases())('user accounts on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let users: UserStore;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    users = userStore(db);
  });
  afterAll(() => dispose());
  beforeEach(() => db.exec('DELETE FROM users'));

  const register = (tenantId: string, username: string, primaryEmail: string) =>
    createUser(db, tenantId, { username, primaryEmail, password: 'Secret-2024' });

  it('refuses a second account whose email differs only in letter case', async () => {
    await register('default', 'ada', 'Ada@Example.com');
    const error = await register('default', 'ada2', 'ada@example.COM').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'user.email_already_in_use', status: 422, data: { field: 'primaryEmail' } });
    const { rows } = await db.query<{ username: string }>('SELECT username FROM users');
    expect(rows.map((row) => row.username)).toEqual(['ada']);
  });

  it('lets two tenants each have an account with the same email', async () => {
    await register('default', 'ada', 'ada@example.com');
    await register('admin', 'ada', 'ADA@example.com');
    const { rows } = await db.query<{ tenant_id: string }>('SELECT tenant_id FROM users ORDER BY tenant_id');
    expect(rows.map((row) => row.tenant_id)).toEqual(['admin', 'default']);
  });

  it('finds the account by its email in any letter case, and by its exact username', async () => {
    const created = await register('default', 'ada', 'Ada@Example.com');
    expect((await users.findByIdentifier('default', 'ADA@example.com'))?.id).toBe(created.id);
    expect((await users.findByIdentifier('default', 'ada'))?.id).toBe(created.id);
    expect(await users.findByIdentifier('default', 'ADA')).toBeUndefined();
    expect(await users.findByIdentifier('admin', 'ada@example.com')).toBeUndefined();
  });
});
