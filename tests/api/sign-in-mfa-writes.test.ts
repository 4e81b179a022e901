/**
 * The MFA step's writes on the user (factors bound, a backup code used, a TOTP step taken) are writes of the user
 * entity like any other: each one is audited as the user's write on their own account and announced to webhooks as
 * `User.Data.Updated`, with the user as the API shows them (no factor secrets).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { backupCodeDigest } from '../../src/entities/user/server/account/backup-codes.js';
import { currentTotpCode } from '../../src/entities/user/server/account/totp.js';
import { MemoryAuditSink } from '../../src/server/crud/stages.js';
import { databases } from './harness.js';
import { mfaSteps } from './sign-in-mfa-steps.js';
import { useSignInPages } from './sign-in-pages-steps.js';
import { startReceiver } from './webhook-receiver.js';

const NEXT_STEP = 30_000;

describe.each(databases())('MFA writes of the sign-in pages on $name', (target) => {
  const audit = new MemoryAuditSink();
  const pages = useSignInPages(target, () => ({ audit }));
  const mfa = mfaSteps(pages);
  beforeEach(async () => {
    await pages.reset();
    await mfa.setMfa({ factors: ['Totp', 'BackupCode'], policy: 'Mandatory' });
  });

  it('audits and announces each MFA write as an update of the user, without the factors’ secrets', async () => {
    const receiver = await startReceiver<{ event: string; data?: { id?: string } }>();
    try {
      const hook = await pages.api('', 'POST', '/hooks', {
        name: 'User updates',
        events: ['User.Data.Updated'],
        config: { url: receiver.url },
      });
      expect(hook.status, hook.text).toBe(201);
      const user = await mfa.newUser();
      audit.entries.length = 0;

      // Three sign-ins: binding the authenticator app and the backup codes (stored as the interaction ends), using a
      // backup code, taking a TOTP step.
      const first = await mfa.signIn(user.username);
      const { secret, codes } = await mfa.enrol(first.browser, first.answer);
      const second = await mfa.signIn(user.username);
      const page = await mfa.mfaPage(second.browser, second.answer);
      const used = await second.browser.post(`${page.url}/backup-code/verify`, { code: codes[0] as string });
      await mfa.expectFinished(second.browser, used);
      const third = await mfa.signIn(user.username);
      const totp = await mfa.mfaPage(third.browser, third.answer);
      const code = currentTotpCode(secret, Date.now() + NEXT_STEP);
      await mfa.expectFinished(
        third.browser,
        await third.browser.post(mfa.action(totp.text, '/mfa/totp/verify'), { code }),
      );

      // Each sign-in wrote its MFA change and its sign-in time, both as the user on their own account.
      expect(audit.entries.filter((entry) => entry.entity === 'user')).toEqual(
        Array.from({ length: 6 }, () =>
          expect.objectContaining({ actor: `user:${user.id}`, kind: 'setInternal', id: user.id }),
        ),
      );
      await pages.app().webhooks.idle();
      // The three MFA changes are announced; the sign-in times are not.
      const updates = receiver.bodies.filter((body) => body.event === 'User.Data.Updated' && body.data?.id === user.id);
      expect(updates).toHaveLength(3);
      const text = JSON.stringify(updates);
      for (const value of [secret, ...codes, ...codes.map(backupCodeDigest), 'mfaVerifications']) {
        expect(text).not.toContain(value);
      }
    } finally {
      await receiver.close();
    }
  });
});
