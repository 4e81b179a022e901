import type { ActionModel, EntityModel } from '../../shared/descriptor.js';
import type { Database, Queryable } from '../db/database.js';
import type { RequestContext } from './context.js';
import type { OpenWrite } from './open-write.js';
import type { Entity } from './repository.js';

/** A webhook event a write announces, with the fields of its payload. */
export interface Announcement {
  event: string;
  fields: Record<string, unknown>;
}

/** The writes of `EntityOperations`; each runs through the same stages. */
export type WriteKind = 'create' | 'update' | 'delete' | 'link' | 'unlink' | 'setInternal' | 'action';

/** One write on its way through the stages. Stages read it, and some (server hooks) replace its `values`. */
export interface Write {
  kind: WriteKind;
  model: EntityModel;
  context: RequestContext;
  /** The scopes the write needs: the entity's write scopes, or what the action declares. */
  requiredScopes: readonly string[];
  /** The item written, when it is known before the write (update, delete, link, actions on an item). */
  id?: string | undefined;
  /** The record an update changes, as stored before it (read with the row locked), when the update needed it. */
  stored?: Entity | undefined;
  /** What is stored: the new record of a create, the patch of an update or of `setInternal`. */
  values?: Entity | undefined;
  /** The relation of a link or unlink, and the ids it names. */
  relation?: string | undefined;
  targetIds?: string[] | undefined;
  /** The declared action of an action write, and the body it was called with. */
  action?: ActionModel | undefined;
  body?: unknown;
  /**
   * Events the write announces beyond its descriptor's `webhookEvents` (a membership change), each with the fields
   * its payload carries; sent after commit, dropped when the write fails.
   */
  announcements?: Announcement[] | undefined;
  /** The outcome, once the write has committed: the stored record, the deleted row, the action's answer. */
  result?: unknown;
}

/**
 * One stage of the write pipeline, a named set of optional steps. `before` runs ahead of the transaction and may
 * refuse (access, quota); `within` runs inside the transaction ahead of the statements and may change `values`
 * (server hooks); `recorded` runs inside it after the statements (history); `after` runs once the transaction has
 * committed (audit, events). Stages run in list order at
 * each step.
 */
export interface WriteStage {
  name: string;
  before?(write: Write): void | Promise<void>;
  within?(write: Write, tx: Queryable, started?: Write): void | Promise<void>;
  /** Inside the transaction once the write's statements have run: what commits with them (the history). */
  recorded?(write: Write, tx: Queryable, result: unknown): void | Promise<void>;
  after?(write: Write): void | Promise<void>;
}

export type { OpenWrite } from './open-write.js';

export interface RunOptions<T> {
  /** Statements that find what the write is about (the parent, the stored row), first in the transaction. */
  load?: (tx: Queryable) => Promise<void>;
  /** The statements of the write, after the `within` steps; `open` lets another write join them. */
  work: (tx: Queryable, open: OpenWrite) => Promise<T>;
  /** Run inside this write's transaction instead of opening one. */
  join?: OpenWrite;
  /**
   * False for an action, whose handler opens the transactions it needs itself: its `within` steps are skipped and
   * its handler runs between `before` and `after`.
   */
  transaction?: boolean;
}

/** Runs writes through an ordered list of stages. */
export class WritePipeline {
  constructor(
    readonly stages: readonly WriteStage[],
    private readonly db: Database,
  ) {}

  async run<T>(write: Write, { load, work, join: given, transaction = true }: RunOptions<T>): Promise<T> {
    // A write made with a joining context (a configuration apply) runs in that context's transaction.
    const join = given ?? (transaction ? write.context.join : undefined);
    for (const stage of this.stages) await stage.before?.(write);
    const inside = async (tx: Queryable, open: OpenWrite) => {
      await load?.(tx);
      for (const stage of this.stages) await stage.within?.(write, tx);
      const result = await work(tx, open);
      for (const stage of this.stages) await stage.recorded?.(write, tx, result);
      return result;
    };
    if (join) {
      const result = await inside(join.tx, join);
      write.result = result;
      join.afterCommit(() => this.after(write));
      return result;
    }
    const committed: (() => Promise<void>)[] = [];
    const open = (tx: Queryable): OpenWrite => ({ tx, afterCommit: (step) => committed.push(step) });
    const result = transaction
      ? await this.db.withTenant(write.context.tenantId, (tx) => inside(tx, open(tx)))
      : await work(this.db, open(this.db));
    write.result = result;
    await this.after(write);
    for (const step of committed) await step();
    return result;
  }

  private async after(write: Write): Promise<void> {
    for (const stage of this.stages) await stage.after?.(write);
  }

  /**
   * The `within` steps of an action's write for a record its handler creates in its own transaction: `write` is the
   * action's write with that record as its values, `started` the write whose `before` steps ran.
   */
  async within(write: Write, started: Write, tx: Queryable): Promise<void> {
    for (const stage of this.stages) await stage.within?.(write, tx, started);
  }

  /** A read dressed as a write (a `GET` action): only the access stage runs before it. */
  async read<T>(write: Write, handler: () => Promise<T>): Promise<T> {
    for (const stage of this.stages) if (stage.name === 'access') await stage.before?.(write);
    return handler();
  }
}
