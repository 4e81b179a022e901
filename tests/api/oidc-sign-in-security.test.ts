/**
 * The tenant's security settings on its sign-in pages: the password policy with each of its rejections (breached
 * passwords looked up in a range API speaking Have I Been Pwned's protocol, the offline list when it is down) and
 * the email blocklist, set through `PATCH /api/sign-in-exp` and shown as translated messages at registration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { Browser, formAction, freePort, type RunningServer } from './oidc-helpers.js';
import { signInSteps } from './oidc-sign-in-steps.js';
import { startPwnedRangeServer } from './pwned-range-server.js';
import { patchSignInExperience } from './sign-in-exp-helpers.js';

const BREACHED = 'Kx7#pLm.Wq2z';
const GOOD = 'Vq8#mRt2Lp!';

describe.each(databases())('security settings on the sign-in pages on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let server: RunningServer;
  let range: Awaited<ReturnType<typeof startPwnedRangeServer>>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
    range = await startPwnedRangeServer([BREACHED]);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = await buildApp({ db, publicUrl: origin, pwnedRangeUrl: range.url });
    await app.listen({ port, host: '127.0.0.1' });
    server = { app, origin, close: () => app.close() };
    await patchSignInExperience(origin, 'admin', {
      passwordPolicy: {
        length: { min: 10, max: 20 },
        characterTypes: { min: 3 },
        rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: ['gatehouse'] },
      },
      emailBlocklistPolicy: {
        blockSubaddressing: true,
        blockDisposableAddresses: true,
        customBlocklist: ['@blocked.test'],
      },
    });
    // Another tenant's settings never reach the admin tenant's pages.
    await patchSignInExperience(origin, 'default', {
      passwordPolicy: { length: { min: 40, max: 256 } },
      emailBlocklistPolicy: { customBlocklist: ['@example.com'] },
    });
  });
  afterAll(async () => {
    await server?.close();
    await range?.close();
    await dispose();
  });

  const { startSignIn } = signInSteps(() => ({
    server,
    issuer: `${server.origin}/t/admin/oidc`,
    callback: `${server.origin}/console/callback`,
  }));

  const registration = async (language = 'en') => {
    const browser = new Browser(language);
    const { page } = await startSignIn(browser, { first_screen: 'register' });
    const action = formAction(page.text, server.origin, '/register');
    return (form: { username?: string; email?: string; password: string }) =>
      browser.post(action, {
        username: form.username ?? 'jane_admin',
        email: form.email ?? '',
        password: form.password,
        passwordConfirm: form.password,
      });
  };

  it('shows each rejection of the policy, with its limits, and registers nobody', async () => {
    const register = await registration();
    const cases: [string, string[]][] = [
      ['Ab1', ['at least 10 characters']],
      ['Ab1#Ab1#Ab1#Ab1#Ab1#Ab1#', ['at most 20 characters']],
      ['kxpmlwqzrt', ['must mix at least 3 of lowercase letters']],
      ['Pässwörter-1', ['only letters, digits, spaces and the symbols']],
      ['aaaaaaaaA1', ['must not consist of repeated characters']],
      ['abcdefghA1', ['must not consist of sequences']],
      ['GateHouse#1', ['must not consist of words this site forbids']],
      ['Jane_Admin7', ['must not consist of your name, username, email or phone number']],
      [BREACHED, ['appears in known data breaches']],
    ];
    for (const [password, messages] of cases) {
      const refused = await register({ password });
      expect(refused.status, password).toBe(400);
      for (const message of messages) expect(refused.text, password).toContain(message);
      // The page states the tenant's length limits.
      expect(refused.text).toContain('10 to 20 characters.');
    }
    expect(range.asked.length).toBeGreaterThan(0);
    const { rows } = await db.withTenant('admin', (tx) => tx.query('SELECT count(*)::int AS n FROM users'));
    expect(rows[0]).toEqual({ n: 0 });
    // Each refusal is recorded with the code Logto's experience API answers.
    await server.app.auditLog.flush();
    const { rows: logged } = await db.withTenant('admin', (tx) =>
      tx.query<{ code: string }>(
        `SELECT payload->'error'->>'code' AS code FROM logs WHERE tenant_id = 'admin' AND key = 'Interaction.Register.Submit'`,
      ),
    );
    expect(logged.map((row) => row.code)).toEqual(cases.map(() => 'password.rejected'));
  });

  it("refuses sub-addressing, the tenant's blocked domains and disposable domains", async () => {
    const register = await registration();
    for (const [email, message] of [
      ['jane+news@example.com', 'Addresses with a "+" tag are not accepted here.'],
      ['jane@blocked.test', 'This email address is not accepted here.'],
      ['jane@mailinator.com', 'This email address is not accepted here.'],
    ] as const) {
      const refused = await register({ email, password: GOOD });
      expect(refused.status, email).toBe(400);
      expect(refused.text.replaceAll('&quot;', '"'), email).toContain(message);
    }
    await server.app.auditLog.flush();
    const { rows: logged } = await db.withTenant('admin', (tx) =>
      tx.query<{ code: string }>(
        `SELECT payload->'error'->>'code' AS code FROM logs
         WHERE tenant_id = 'admin' AND key = 'Interaction.Register.Submit' ORDER BY created_at DESC LIMIT 3`,
      ),
    );
    expect(logged.map((row) => row.code).sort()).toEqual([
      'session.email_blocklist.email_not_allowed',
      'session.email_blocklist.email_not_allowed',
      'session.email_blocklist.email_subaddressing_not_allowed',
    ]);
  });

  it("answers in the browser's language", async () => {
    const register = await registration('de');
    const refused = await register({ password: 'aaaaaaaaA1' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Das Passwort darf nicht aus wiederholten Zeichen');
  });

  it("refuses a common password from the offline list while the range API is down, then registers (another tenant's settings do not apply)", async () => {
    const register = await registration();
    await range.close();
    const refused = await register({ password: 'Password123' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('appears in known data breaches');
    const registered = await register({ email: 'jane@example.com', password: GOOD });
    expect(registered.status, registered.text).toBe(303);
    const { rows } = await db.withTenant('admin', (tx) => tx.query('SELECT username FROM users'));
    expect(rows).toEqual([{ username: 'jane_admin' }]);
  });
});
