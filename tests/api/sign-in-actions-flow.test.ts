/**
 * The tenant's actions where the sign-in pages run them: after a sign-in (the user changed; a failure stops the
 * sign-in unless the action allows it) and after a password that did not match (a legacy directory's password
 * verified by the script: the user created or updated, the password theirs from then on).
 */
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { createUser } from './users.js';

const LEGACY = `const runAction = async ({ event, environmentVariables }) => {
  if (event.password !== environmentVariables.LEGACY_PASSWORD) return { action: 'rejectInvalidCredentials' };
  const user = { name: 'Migrated ' + event.identifier.value, customData: { migrated: true } };
  return { action: event.user ? 'updateUser' : 'createUser', user, passwordVerified: true };
};`;

describe.each(databases())('sign-in actions on $name', (target) => {
  const pages = useSignInPages(target);
  const putAction = async (type: string, body: Record<string, unknown>) => {
    const answer = await pages.api('', 'PUT', `/configs/actions/${type}`, body);
    expect(answer.status, answer.text).toBeLessThan(300);
  };
  const signIn = async (identifier: string, password: string) =>
    (await pages.open('')).post('/sign-in', { identifier, password });
  const userNamed = async (username: string) => {
    const { rows } = await pages
      .db()
      .query<{ name: string | null; custom_data: Record<string, unknown> }>(
        "SELECT name, custom_data FROM users WHERE tenant_id = 'default' AND username = $1",
        [username],
      );
    return rows[0];
  };

  it('after a sign-in, an enabled action changes the user (custom data merged); a disabled one does nothing', async () => {
    const username = unique('ana_');
    await createUser(pages.db(), 'default', { username, password: PASSWORD, customData: { team: 'blue' } });
    const script = `const runAction = async ({ event }) => ({
      action: 'updateUser', user: { name: 'Ana ' + event.user.roles.length, customData: { lastSeen: 'today' } },
    });`;
    await putAction('action.postSignIn', { script, enabled: false });
    expect((await signIn(username, PASSWORD)).status).toBe(303);
    expect((await userNamed(username))?.name).toBeNull();

    await putAction('action.postSignIn', { script, enabled: true });
    expect((await signIn(username, PASSWORD)).status).toBe(303);
    expect(await userNamed(username)).toEqual({ name: 'Ana 0', custom_data: { team: 'blue', lastSeen: 'today' } });
  });

  it('a failing post-sign-in action stops the sign-in, unless it allows failures', async () => {
    const username = unique('ben_');
    await createUser(pages.db(), 'default', { username, password: PASSWORD });
    const script = 'const runAction = async () => { throw new Error("CRM unreachable"); };';
    await putAction('action.postSignIn', { script, enabled: true });
    const stopped = await signIn(username, PASSWORD);
    expect(stopped.status).toBe(400);
    expect(stopped.text).toContain('a check of this application refused it');

    await putAction('action.postSignIn', { script, enabled: true, onExecutionError: 'allow' });
    expect((await signIn(username, PASSWORD)).status).toBe(303);
    await pages.api('', 'DELETE', '/configs/actions/action.postSignIn');
  });

  it('verifies a legacy password: creates the user, who then signs in with it as their own', async () => {
    await putAction('action.postFirstFactorVerification', {
      script: LEGACY,
      enabled: true,
      environmentVariables: { LEGACY_PASSWORD: 'from-the-old-system' },
    });
    const username = unique('old_');
    expect((await signIn(username, 'not-the-legacy-one')).status).toBe(400);
    expect(await userNamed(username)).toBeUndefined();

    expect((await signIn(username, 'from-the-old-system')).status).toBe(303);
    expect(await userNamed(username)).toEqual({ name: `Migrated ${username}`, custom_data: { migrated: true } });
    // The password is now the user's own: it signs in without the action.
    await pages.api('', 'PATCH', '/configs/actions/action.postFirstFactorVerification', { enabled: false });
    expect((await signIn(username, 'from-the-old-system')).status).toBe(303);
  });

  it('updates an existing user whose password did not match; refuses a change of the sign-in identifier', async () => {
    const username = unique('cy_');
    await createUser(pages.db(), 'default', { username, password: PASSWORD, customData: { team: 'red' } });
    await putAction('action.postFirstFactorVerification', {
      script: LEGACY,
      enabled: true,
      environmentVariables: { LEGACY_PASSWORD: 'legacy-secret-1' },
    });
    expect((await signIn(username, 'legacy-secret-1')).status).toBe(303);
    expect(await userNamed(username)).toEqual({
      name: `Migrated ${username}`,
      custom_data: { team: 'red', migrated: true },
    });
    expect((await signIn(username, PASSWORD)).status).toBe(400);

    await putAction('action.postFirstFactorVerification', {
      script: `const runAction = async () => ({ action: 'updateUser', user: { username: 'someone_else' }, passwordVerified: true });`,
      enabled: true,
    });
    expect((await signIn(username, 'whatever-it-is')).status).toBe(400);
    await pages.api('', 'DELETE', '/configs/actions/action.postFirstFactorVerification');
  });
});
