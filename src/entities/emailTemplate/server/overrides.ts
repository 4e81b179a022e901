import { generateId } from '../../../server/crud/ids.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/**
 * `PUT /api/email-templates`: each template is created, or replaces the details of the tenant's template of its
 * language and type, all in one transaction. Upserts of a tenant queue behind one lock, so two racing for the same
 * language and type update one template rather than collide.
 */
const upsert = async ({ context, body, operations }: ActionInput) => {
  const templates = body.templates as Entity[];
  const scope = { tenantId: context.tenantId };
  const { repository } = operations;
  return operations.tx(context, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.email-templates.${context.tenantId}`]);
    const saved: Entity[] = [];
    for (const { languageTag, templateType, details } of templates) {
      const stored = await repository.findBy(tx, scope, { languageTag, templateType });
      saved.push(
        stored
          ? ((await repository.update(tx, scope, String(stored.id), { details })) as Entity)
          : await repository.insert(tx, context.tenantId, { id: generateId(), languageTag, templateType, details }),
      );
    }
    return saved;
  });
};

/** `DELETE /api/email-templates?languageTag=…&templateType=…`: at least one filter (Logto's 422 without). */
const deleteWhere = async ({ context, query, operations }: ActionInput) => {
  const filters = Object.fromEntries(
    (['languageTag', 'templateType'] as const).flatMap((name) =>
      typeof query[name] === 'string' ? [[name, [query[name] as string]]] : [],
    ),
  );
  if (Object.keys(filters).length === 0) {
    throw new ApiError(
      'connector.email_connector.bulk_deletion_no_filter',
      { properties: ['languageTag', 'templateType'] },
      undefined,
      422,
    );
  }
  const scope = { tenantId: context.tenantId };
  return operations.tx(context, async (tx) => {
    const { items } = await operations.repository.list(tx, scope, { filters });
    for (const item of items) await operations.repository.delete(tx, scope, String(item.id));
    return { rowCount: items.length };
  });
};

/** `PATCH /api/email-templates/{id}/details`: the details given replace those of the same name; the rest stay. */
const patchDetails = async ({ context, id, body, operations }: ActionInput) => {
  const changed = await operations.changeInternal(context, id, (stored) => ({
    details: { ...(stored.details as Entity), ...body },
  }));
  if (!changed) throw operations.notFound(id);
  return changed;
};

export const emailTemplateOverrides = {
  'emailTemplate.upsert': { kind: 'action', run: upsert },
  'emailTemplate.delete-where': { kind: 'action', run: deleteWhere },
  'emailTemplate.patch-details': { kind: 'action', run: patchDetails },
} satisfies Record<string, ServerOverride>;
