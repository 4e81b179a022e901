import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import type { Entity } from '../../../server/crud/repository.js';
import { type FieldChange, fieldDiff } from '../../../shared/field-diff.js';
import { type AsCodeModel, currentItems, type Files, isEnvRef, pathOf, readFiles } from './files.js';

export interface PlanStep {
  file: string;
  entity: string;
  key: string;
  kind: 'create' | 'update' | 'delete';
  id?: string;
  changes: FieldChange[];
  /** What the step sends: the create or update body. */
  body?: Entity;
}

/** A file's values the API takes: secrets the environment did not resolve (still references) are left as stored. */
const sent = (content: Record<string, unknown>, fields: Set<string>) =>
  Object.fromEntries(Object.entries(content).filter(([field, value]) => fields.has(field) && !isEnvRef(value)));

/** Absent and null read the same in a file and in the tenant. */
const present = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined));

/**
 * What making the tenant as the files say takes, entity by entity (folders absent from the files are left alone):
 * an item only in the files is created, one in both is updated where a field it names differs (the fields its
 * update body takes), one only in the tenant is deleted. Creates and changes in the entities' order, deletes after.
 */
export const planOf = async (
  models: AsCodeModel[],
  operationsOf: (entity: string) => EntityOperations,
  context: RequestContext,
  files: Files,
): Promise<PlanStep[]> => {
  const wanted = readFiles(models, files);
  const writes: PlanStep[] = [];
  const deletes: PlanStep[] = [];
  for (const model of models) {
    const items = wanted.get(model);
    if (!items) continue;
    const existing = await currentItems(model, operationsOf(model.name), context);
    const creatable = new Set(Object.keys(model.requestBodies.create?.schema.properties ?? {}));
    const updatable = new Set(Object.keys(model.requestBodies.update?.schema.properties ?? {}));
    for (const [key, { file, content }] of items) {
      const item = existing.get(key);
      const base = { file, entity: model.name, key };
      if (!item) {
        const body = sent(content, creatable);
        writes.push({ ...base, kind: 'create', changes: fieldDiff(null, present(body)), body });
        continue;
      }
      const body = sent(content, updatable);
      const stored = Object.fromEntries(Object.keys(body).map((field) => [field, item[field]]));
      const changes = fieldDiff(present(stored), present(body));
      if (changes.length === 0) continue;
      const changed = new Set(changes.map((change) => change.path.split('.')[0]));
      const patch = Object.fromEntries(Object.entries(body).filter(([field]) => changed.has(field)));
      writes.push({ ...base, kind: 'update', id: String(item.id), changes, body: patch });
    }
    for (const [key, item] of existing) {
      if (items.has(key)) continue;
      deletes.push({
        file: pathOf(model, key),
        entity: model.name,
        key,
        kind: 'delete',
        id: String(item.id),
        changes: [],
      });
    }
  }
  return [...writes, ...deletes.reverse()];
};

/** The plan as the API answers it: each step without its body, and the count of each kind. */
export const answerOf = (steps: PlanStep[]) => ({
  steps: steps.map(({ body: _body, ...step }) => step),
  summary: {
    create: steps.filter((step) => step.kind === 'create').length,
    update: steps.filter((step) => step.kind === 'update').length,
    delete: steps.filter((step) => step.kind === 'delete').length,
  },
});
