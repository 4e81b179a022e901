import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { asCodeModels, currentItems, type Files, fileOf, pathOf } from './files.js';
import { answerOf, planOf } from './plan.js';

type Run = Parameters<ActionOverride['run']>[0];

/** `GET /api/config/export`: every item of the entities that take part, as files sorted by path. */
const exportFiles = async ({ context, models, operationsOf }: Run) => {
  const files: Files = {};
  for (const model of asCodeModels(models)) {
    for (const [key, item] of await currentItems(model, operationsOf(model.name), context)) {
      files[pathOf(model, key)] = fileOf(model, item);
    }
  }
  return { files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
};

/** `POST /api/config/plan`: what applying the files would do; nothing is written. */
const plan = async ({ context, models, operationsOf, body }: Run) =>
  answerOf(await planOf(asCodeModels(models), operationsOf, context, body.files as Files));

/** A refusal names the file whose step it refused, beside the rule's own code and data. */
const inFile = (error: unknown, file: string) =>
  error instanceof ApiError
    ? new ApiError(error.code, error.params, { ...(error.data as object | undefined), file }, error.status)
    : error;

/**
 * `POST /api/config/apply`: the plan carried out in one transaction, each step through the entity's own operations
 * (its rules, its audit record, its history) joined to that transaction: a refused step rolls every step back and
 * answers the refusal, naming the file. What the writes announce (webhooks) goes out once all have committed.
 */
const apply = async ({ context, db, models, operationsOf, body }: Run) => {
  const steps = await planOf(asCodeModels(models), operationsOf, context, body.files as Files);
  const committed: (() => Promise<void>)[] = [];
  await db.withTenant(context.tenantId, async (tx) => {
    const joined = { ...context, join: { tx, afterCommit: (step: () => Promise<void>) => committed.push(step) } };
    for (const step of steps) {
      const ops = operationsOf(step.entity);
      try {
        if (step.kind === 'create') step.id = String(((await ops.create(joined, step.body)) as Entity).id);
        else if (step.kind === 'update') await ops.update(joined, String(step.id), step.body);
        else await ops.delete(joined, String(step.id));
      } catch (error) {
        throw inFile(error, step.file);
      }
    }
  });
  for (const step of committed) await step();
  return answerOf(steps);
};

export const configBundleOverrides = {
  'configBundle.export': { kind: 'action', run: exportFiles },
  'configBundle.plan': { kind: 'action', run: plan },
  'configBundle.apply': { kind: 'action', run: apply },
} satisfies Record<string, ServerOverride>;
