import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import { generateId } from '../../../server/crud/ids.js';
import type { Entity } from '../../../server/crud/repository.js';

export interface NewEmailTemplate {
  languageTag: string;
  templateType: string;
  details: Entity;
}

/**
 * Each template is created, or replaces the details of the tenant's template of its language and type (unless
 * `keepStored`: a stored one then stays as it is), all in one transaction. Upserts of a tenant queue behind one lock,
 * so two racing for the same language and type update one template rather than collide.
 */
export const upsertEmailTemplates = (
  operations: EntityOperations,
  context: RequestContext,
  templates: NewEmailTemplate[],
  { keepStored = false } = {},
) => {
  const scope = { tenantId: context.tenantId };
  const { repository } = operations;
  return operations.tx(context, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.email-templates.${context.tenantId}`]);
    const saved: Entity[] = [];
    for (const { languageTag, templateType, details } of templates) {
      const stored = await repository.findBy(tx, scope, { languageTag, templateType });
      if (stored && keepStored) saved.push(stored);
      else if (stored) saved.push((await repository.update(tx, scope, String(stored.id), { details })) as Entity);
      else
        saved.push(
          await repository.insert(tx, context.tenantId, { id: generateId(), languageTag, templateType, details }),
        );
    }
    return saved;
  });
};
