import type { Queryable } from '../db/database.js';

/**
 * A write's open transaction, for another write that belongs with it (the roles a new account is given): that write
 * joins the transaction, so both commit or neither, and its `after` steps run once the transaction has committed,
 * after those of the write that opened it.
 */
export interface OpenWrite {
  tx: Queryable;
  afterCommit(step: () => Promise<void>): void;
}
