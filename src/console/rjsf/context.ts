import type { FieldPathList } from '@rjsf/utils';
import type { FormSection } from '../../shared/descriptor';

/** What every template and widget needs to name things: the entity (field labels) and its text namespace. */
export interface SchemaFormContext {
  entity: string;
  namespace: string;
  /** Root-level sections of a settings form: each renders as a card (title and description left, fields right). */
  sections?: FormSection[];
  /** Root-level fields that are not rendered at all. */
  omitted?: string[];
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
