import type { TFunction } from 'i18next';
import { enumDescriptionKey, enumLabelKey, fieldDescriptionKey, fieldLabelKey } from '../../shared/text-keys';

/**
 * Label of an enum value, e.g. webhook events → `webhooks.event.<value>`, role types → `roles.type.<value>`
 * (namespace from the entity's title key, then the singular field name); falls back to the raw value.
 */
export const enumLabel = (t: TFunction, namespace: string, fieldPath: string, value: unknown): string => {
  return String(t(enumLabelKey(namespace, fieldPath, value), { defaultValue: String(value) }));
};

/** A short explanation of an enum value (`applications.type_description.SPA`), when there is one. */
export const enumDescription = (
  t: TFunction,
  namespace: string,
  fieldPath: string,
  value: unknown,
): string | undefined => {
  const text = String(t(enumDescriptionKey(namespace, fieldPath, value), { defaultValue: '' }));
  return text || undefined;
};

const humanize = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

/** Field label: `fields.<entity>.<dotted.path>`, else the schema title, else the property name made readable. */
export const fieldLabel = (t: TFunction, entity: string, path: string, title?: string): string => {
  const name = path.split('.').at(-1) ?? path;
  return String(t(fieldLabelKey(entity, path), { defaultValue: title ?? humanize(name) }));
};

/** Field description: `fields.<entity>.<dotted.path>_description` when present. */
export const fieldDescription = (t: TFunction, entity: string, path: string): string | undefined => {
  const key = fieldDescriptionKey(entity, path);
  const text = String(t(key, { defaultValue: '' }));
  return text && text !== key ? text : undefined;
};
