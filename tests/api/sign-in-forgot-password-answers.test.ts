/**
 * What the forgot password answer tells about an address: nothing. A known address is answered as soon as an
 * unknown one though its code goes through a slow mail server (the code is sent beside the answer, and still
 * arrives), and the same way when the mail server refuses the message, which is recorded without the address or code.
 */
import { describe, expect, it } from 'vitest';
import { forgotPasswordSteps } from './forgot-password-steps.js';
import { databases } from './harness.js';
import { useSignInPages } from './sign-in-pages-steps.js';

/** How long the slow mail server takes to accept a message: far above what a request takes on a busy machine. */
const SLOW_SMTP_MS = 1000;
/** Timed requests per kind of address (a median of 7 ignores the 3 slowest of each). */
const RUNS = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe.each(databases())('forgot password answers on $name', (target) => {
  const pages = useSignInPages(target);
  const steps = forgotPasswordSteps(pages);
  let ghosts = 0;
  const ghost = () => `ghost-${Date.now()}-${++ghosts}@example.com`;

  /** Asks for a code for `email` in a new flow; answers the time the request took (ms). */
  const timedSend = async (email: string) => {
    const flow = await steps.openForgotPassword();
    const started = performance.now();
    const answer = await flow.sendTo(email);
    const took = performance.now() - started;
    steps.expectRedirect(answer, '/forgot-password/code');
    return took;
  };

  it('answers a known address as soon as an unknown one while the mail server is slow', async () => {
    steps.smtp().behave({ answerAfterMs: SLOW_SMTP_MS });
    const known: number[] = [];
    const unknown: number[] = [];
    const emails: string[] = [];
    // Interleaved, so that the machine's load weighs on both kinds alike; each address once (the rate limit).
    for (let run = 0; run < RUNS; run++) {
      const { email } = await steps.newUser();
      emails.push(email);
      known.push(await timedSend(email));
      unknown.push(await timedSend(ghost()));
    }
    // A known address waiting for its mail would take the server's delay longer, every time.
    expect(Math.abs(median(known) - median(unknown)), JSON.stringify({ known, unknown })).toBeLessThan(
      SLOW_SMTP_MS / 2,
    );
    // The codes went out all the same.
    for (const email of emails) expect(await steps.codeSentTo(email)).toMatch(/^\d{6}$/);
  });

  it('answers a known address the same when its code cannot be sent, and records the failure', async () => {
    steps.smtp().behave({ rejectRecipients: 'Mailbox unavailable' });
    const user = await steps.newUser();
    const flow = await steps.openForgotPassword();
    steps.expectRedirect(await flow.sendTo(user.email), '/forgot-password/code');
    const codePage = await flow.browser.get(`${flow.signInUrl}/forgot-password/code`);
    expect(codePage.text).toContain(`If ${user.email} belongs to an account, a 6-digit code is on its way to it.`);
    expect(await steps.logsOf(flow.uid)).toEqual([
      [
        'Interaction.ForgotPassword.Verification.EmailVerificationCode.Create',
        'Error',
        'verification_code.send_failed',
      ],
    ]);
    const { rows } = await pages
      .db()
      .query<{ payload: unknown }>(
        `SELECT payload FROM logs WHERE tenant_id = 'default' AND payload->>'sessionId' = $1`,
        [flow.uid],
      );
    expect(JSON.stringify(rows)).not.toContain(user.email);
    expect(steps.smtp().messagesTo(user.email)).toHaveLength(0);
  });
});
