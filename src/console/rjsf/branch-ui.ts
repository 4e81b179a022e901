import type { UiSchema } from '@rjsf/utils';
import type { JSONSchema7 } from '../../shared/json-schema';

/**
 * The uiSchema of a form with polymorphic fields (`oneOf` with a discriminator): each such field chooses its branch
 * with a labelled select of the branch titles, and the branch's discriminator property, which the choice sets, is
 * not shown as an input of its own. What a descriptor's uiSchema says for the field is kept.
 */
export const withBranchUi = (schema: JSONSchema7, uiSchema: UiSchema): UiSchema => {
  const fields = Object.entries(schema.properties ?? {}).filter(([, field]) => field.oneOf && field.discriminator);
  if (fields.length === 0) return uiSchema;
  const result: UiSchema = { ...uiSchema };
  for (const [name, field] of fields) {
    const tag = field.discriminator?.propertyName ?? '';
    const own = (uiSchema[name] ?? {}) as UiSchema;
    result[name] = {
      'ui:widget': 'branchSelect',
      ...own,
      'ui:options': {
        discriminator: tag,
        values: (field.oneOf ?? []).map((branch) => branch.properties?.[tag]?.const),
        ...(own['ui:options'] as object | undefined),
      },
      [tag]: { 'ui:widget': 'hidden', ...(own[tag] as UiSchema | undefined) },
    };
  }
  return result;
};
