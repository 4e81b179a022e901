import type { TFunction } from 'i18next';

/** `events` → `event`, `type` → `type`: option labels live under the singular field name. */
const singular = (name: string): string =>
  name.length > 3 && name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;

/**
 * Label of an enum value, e.g. webhook events → `webhooks.event.<value>`, role types → `roles.type.<value>`
 * (namespace from the entity's title key, then the singular field name); falls back to the raw value.
 */
export const enumLabel = (t: TFunction, namespace: string, fieldPath: string, value: unknown): string => {
  const field = fieldPath.split('.').at(-1) ?? fieldPath;
  return String(t(`${namespace}.${singular(field)}.${String(value)}`, { defaultValue: String(value) }));
};

/** A short explanation of an enum value (`applications.type_description.SPA`), when there is one. */
export const enumDescription = (
  t: TFunction,
  namespace: string,
  fieldPath: string,
  value: unknown,
): string | undefined => {
  const field = fieldPath.split('.').at(-1) ?? fieldPath;
  const text = String(t(`${namespace}.${singular(field)}_description.${String(value)}`, { defaultValue: '' }));
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
  return String(t(`fields.${entity}.${path}`, { defaultValue: title ?? humanize(name) }));
};

/** Field description: `fields.<entity>.<dotted.path>_description` when present. */
export const fieldDescription = (t: TFunction, entity: string, path: string): string | undefined => {
  const key = `fields.${entity}.${path}_description`;
  const text = String(t(key, { defaultValue: '' }));
  return text && text !== key ? text : undefined;
};
