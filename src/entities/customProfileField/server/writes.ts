import { translateConstraintError } from '../../../server/crud/constraint-errors.js';
import { generateId } from '../../../server/crud/ids.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { withDefaults } from '../../../shared/defaults.js';
import { checkField } from './rules.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/** A field's settings as a replacement body gives them: what it leaves out takes its default. */
const settingsOf = (body: Entity): Entity => ({
  type: body.type,
  label: body.label ?? '',
  description: body.description ?? null,
  required: body.required,
  config: body.config ?? {},
});

/** `PUT /api/custom-profile-fields/{name}`: every setting but the name, checked strictly (the field is shown). */
export const replaceField = async ({ context, id, body, operations }: ActionInput) => {
  const settings = settingsOf(body);
  checkField({ ...settings, name: id }, true);
  const replaced = await operations.changeInternal(context, id, () => settings);
  if (!replaced) throw operations.notFound(id);
  return replaced;
};

/** The profile field lists that name fields (the sign-up page's, the account center's), without `name`. */
const LISTS = [
  { entity: 'signInExperience', field: 'signUpProfileFields' },
  { entity: 'accountCenter', field: 'profileFields' },
];

/**
 * `DELETE /api/custom-profile-fields/{name}`: the field goes, and with it its place on the sign-up page and in the
 * account center, in one transaction; the lists' rows are locked first, so a concurrent edit of them is not lost.
 */
export const deleteField = async ({ context, id, operations, operationsOf }: ActionInput) => {
  const scope = { tenantId: context.tenantId };
  await operations.tx(context, async (tx) => {
    if (!(await operations.repository.delete(tx, scope, id))) throw operations.notFound(id);
    for (const { entity, field } of LISTS) {
      const { repository } = operationsOf(entity);
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM "${repository.model.table}" WHERE tenant_id = $1 FOR UPDATE`,
        [context.tenantId],
      );
      for (const row of rows) {
        const stored = await repository.find(tx, scope, row.id);
        const list = stored?.[field];
        if (!Array.isArray(list)) continue;
        const kept = list.filter((item: { name?: string }) => item.name !== id);
        if (kept.length !== list.length) await repository.update(tx, scope, row.id, { [field]: kept });
      }
    }
  });
};

/** The last place on the sign-up page so far (0 with no field): a new field goes after it. */
export const lastOrder = async (tx: Queryable, tenantId: string) => {
  const { rows } = await tx.query<{ last: number | null }>(
    'SELECT max(sie_order) AS last FROM custom_profile_fields WHERE tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.last ?? 0;
};

/** `POST /api/custom-profile-fields/batch`: every field checked, then all created in one transaction, in order. */
export const createBatch = async ({ context, body, operations }: ActionInput) => {
  const fields = body as unknown as Entity[];
  const names = fields.map((field) => String(field.name));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) {
    throw new ApiError('request.invalid_input', { details: `Duplicate profile field names: ${repeated.join(', ')}` });
  }
  for (const field of fields) checkField(field, false);
  const { model, repository } = operations;
  return operations.tx(context, async (tx) => {
    let order = await lastOrder(tx, context.tenantId);
    const created: Entity[] = [];
    for (const field of fields) {
      order += 1;
      const values = { ...withDefaults(model.schema, field), id: generateId(), sieOrder: order };
      try {
        created.push(await repository.insert(tx, context.tenantId, values));
      } catch (error) {
        throw translateConstraintError(model, error, values);
      }
    }
    return created;
  });
};

/** `POST /api/custom-profile-fields/properties/sie-order`: the fields named take the places given; answers all. */
export const orderFields = async ({ context, body, operations }: ActionInput) => {
  const order = (body.order ?? []) as { name: string; sieOrder: number }[];
  const names = order.map((item) => item.name);
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (repeated.length > 0) {
    throw new ApiError('request.invalid_input', { details: `Duplicate profile field names: ${repeated.join(', ')}` });
  }
  const scope = { tenantId: context.tenantId };
  await operations.tx(context, async (tx) => {
    const missing: string[] = [];
    for (const { name, sieOrder } of order) {
      if (!(await operations.repository.update(tx, scope, name, { sieOrder }))) missing.push(name);
    }
    if (missing.length > 0) {
      throw new ApiError('custom_profile_fields.entity_not_exists_with_names', { names: missing.join(', ') });
    }
  });
  return (await operations.list(context, {})).items;
};
