/**
 * The steps of the forgot password tests: a tenant with the local SMTP server as its email connector and the
 * reset by email offered, an account with an email address, and each page of the flow as a browser takes it.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { unique } from './harness.js';
import type { Browser } from './oidc-helpers.js';
import { PASSWORD, type useSignInPages } from './sign-in-pages-steps.js';
import { type SmtpTestServer, smtpConfig, startSmtpServer } from './smtp-server.js';
import { createUser } from './users.js';

type Pages = ReturnType<typeof useSignInPages>;
type Answer = Awaited<ReturnType<Browser['request']>>;

export const NEW_PASSWORD = 'Brand-new-passw0rd';
const SMTP = 'simple-mail-transfer-protocol';

export const forgotPasswordSteps = (pages: Pages) => {
  const state: { smtp?: SmtpTestServer } = {};
  const smtp = () => state.smtp as SmtpTestServer;

  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    const created = await pages.api('', 'POST', '/connectors', { connectorId: SMTP, config: smtpConfig(smtp()) });
    expect(created.status, created.text).toBe(200);
  });
  afterAll(() => state.smtp?.close());
  beforeEach(async () => {
    smtp().behave({ answerAfterMs: undefined, rejectRecipients: undefined });
    await pages.reset();
    await pages.patch('', { forgotPasswordMethods: ['EmailVerificationCode'] });
  });

  const newUser = async () => {
    const username = unique('fp_');
    const email = `${username}@example.com`;
    const user = await createUser(pages.db(), 'default', { username, primaryEmail: email, password: PASSWORD });
    return { id: user.id, username, email };
  };

  /** The `href` of the page's link whose text is `text`. */
  const linkTo = (page: { text: string }, text: string) => {
    const found = [...page.text.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].find((match) => match[2] === text);
    expect(found, `no link "${text}"`).toBeDefined();
    return new URL(found?.[1] as string, pages.origin()).toString();
  };

  /** Opens the sign-in page and follows its "Forgot password?" link. */
  const openForgotPassword = async () => {
    const { browser, page } = await pages.open('');
    const uid = page.url.split('/').pop() as string;
    const start = await browser.get(linkTo(page, 'Forgot password?'));
    expect(start.status, start.text).toBe(200);
    expect(start.text).toContain('Reset your password');
    const at = `${page.url}/forgot-password`;
    return {
      browser,
      uid,
      signInUrl: page.url,
      start,
      sendTo: (email: string) => browser.post(at, { email }),
      submitCode: (code: string) => browser.post(`${at}/code`, { code }),
      resend: () => browser.post(`${at}/resend`, {}),
      submitPassword: (password: string, passwordConfirm = password) =>
        browser.post(`${at}/password`, { password, passwordConfirm }),
    };
  };

  /** The code of the next message to `email`, from its text. */
  const codeSentTo = async (email: string) => {
    const mail = await smtp().nextMessageTo(email);
    expect(mail.subject).toBe('ForgotPassword code');
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code, mail.text).toBeDefined();
    return code as string;
  };

  /** A flow with the code sent to the user's address (and read from the mailbox). */
  const codeRequested = async (email: string) => {
    const flow = await openForgotPassword();
    const sent = await flow.sendTo(email);
    expect(sent.status, sent.text).toBe(303);
    expect(sent.location).toMatch(/\/forgot-password\/code$/);
    return { ...flow, code: await codeSentTo(email) };
  };

  /** The answer leads to `suffix` (a page of the flow, or the sign-in page with its notice). */
  const expectRedirect = (answer: Answer, suffix: string | RegExp) => {
    expect(answer.status, answer.text).toBe(303);
    if (typeof suffix === 'string') expect(answer.location?.endsWith(suffix), answer.location).toBe(true);
    else expect(answer.location).toMatch(suffix);
  };

  /** A wrong code for `code` (any other six digits). */
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  /** The interaction's audit entries: key, result and error code, in order (once the codes under way were sent). */
  const logsOf = async (uid: string) => {
    await pages.app().identity.outbox.settled();
    await pages.app().auditLog.flush();
    const { rows } = await pages.db().query<{ key: string; result: string; payload: { error?: { code: string } } }>(
      `SELECT key, result, payload FROM logs WHERE tenant_id = 'default' AND payload->>'sessionId' = $1
         ORDER BY created_at, id`,
      [uid],
    );
    return rows.map((row) => [row.key, row.result, row.payload.error?.code].filter(Boolean));
  };

  /** Moves the flow's last send back by `seconds` (the resend countdown then runs out without waiting). */
  const ageLastSend = (uid: string, seconds: number) =>
    pages.db().query(
      `UPDATE oidc_model_instances
       SET payload = jsonb_set(payload, '{result,forgotPassword,sentAt}',
                               to_jsonb((payload #>> '{result,forgotPassword,sentAt}')::bigint - $2 * 1000))
       WHERE tenant_id = 'default' AND id = 'Interaction:' || $1`,
      [uid, seconds],
    );

  return {
    smtp,
    newUser,
    linkTo,
    openForgotPassword,
    codeSentTo,
    codeRequested,
    expectRedirect,
    wrongCode,
    logsOf,
    ageLastSend,
  };
};
