import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/entities/user/server/account/passwords.js';
import { UserStore } from '../../src/entities/user/server/account/store.js';
import { generatedCatalog } from '../../src/server/catalog.js';
import { modelOf } from '../../src/server/crud/catalog.js';
import { systemContext } from '../../src/server/crud/context.js';
import type { EntityOperations } from '../../src/server/crud/contracts.js';
import { publicView } from '../../src/server/crud/fields.js';
import { MemoryAuditSink } from '../../src/server/crud/stages.js';
import type { Database } from '../../src/server/db/database.js';
import { buildOperations } from '../../src/server/operations.js';
import { databases } from './harness.js';

/** Users are written through the user entity's operations: its validation, its password hook, the audit stage. */
describe.each(databases())('user writes through the operations on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let users: UserStore;
  let roles: EntityOperations;
  const audit = new MemoryAuditSink();

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    const { operationsOf } = buildOperations({ db, audit });
    users = new UserStore(db, () => operationsOf('user'));
    roles = operationsOf('role');
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    audit.entries.length = 0;
    await db.exec("DELETE FROM users_roles; DELETE FROM users; DELETE FROM roles WHERE name IN ('keeper', 'robot')");
  });

  it('hashes the write-only password with the declared hook and never stores it as sent', async () => {
    const user = await users.create(systemContext('default', 'test'), { username: 'ada', password: 'Secret-2024' });
    expect(user.id).toHaveLength(12);
    expect(user.passwordEncryptionMethod).toBe('Argon2id');
    expect(await verifyPassword(user.passwordEncrypted, 'Secret-2024')).toBe(true);
    const { rows } = await db.query('SELECT * FROM users');
    expect(JSON.stringify(rows)).not.toContain('Secret-2024');
    expect(Object.keys(rows[0] ?? {})).not.toContain('password');
  });

  it('derives hasPassword on reads and leaves the hash out', async () => {
    const user = await users.create(systemContext('default', 'test'), { username: 'ada', password: 'Secret-2024' });
    const shown = publicView(modelOf(generatedCatalog(), 'user'))(user as unknown as Record<string, unknown>);
    expect(shown).toMatchObject({ id: user.id, username: 'ada', hasPassword: true });
    expect(shown).not.toHaveProperty('passwordEncrypted');
    expect(shown).not.toHaveProperty('passwordEncryptionMethod');
  });

  it('applies the user schema’s rules to accounts the server creates', async () => {
    const error = await users
      .create(systemContext('default', 'test'), { username: '1bad', password: 'Secret-2024' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'guard.invalid_input', status: 400 });
    expect((error as { data: { issues: { path: string }[] } }).data.issues[0]?.path).toBe('/username');
    expect(await users.count('default')).toBe(0);
  });

  it('creates one first account with its roles, and audits who wrote what', async () => {
    const context = systemContext('admin', 'bootstrap');
    const first = await users.createFirst(context, { username: 'root', password: 'Secret-2024' }, ['nope']);
    expect(first?.username).toBe('root');
    expect(await users.createFirst(context, { username: 'second', password: 'Secret-2024' }, [])).toBeUndefined();
    await users.touchSignIn('admin', first?.id ?? '');
    expect(audit.entries.map(({ actor, entity, kind }) => `${actor} ${kind} ${entity}`)).toEqual([
      'system:bootstrap create user',
      `user:${first?.id} setInternal user`,
    ]);
    expect((await users.findById('admin', first?.id ?? ''))?.lastSignInAt).toEqual(expect.any(Number));
  });

  it('gives the first account its roles as an assignment of the user’s roles, audited after the create', async () => {
    const context = systemContext('admin', 'bootstrap');
    const keeper = await roles.create(context, { name: 'keeper', description: 'Keeps the console.' });
    audit.entries.length = 0;
    const first = await users.createFirst(context, { username: 'root', password: 'Secret-2024' }, ['keeper', 'nope']);
    expect(
      audit.entries.map(({ actor, entity, kind, id, relation }) => ({ actor, entity, kind, id, relation })),
    ).toEqual([
      { actor: 'system:bootstrap', entity: 'user', kind: 'create', id: first?.id, relation: undefined },
      { actor: 'system:bootstrap', entity: 'user', kind: 'link', id: first?.id, relation: 'roles' },
    ]);
    const { rows } = await db.query('SELECT user_id, role_id FROM users_roles');
    expect(rows).toEqual([{ user_id: first?.id, role_id: keeper.id }]);
  });

  it('runs the user-role check on the first account’s roles, and creates no account when it refuses one', async () => {
    const context = systemContext('admin', 'bootstrap');
    await roles.create(context, { name: 'robot', description: 'For machines.', type: 'MachineToMachine' });
    const error = await users
      .createFirst(context, { username: 'root', password: 'Secret-2024' }, ['robot'])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'user.invalid_role_type', status: 422 });
    expect(await users.count('admin')).toBe(0);
    expect(audit.entries.filter((entry) => entry.entity === 'user')).toEqual([]);
  });
});
