import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the local SMTP server accepted, parsed. */
export interface ReceivedMail {
  /** The envelope's sender and recipients (RCPT TO), as the client gave them. */
  envelope: { from: string; to: string[] };
  /** The user name the client signed in with, if it did. */
  user?: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  headers: ParsedMail['headers'];
}

export interface SmtpServerOptions {
  /** When given, the client must sign in (AUTH PLAIN or LOGIN) with this user and password. */
  credentials?: { user: string; pass: string };
  /** Refuse every recipient with this SMTP reply (a server that will not take the message). */
  rejectRecipients?: string | undefined;
  /** Take each message this many milliseconds after its data arrived (a slow server); 0 or unset: at once. */
  answerAfterMs?: number | undefined;
}

/** `value`, `ms` milliseconds from now (the slow server's answer). */
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

const addresses = (value: ParsedMail['to']): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => entry.address ?? ''),
  );

/**
 * A local SMTP server for tests: it listens on a random port of 127.0.0.1, takes messages (plain SMTP, no
 * STARTTLS), parses each and keeps it. `nextMessageTo(address)` resolves with the first message to that address
 * not yet taken, waiting for it when it has not arrived (no sleeps); `messages` lists every message so far.
 * `behave(changes)` changes its options while it runs (a server that turns slow or refusing).
 */
export const startSmtpServer = async (initial: SmtpServerOptions = {}) => {
  const options: SmtpServerOptions = { ...initial };
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const matches = (mail: ReceivedMail, address: string) =>
    mail.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase());

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const index = waiting.findIndex((waiter) => matches(mail, waiter.address));
    if (index === -1) return;
    const [waiter] = waiting.splice(index, 1);
    taken.add(mail);
    waiter?.resolve(mail);
  };

  const server = new SMTPServer({
    disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      const { credentials } = options;
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        callback(Object.assign(new Error(options.rejectRecipients), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const answerAfterMs = options.answerAfterMs ?? 0;
      simpleParser(stream)
        .then((parsed) => (answerAfterMs > 0 ? later(answerAfterMs, parsed) : parsed))
        .then((parsed) => {
          deliver({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: typeof session.user === 'string' ? session.user : undefined,
            from: parsed.from?.value[0]?.address ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            replyTo: parsed.replyTo?.value[0]?.address ?? '',
            headers: parsed.headers,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    messages,
    /** The next message to `address` not yet taken by an earlier call, as soon as it has arrived. */
    nextMessageTo(address: string): Promise<ReceivedMail> {
      const arrived = messages.find((mail) => !taken.has(mail) && matches(mail, address));
      if (arrived) {
        taken.add(arrived);
        return Promise.resolve(arrived);
      }
      return new Promise((resolve) => waiting.push({ address, resolve }));
    },
    /** Messages to `address` so far (taken or not). */
    messagesTo: (address: string) => messages.filter((mail) => matches(mail, address)),
    /** Changes how the server answers from now on (`undefined` values back to the defaults). */
    behave: (changes: SmtpServerOptions) => Object.assign(options, changes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Templates for every usage type Logto's SMTP connector requires, each naming its type in the subject. */
export const smtpTemplates = (types = ['SignIn', 'Register', 'ForgotPassword', 'Generic']) =>
  types.map((usageType) => ({
    usageType,
    contentType: 'text/plain' as const,
    subject: `${usageType} code`,
    content: `Your ${usageType} code is {{code}}.`,
  }));

/** An SMTP connector configuration for the local server. */
export const smtpConfig = (server: { host: string; port: number }, extra: Record<string, unknown> = {}) => ({
  host: server.host,
  port: server.port,
  auth: { user: 'mailer', pass: 'mailer-secret' },
  fromEmail: 'noreply@gatehouse.test',
  templates: smtpTemplates(),
  ...extra,
});
