import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { sentinelTarget } from '../../src/server/interaction/sentinel.js';
import { databases, unique } from './harness.js';
import { Browser, formAction, pkce, type RunningServer, startServer } from './oidc-helpers.js';
import { patchSignInExperience } from './sign-in-exp-helpers.js';
import { createUser as addUser } from './users.js';

const PASSWORD = 'correct horse battery';
const MAX_ATTEMPTS = 3;
const CONCURRENT = 60;

/** Lockout counts per account, whichever identifier names it, and holds however many attempts arrive at once. */
describe.each(databases())('sign-in lockout on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    server = await startServer(db);
    await patchSignInExperience(server.origin, 'admin', {
      sentinelPolicy: { maxAttempts: MAX_ATTEMPTS, lockoutDuration: 15 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dispose();
  });

  const createUser = async () => {
    const username = unique('lock_');
    const email = `${username}@Example.com`;
    const user = await addUser(db, 'admin', { username, primaryEmail: email, password: PASSWORD });
    return { id: user.id, username, email };
  };

  /** Opens the console's sign-in page in a fresh browser; returns how to submit its form. */
  const openSignIn = async () => {
    const browser = new Browser();
    const params = new URLSearchParams({
      client_id: 'admin-console',
      redirect_uri: `${server.origin}/console/callback`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      prompt: 'login',
    });
    const page = await browser.follow(`${server.origin}/t/admin/oidc/auth?${params}`);
    expect(page.status, page.text).toBe(200);
    const action = formAction(page.text, server.origin, '/sign-in');
    return (identifier: string, password: string) => browser.post(action, { identifier, password });
  };

  const signIn = async (identifier: string, password: string) => (await openSignIn())(identifier, password);

  /** Sends `identifiers.length` wrong passwords at the same moment (sign-in pages opened beforehand). */
  const concurrentFailures = async (identifiers: string[]) => {
    const forms = await Promise.all(identifiers.map(() => openSignIn()));
    const answers = await Promise.all(forms.map((submit, i) => submit(identifiers[i] as string, `wrong-${i}`)));
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.text).toContain('Too many failed sign-in attempts');
    }
    return {
      wrongPassword: answers.filter((a) => a.status === 400).length,
      locked: answers.filter((a) => a.status === 429).length,
    };
  };

  /** How many attempts on the target got their password verified. */
  const verifiedAttempts = async (targetHash: string) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sentinel_activities WHERE tenant_id = 'admin' AND target_hash = $1`,
      [targetHash],
    );
    return rows[0]?.n ?? 0;
  };

  it('locks the account: after failures by username, its email with the right password is refused', async () => {
    const user = await createUser();
    for (const attempt of [1, 2]) expect((await signIn(user.username, `wrong-${attempt}`)).status).toBe(400);
    const locking = await signIn(user.email.toLowerCase(), 'wrong-3');
    expect(locking.status).toBe(429);

    for (const identifier of [user.email, user.username]) {
      const refused = await signIn(identifier, PASSWORD);
      expect(refused.status, identifier).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(refused.text).toContain('Too many failed sign-in attempts');
    }
    // Another account is not affected.
    const other = await createUser();
    expect((await signIn(other.email, PASSWORD)).status).toBe(303);
  });

  it(`verifies at most the allowed number of ${CONCURRENT} concurrent wrong passwords by username and email`, async () => {
    const user = await createUser();
    const identifiers = Array.from(
      { length: CONCURRENT },
      (_, i) => [user.username, user.email, user.email.toUpperCase()][i % 3],
    ) as string[];
    const { wrongPassword, locked } = await concurrentFailures(identifiers);
    // The attempts before the last allowed one say "wrong password"; the last allowed one and all others are locked.
    expect(wrongPassword).toBe(MAX_ATTEMPTS - 1);
    expect(locked).toBe(CONCURRENT - MAX_ATTEMPTS + 1);
    expect(await verifiedAttempts(sentinelTarget(user.username, user.id))).toBe(MAX_ATTEMPTS);
    // The right password is refused too, by either identifier.
    expect((await signIn(user.username, PASSWORD)).status).toBe(429);
    expect((await signIn(user.email, PASSWORD)).status).toBe(429);
  });

  it('locks an unknown identifier as well, in any letter case, without touching real accounts', async () => {
    const ghost = unique('ghost_');
    const identifiers = Array.from({ length: CONCURRENT }, (_, i) => (i % 2 ? ghost : ghost.toUpperCase()));
    const { wrongPassword, locked } = await concurrentFailures(identifiers);
    expect(wrongPassword).toBe(MAX_ATTEMPTS - 1);
    expect(locked).toBe(CONCURRENT - MAX_ATTEMPTS + 1);
    expect(await verifiedAttempts(sentinelTarget(ghost))).toBe(MAX_ATTEMPTS);
    const user = await createUser();
    expect((await signIn(user.username, PASSWORD)).status).toBe(303);
  });
});
