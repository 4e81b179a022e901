/**
 * How the console derives translation keys from the registry. Pure functions, shared by the console (which looks
 * the keys up) and codegen (which lists every key the registry requires, so a missing English text fails codegen).
 */

import { snakeCase } from './snake-case.js';

/** `events` → `event`, `type` → `type`, `status` → `status`: option labels live under the singular field name. */
export const singularField = (name: string): string =>
  name.length > 3 && name.endsWith('s') && !name.endsWith('ss') && !name.endsWith('us') ? name.slice(0, -1) : name;

const lastSegment = (path: string): string => path.split('.').at(-1) ?? path;

/** The i18n namespace of an entity's texts, taken from its title key (`webhooks.title` → `webhooks`). */
export const textNamespaceOf = (resource: { titleKey: string; name: string }): string =>
  resource.titleKey.split('.')[0] || resource.name;

/** Label of a form field: `fields.<entity>.<dotted.path>`. */
export const fieldLabelKey = (entity: string, path: string): string => `fields.${entity}.${path}`;

/** Optional help text of a form field: `fields.<entity>.<dotted.path>_description`. */
export const fieldDescriptionKey = (entity: string, path: string): string => `fields.${entity}.${path}_description`;

/**
 * A value as a key segment: a value naming a URN (`urn:oasis:names:tc:SAML:2.0:...`) holds the translator's
 * namespace separator, so its colons and dots become underscores; other values stay as they are (a webhook event's
 * dots nest its texts, `User.Created`).
 */
const valueSegment = (value: unknown) => {
  const text = String(value);
  return text.includes(':') ? text.replace(/[:.]/g, '_') : text;
};

/** Label of an enum value (or of a set flag): `<namespace>.<singular field>.<value>`, e.g. `roles.type.User`. */
export const enumLabelKey = (namespace: string, fieldPath: string, value: unknown): string =>
  `${namespace}.${singularField(lastSegment(fieldPath))}.${valueSegment(value)}`;

/** Optional explanation of an enum value: `<namespace>.<singular field>_description.<value>`. */
export const enumDescriptionKey = (namespace: string, fieldPath: string, value: unknown): string =>
  `${namespace}.${singularField(lastSegment(fieldPath))}_description.${valueSegment(value)}`;

/**
 * Name of a polymorphic field's branch in its select: `<namespace>.<discriminator>.<value>`, e.g.
 * `sso.providerName.Okta` (the discriminator as it is, since it names one value).
 */
export const branchLabelKey = (namespace: string, discriminator: string, value: unknown): string =>
  `${namespace}.${discriminator}.${String(value)}`;

/** The console's text for an API error code: `errors.<code>`. */
export const errorKey = (code: string): string => `errors.${code}`;

/**
 * An error's text keys, most specific first: a code may word itself per the `key` its data names
 * (`errors.subscription.limit_exceeded_mfaEnabled`, a plan feature), else its own text.
 */
export const errorKeys = (code: string, data?: unknown): string[] => {
  const key = (data as { key?: unknown } | null | undefined)?.key;
  return typeof key === 'string' && /^[A-Za-z]+$/.test(key)
    ? [`${errorKey(code)}_${key}`, errorKey(code)]
    : [errorKey(code)];
};

/** Heading of a sidebar group: `sidebar.groups.<group>`. */
export const sidebarGroupKey = (group: string): string => `sidebar.groups.${group}`;

/** The texts of a relation tab a relation may word itself. */
export const relationTexts = ['title', 'empty', 'assign', 'assign_subtitle', 'assigned'] as const;
export type RelationText = (typeof relationTexts)[number];

/** Texts of a many-to-many relation tab, by the relation's target (`relations.empty.role`). */
export const relationKeys = {
  empty: (target: string) => `relations.empty.${target}`,
  /**
   * A relation's own wording of one of the texts above, read before the target's: an organization's users are its
   * members (`relations.empty_of.organization.users`).
   */
  own: (text: RelationText, entity: string, relation: string) => `relations.${text}_of.${entity}.${relation}`,
  /** The column of items linked to each link (a member's roles): `relations.nested.organizationRoles`. */
  nested: (property: string) => `relations.nested.${property}`,
  embedded: (target: string) => `relations.embedded.${target}`,
  /** These three fall back to their `default` variant when the target has none. */
  assign: (target: string) => `relations.assign.${target}`,
  assignSubtitle: (target: string) => `relations.assign_subtitle.${target}`,
  assigned: (target: string) => `relations.assigned.${target}`,
  /** The column of a link attribute (a membership's note or expiry): `relations.attribute.expires_at`. */
  attribute: (field: string) => `relations.attribute.${snakeCase(field)}`,
} as const;

/** The message of a failed schema keyword in a form: `validation.<keyword>` (`validation.format_<format>` optional). */
export const validationKey = (keyword: string): string => `validation.${keyword}`;
export const formatValidationKey = (format: string): string => `validation.format_${format}`;

/** uiSchema options whose values are translation keys (`"ui:placeholder": "roles.placeholder.name"`). */
export const translatableUiOptions: readonly string[] = ['ui:placeholder', 'ui:title', 'ui:description', 'ui:help'];
