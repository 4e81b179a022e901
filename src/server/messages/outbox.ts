import type { FastifyBaseLogger } from 'fastify';

/**
 * Messages sent beside the request that asked for them: the answer never waits for the mail server, so how long it
 * takes tells nothing about whom a message went to (a forgot password code goes only to an address with an account;
 * the answer for any other address must not come sooner). A send reports its own failure (the audit log, the server
 * log); what escapes it is logged here, never thrown. `settled()` resolves once the sends under way have finished
 * (the server waits for it before it closes the database, tests before they read what a send recorded).
 */
export class Outbox {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `send` after the caller's synchronous work; the caller goes on at once. */
  post(send: () => Promise<void>): void {
    const sending: Promise<void> = Promise.resolve()
      .then(send)
      .catch((error: unknown) => this.log.warn({ err: error }, 'message not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
