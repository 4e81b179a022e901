/**
 * What the sign-in pages ask after the password (or registration) under each MFA policy: nothing, an optional
 * prompt that a skip silences for good, or a binding that cannot be skipped (the policy, or an organization).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';

const factors = ['Totp', 'BackupCode'];
const SKIP = '/mfa/skip';

describe.each(databases())('MFA policies on the sign-in pages on $name', (target) => {
  const pages = useSignInPages(target);
  const mfa = mfaSteps(pages);
  beforeEach(() => pages.reset());

  it('asks nothing without factors, or under NoPrompt', async () => {
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    await mfa.expectFinished(browser, answer);
    await mfa.setMfa({ factors, policy: 'NoPrompt' });
    const again = await mfa.signIn(user.username);
    await mfa.expectFinished(again.browser, again.answer);
    const registered = await mfa.register();
    await mfa.expectFinished(registered.browser, registered.answer);
  });

  it.each(['PromptAtSignInAndSignUp', 'UserControlled'])(
    'prompts at sign-up and sign-in under %s, skippably',
    async (policy) => {
      await mfa.setMfa({ factors, policy });
      const registered = await mfa.register();
      const atSignUp = await mfa.mfaPage(registered.browser, registered.answer);
      expect(atSignUp.text).toContain('Set up an authenticator app');
      expect(atSignUp.text).toContain('Skip for now');
      const user = await mfa.newUser();
      const { browser, answer } = await mfa.signIn(user.username);
      expect((await mfa.mfaPage(browser, answer)).text).toContain('Skip for now');
    },
  );

  it('prompts only at sign-in under PromptOnlyAtSignIn', async () => {
    await mfa.setMfa({ factors, policy: 'PromptOnlyAtSignIn' });
    const registered = await mfa.register();
    await mfa.expectFinished(registered.browser, registered.answer);
    const { browser, answer } = await mfa.signIn(registered.username);
    expect((await mfa.mfaPage(browser, answer)).text).toContain('Skip for now');
  });

  it('records a skip on the user and does not ask again', async () => {
    await mfa.setMfa({ factors, policy: 'PromptAtSignInAndSignUp' });
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    const page = await mfa.mfaPage(browser, answer);
    const skipped = await browser.post(mfa.action(page.text, SKIP), {});
    await mfa.expectFinished(browser, skipped);
    const config = await pages.api('', 'GET', `/users/${user.id}/logto-configs`);
    expect(config.json().mfa).toMatchObject({ skipped: true });
    const again = await mfa.signIn(user.username);
    await mfa.expectFinished(again.browser, again.answer);
    expect(await mfa.storedFactors(user.id)).toEqual([]);
    // The audit log has the sign-in once, when the interaction ended.
    const submits = (await mfa.logsOf(user.id)).filter(([key]) => key === 'Interaction.SignIn.Submit');
    expect(submits).toHaveLength(2);
  });

  it('requires binding at sign-in and sign-up under Mandatory: no skip', async () => {
    await mfa.setMfa({ factors, policy: 'Mandatory' });
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    const page = await mfa.mfaPage(browser, answer);
    expect(page.text).toContain('Set up an authenticator app');
    expect(page.text).not.toContain('Skip for now');
    const refused = await browser.post(`${page.url}/skip`, {});
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('it cannot be skipped');
    const registered = await mfa.register();
    expect((await mfa.mfaPage(registered.browser, registered.answer)).text).not.toContain('Skip for now');
  });

  it('requires binding of a member of an organization that requires MFA', async () => {
    await mfa.setMfa({ factors, policy: 'NoPrompt', organizationRequiredMfaPolicy: 'Mandatory' });
    const user = await mfa.newUser();
    const org = await pages.api('', 'POST', '/organizations', { name: unique('Org '), isMfaRequired: true });
    expect(org.status, org.text).toBe(201);
    const added = await pages.api('', 'POST', `/organizations/${org.json().id}/users`, { userIds: [user.id] });
    expect(added.status, added.text).toBe(201);
    const { browser, answer } = await mfa.signIn(user.username);
    const page = await mfa.mfaPage(browser, answer);
    expect(page.text).toContain('Set up an authenticator app');
    expect(page.text).not.toContain('Skip for now');
    // Without the organizations' policy, the same member is not asked.
    await mfa.setMfa({ factors, policy: 'NoPrompt' });
    const again = await mfa.signIn(user.username);
    await mfa.expectFinished(again.browser, again.answer);
  });

  it('skips verification for skipMfaOnSignIn unless the policy is mandatory', async () => {
    await mfa.setMfa({ factors, policy: 'PromptAtSignInAndSignUp' });
    const user = await mfa.newUser();
    const first = await mfa.signIn(user.username);
    await mfa.enrol(first.browser, first.answer);
    const flagged = await pages.api('', 'PATCH', `/users/${user.id}/logto-configs`, { mfa: { skipMfaOnSignIn: true } });
    expect(flagged.status, flagged.text).toBe(200);
    const skipped = await mfa.signIn(user.username);
    await mfa.expectFinished(skipped.browser, skipped.answer);
    await mfa.setMfa({ factors, policy: 'Mandatory' });
    const verified = await mfa.signIn(user.username);
    expect((await mfa.mfaPage(verified.browser, verified.answer)).text).toContain('Enter the 6-digit code');
  });

  it('says so, without failing, when only factors these pages lack are enabled besides backup codes', async () => {
    await mfa.setMfa({ factors: ['EmailVerificationCode', 'BackupCode'], policy: 'Mandatory' });
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username);
    const page = await mfa.mfaPage(browser, answer);
    expect(page.status).toBe(200);
    expect(page.text).toContain('does not offer yet');
    expect(page.text).not.toContain('Skip for now');
  });

  it('keeps MFA pages closed to an interaction whose password did not pass', async () => {
    await mfa.setMfa({ factors, policy: 'Mandatory' });
    const user = await mfa.newUser();
    const { browser, answer } = await mfa.signIn(user.username, 'wrong password');
    expect(answer.status).toBe(400);
    const base = answer.text.match(/action="([^"]+)\/sign-in"/)?.[1] as string;
    for (const path of ['/mfa', '/mfa/totp/verify', '/mfa/totp/bind']) {
      const page = await browser.get(new URL(`${base}${path}`, pages.origin()).toString());
      expect(page.status, path).toBe(400);
      expect(page.text).toContain('has expired or was already completed');
    }
    const posted = await browser.post(new URL(`${base}/mfa/skip`, pages.origin()).toString(), {});
    expect(posted.status).toBe(400);
  });
});
