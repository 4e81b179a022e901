import { generatedCatalog } from './catalog.js';
import type { Catalog } from './crud/catalog.js';
import type { EntityOperations } from './crud/contracts.js';
import { GenericEntityOperations } from './crud/operations.js';
import { WritePipeline, type WriteStage } from './crud/pipeline.js';
import {
  type AuditSink,
  type ChangeListener,
  defaultWriteStages,
  MemoryAuditSink,
  type QuotaCheck,
} from './crud/stages.js';
import { createValidation } from './crud/validate.js';
import type { Database } from './db/database.js';
import { historyStage } from './history/stage.js';

export interface OperationsOptions {
  db: Database;
  /** What is served; default what codegen generated. */
  catalog?: Catalog | undefined;
  /** Where committed changes are announced (webhooks); late-bound, since the dispatcher needs the operations. */
  listener?: ChangeListener | undefined;
  audit?: AuditSink | undefined;
  quota?: QuotaCheck | undefined;
  /** The write pipeline's stages, from the default ones. */
  writeStages?: ((defaults: WriteStage[]) => WriteStage[]) | undefined;
}

/** The operations of every entity of a catalog, sharing one validation, one set of overrides and one pipeline. */
export const buildOperations = ({
  db,
  catalog = generatedCatalog(),
  listener,
  audit = new MemoryAuditSink(),
  quota,
  writeStages = (defaults) => defaults,
}: OperationsOptions) => {
  const operations = new Map<string, EntityOperations>();
  const operationsOf = (name: string) => {
    const found = operations.get(name);
    if (!found) throw new Error(`Unknown entity ${name}`);
    return found;
  };
  const validation = createValidation(catalog.validators);
  const { overrides } = catalog;
  const pipeline = new WritePipeline(
    writeStages(
      defaultWriteStages({
        overrides,
        listener,
        audit,
        quota,
        modelOf: (name) => operationsOf(name).model,
        // A catalog without the history's table (a test's own) keeps none.
        ...(catalog.models.some((model) => model.name === 'configChange')
          ? { history: historyStage((name) => operationsOf(name).repository) }
          : {}),
      }),
    ),
    db,
  );
  for (const model of catalog.models) {
    operations.set(
      model.name,
      new GenericEntityOperations(model, { db, operationsOf, validation, overrides, pipeline }),
    );
  }
  return { operationsOf, validation, overrides, pipeline, audit };
};
