import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { type NewEmailTemplate, upsertEmailTemplates } from './upsert.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/** `PUT /api/email-templates`: each template created, or its language and type's details replaced. */
const upsert = ({ context, body, operations }: ActionInput) =>
  upsertEmailTemplates(operations, context, body.templates as NewEmailTemplate[]);

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
