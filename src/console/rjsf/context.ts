import type { FieldPathList, Registry, RJSFSchema } from '@rjsf/utils';
import type { FormSection } from '../../shared/descriptor';

/** What every template and widget needs to name things: the entity (field labels) and its text namespace. */
export interface SchemaFormContext {
  entity: string;
  namespace: string;
  /** Root-level sections of a settings form: each renders as a card (title and description left, fields right). */
  sections?: FormSection[];
  /** Root-level fields that are not rendered at all. */
  omitted?: string[];
  /**
   * Root-level fields that must keep a value although the form's schema does not require them: a settings form
   * changes a record (PATCH), and these cannot be emptied (`keptFields` in patch-body).
   */
  requiredFields?: string[];
}

export const emptyContext: SchemaFormContext = { entity: '', namespace: '' };

export const asContext = (formContext: unknown): SchemaFormContext =>
  (formContext as SchemaFormContext | undefined) ?? emptyContext;

/** `['config', 'headers', 0]` → `config.headers` (array indexes are not part of label keys). */
export const dottedPath = (path: FieldPathList): string => path.filter((part) => typeof part === 'string').join('.');

export const ids = {
  label: (id: string) => `${id}__label`,
  description: (id: string) => `${id}__description`,
  error: (id: string) => `${id}__error`,
};

/** A list without a minimum may be left empty: its key is required, but nothing needs to be entered. */
const mayBeEmpty = (schema: RJSFSchema) => schema.type === 'array' && !schema.minItems;

/**
 * Whether a field (by its id) is shown as required: required by its schema, or a root field the form says must keep
 * a value.
 */
export const isMarkedRequired = ({
  id,
  required,
  schema,
  registry,
}: {
  id: string;
  required?: boolean | undefined;
  schema: RJSFSchema;
  registry: Registry;
}): boolean => {
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const kept = (asContext(registry.formContext).requiredFields ?? []).some(
    (name) => id === `${idPrefix}${idSeparator}${name}`,
  );
  return (Boolean(required) || kept) && !mayBeEmpty(schema);
};
