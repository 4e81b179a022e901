import type { Queryable } from '../db/database.js';
import { shownRecord } from './fields.js';
import type { Write, WritePipeline } from './pipeline.js';
import type { Entity, Repository, Scope } from './repository.js';

/**
 * What a change makes of a record as stored (read with its row locked): the values to store, or `undefined` when
 * the record fails the change's precondition (a code already used, a time step already taken), and nothing is
 * written. What it throws rolls the transaction back and reaches the caller.
 */
export type ChangeDecision = (stored: Entity, tx: Queryable) => Entity | undefined | Promise<Entity | undefined>;

/** The precondition failed (or the record is gone): the write stops, and its caller answers undefined. */
class Refused extends Error {}

/**
 * A compare-and-set of server-managed values on one record, as one write of the pipeline (access, quota, the
 * transaction, audit, events): the record is read with its row locked, `decide` answers the values to store or
 * refuses, and the update follows in the same transaction, so of two changes racing for one record the second
 * decides on what the first stored. As with `setInternal` the values are the server's, not input (no validation,
 * no server hooks); the change is announced as an update of the record (the entity's `updated` event, with the
 * record as the API shows it). Answers the updated record, or undefined when refused: nothing is then written,
 * audited or announced.
 */
export const changeIf = async (
  pipeline: WritePipeline,
  write: Write & { id: string },
  repository: Repository,
  scope: Scope,
  decide: ChangeDecision,
): Promise<Entity | undefined> => {
  try {
    return await pipeline.run(write, {
      load: async (tx) => {
        const stored = await repository.find(tx, scope, write.id, true);
        const values = stored && (await decide(stored, tx));
        if (!values) throw new Refused();
        write.stored = stored;
        write.values = values;
      },
      work: async (tx) => {
        const updated = await repository.update(tx, scope, write.id, write.values ?? {});
        if (!updated) throw new Refused();
        const event = write.model.webhookEvents.updated;
        if (event) {
          const announcement = { event, fields: { data: shownRecord(write.model, updated) } };
          write.announcements = [...(write.announcements ?? []), announcement];
        }
        return updated;
      },
    });
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
};
