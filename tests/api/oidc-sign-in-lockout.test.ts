/** The admin tenant's sign-in pages: locking an identifier after failed sign-ins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { databases, unique } from './harness.js';
import { Browser, type RunningServer, registerFirstAdmin, startServer } from './oidc-helpers.js';
import { PASSWORD, signInSteps } from './oidc-sign-in-steps.js';
import { patchSignInExperience } from './sign-in-exp-helpers.js';
import { createUser } from './users.js';
import { startReceiver } from './webhook-receiver.js';

describe.each(databases())('sign-in pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let issuer: string;
  let callback: string;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    issuer = `${server.origin}/t/admin/oidc`;
    callback = `${server.origin}/console/callback`;
    // The first administrator, registered through the pages (the registration tests check that part).
    await registerFirstAdmin(server.origin, 'admin', PASSWORD, 'Admin@Example.com');
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const { signIn } = signInSteps(() => ({
    server,
    issuer,
    callback,
  }));

  it('locks an identifier after the configured failures: 429 with Retry-After, even for the right password', async () => {
    await patchSignInExperience(server.origin, 'admin', { sentinelPolicy: { maxAttempts: 3, lockoutDuration: 15 } });
    const receiver = await startReceiver();
    const hook = await fetch(`${server.origin}/t/admin/api/hooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lockouts', events: ['Identifier.Lockout'], config: { url: receiver.url } }),
    });
    expect(hook.status).toBe(201);
    const username = unique('locked_');
    await createUser(db, 'admin', { username, password: PASSWORD });

    for (const attempt of [1, 2]) {
      const { submitted } = await signIn(new Browser(), username, `wrong-${attempt}`);
      expect(submitted.status, `attempt ${attempt}`).toBe(400);
    }
    const third = await signIn(new Browser(), username, 'wrong-3');
    expect(third.submitted.status).toBe(429);
    const retryAfter = Number(third.submitted.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(third.submitted.text).toContain('Too many failed sign-in attempts. Try again in 15 minutes');

    const right = await signIn(new Browser(), username, PASSWORD);
    expect(right.submitted.status).toBe(429);
    expect(Number(right.submitted.headers.get('retry-after'))).toBeGreaterThan(0);

    // Logto's Identifier.Lockout: for the failure that locked, and for the attempt refused while locked.
    await server.app.webhooks.idle();
    await receiver.close();
    expect(receiver.bodies.map(({ event, type, value }) => ({ event, type, value }))).toEqual([
      { event: 'Identifier.Lockout', type: 'username', value: username },
      { event: 'Identifier.Lockout', type: 'username', value: username },
    ]);
    const { id } = (await hook.json()) as { id: string };
    expect((await fetch(`${server.origin}/t/admin/api/hooks/${id}`, { method: 'DELETE' })).status).toBe(204);

    // Another identifier is not affected; the locked one only counts while locked.
    const other = await signIn(new Browser(), 'admin', PASSWORD);
    expect(other.submitted.status).toBe(303);
    const { rows } = await db.query<{ result: string; decision: string }>(
      `SELECT action_result AS result, decision FROM sentinel_activities WHERE tenant_id = 'admin' ORDER BY created_at`,
    );
    expect(rows.filter((row) => row.decision === 'Blocked')).toHaveLength(1);
  });

  it('starts counting again after a successful sign-in', async () => {
    const username = unique('reset_');
    await createUser(db, 'admin', { username, password: PASSWORD });
    for (const password of ['wrong-1', 'wrong-2', PASSWORD, 'wrong-3', 'wrong-4']) {
      const { submitted } = await signIn(new Browser(), username, password);
      expect(submitted.status, password).toBe(password === PASSWORD ? 303 : 400);
    }
  });
});
