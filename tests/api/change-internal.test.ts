import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/server/crud/context.js';
import type { EntityOperations } from '../../src/server/crud/contracts.js';
import type { Entity } from '../../src/server/crud/repository.js';
import { type ChangeListener, MemoryAuditSink } from '../../src/server/crud/stages.js';
import type { Database } from '../../src/server/db/database.js';
import { buildOperations } from '../../src/server/operations.js';
import { databases } from './harness.js';

const context = systemContext('default', 'test');
/** A promise and its resolve, for one step to wait for another. */
const signal = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

const countOf = (record: Entity) => Number((record.customData as { count?: number } | null)?.count ?? 0);

/**
 * A compare-and-set through the operations (`changeInternal`): decided on the record as stored, under its row lock,
 * audited and announced when it writes, neither when its precondition refuses.
 */
describe.each(databases())('changes decided on the stored record on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let users: EntityOperations;
  const audit = new MemoryAuditSink();
  const events: { event: string; fields: Record<string, unknown> }[] = [];
  const listener: ChangeListener = {
    emit: (_context, event, data) => void events.push({ event, fields: { data } }),
    announce: (_context, event, fields) => void events.push({ event, fields }),
  };

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    users = buildOperations({ db, audit, listener }).operationsOf('user');
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await db.exec('DELETE FROM users');
    audit.entries.length = 0;
    events.length = 0;
  });

  /** Adds one to the user's count while it is below `limit`, else refuses. */
  const countUp = (id: string, limit: number) =>
    users.changeInternal(context, id, (stored) =>
      countOf(stored) < limit ? { customData: { count: countOf(stored) + 1 } } : undefined,
    );

  it('writes what the decision makes of the stored record, audited and announced as an update', async () => {
    const user = await users.create(context, { username: 'ada' });
    audit.entries.length = 0;
    events.length = 0;
    const changed = await countUp(user.id as string, 1);
    expect(changed?.customData).toEqual({ count: 1 });
    expect(audit.entries.map(({ kind, entity, id }) => ({ kind, entity, id }))).toEqual([
      { kind: 'setInternal', entity: 'user', id: user.id },
    ]);
    expect(events).toEqual([
      { event: 'User.Data.Updated', fields: { data: expect.objectContaining({ id: user.id, username: 'ada' }) } },
    ]);
    expect(events[0]?.fields.data).not.toHaveProperty('mfaVerifications');
  });

  it('writes, audits and announces nothing when the stored record fails the precondition', async () => {
    const user = await users.create(context, { username: 'ada', customData: { count: 1 } });
    audit.entries.length = 0;
    events.length = 0;
    expect(await countUp(user.id as string, 1)).toBeUndefined();
    expect(await users.changeInternal(context, 'nobody', () => ({ customData: {} }))).toBeUndefined();
    expect(audit.entries).toEqual([]);
    expect(events).toEqual([]);
    expect((await users.get(context, user.id as string)).customData).toEqual({ count: 1 });
  });

  it.skipIf(target.name === 'pglite')(
    'decides a change on what a concurrent change stored: the record stays locked until it is written',
    async () => {
      const user = await users.create(context, { username: 'ada' });
      const id = user.id as string;
      const held = signal();
      const deciding = signal();
      const first = users.changeInternal(context, id, async (stored) => {
        deciding.resolve();
        await held.promise;
        return { customData: { count: countOf(stored) + 1 } };
      });
      await deciding.promise;
      const seen: number[] = [];
      const second = users.changeInternal(context, id, (stored) => {
        seen.push(countOf(stored));
        return countOf(stored) < 1 ? { customData: { count: countOf(stored) + 1 } } : undefined;
      });
      // The second change either waits for the first one's row lock or (without it) decides on the old record.
      const waiting = async () => {
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted');
        return (rows[0]?.n ?? 0) > 0;
      };
      while (seen.length === 0 && !(await waiting())) {
        // Polls the server's lock table until the second change is blocked or has decided.
      }
      held.resolve();
      expect((await first)?.customData).toEqual({ count: 1 });
      expect(await second).toBeUndefined();
      expect(seen).toEqual([1]);
    },
  );
});
