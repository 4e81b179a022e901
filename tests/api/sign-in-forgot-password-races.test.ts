/**
 * Forgot password under concurrency: one code submitted several times at once verifies once (on the pages and in the
 * store itself), and one verification resets the password once, with one PostResetPassword.
 */
import { describe, expect, it } from 'vitest';
import { generatedCatalog } from '../../src/server/catalog.js';
import { modelOf } from '../../src/server/crud/catalog.js';
import { Repository } from '../../src/server/crud/repository.js';
import { Passcodes } from '../../src/server/interaction/verification-code/passcodes.js';
import { forgotPasswordSteps, NEW_PASSWORD } from './forgot-password-steps.js';
import { databases } from './harness.js';
import { PASSWORD, useSignInPages } from './sign-in-pages-steps.js';
import { startReceiver } from './webhook-receiver.js';

describe.each(databases())('forgot password races on $name', (target) => {
  const pages = useSignInPages(target);
  const steps = forgotPasswordSteps(pages);

  it('verifies a code once when the same code is submitted several times at once', async () => {
    // The refused submissions count as failures: a policy that leaves them room.
    await pages.patch('', { sentinelPolicy: { maxAttempts: 50, lockoutDuration: 15 } });
    const user = await steps.newUser();
    const flow = await steps.codeRequested(user.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => flow.submitCode(flow.code)));
    const logs = await steps.logsOf(flow.uid);
    const verified = logs.filter(
      ([key, result]) =>
        key === 'Interaction.ForgotPassword.Verification.EmailVerificationCode.Submit' && result === 'Success',
    );
    expect(verified).toHaveLength(1);
    // The others are refused, or (arriving after the first was recorded) sent on to the one verification.
    for (const answer of answers) {
      if (answer.status === 400) expect(answer.text).toContain('Ask for a verification code first.');
      else steps.expectRedirect(answer, '/forgot-password/password');
    }
    expect(answers.some((answer) => answer.status === 303)).toBe(true);
  });

  it('passes one of many concurrent verifications of one code, in the store itself', async () => {
    const passcodes = new Passcodes(pages.db(), new Repository(modelOf(generatedCatalog(), 'passcode')));
    const target = { jti: `race-${Date.now()}`, type: 'ForgotPassword', email: 'race@example.com' } as const;
    for (let round = 0; round < 5; round++) {
      const { code } = await passcodes.create('default', target);
      const verdicts = await Promise.all(Array.from({ length: 8 }, () => passcodes.verify('default', target, code)));
      expect(verdicts.filter((verdict) => !verdict.refusal)).toHaveLength(1);
      expect(verdicts.filter((verdict) => verdict.refusal === 'not_found')).toHaveLength(7);
    }
  });

  it('resets the password once when the new password is submitted several times at once', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await pages.api('', 'POST', '/hooks', {
        name: 'Resets',
        events: ['PostResetPassword'],
        config: { url: receiver.url },
      });
      expect(hook.status, hook.text).toBe(201);
      const user = await steps.newUser();
      const flow = await steps.codeRequested(user.email);
      steps.expectRedirect(await flow.submitCode(flow.code), '/forgot-password/password');
      const answers = await Promise.all(Array.from({ length: 3 }, () => flow.submitPassword(NEW_PASSWORD)));
      const reset = answers.filter((answer) => answer.location?.endsWith('?password_reset=1'));
      expect(reset).toHaveLength(1);
      await pages.app().webhooks.idle();
      const bodies = receiver.bodies.filter((body) => body.userId === user.id);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({
        event: 'PostResetPassword',
        interactionEvent: 'ForgotPassword',
        sessionId: flow.uid,
        userId: user.id,
        user: { id: user.id, username: user.username, primaryEmail: user.email, hasPassword: true },
        application: { id: expect.any(String), name: 'Partner portal' },
      });
      const text = JSON.stringify(bodies);
      for (const secret of [flow.code, NEW_PASSWORD, PASSWORD, 'passwordEncrypted', 'Argon2id']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await receiver.close();
    }
  });
});
