import type { EntityModel, FormModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { booleanQuotaKeys } from '../src/shared/plans.js';
import {
  branchLabelKey,
  enumDescriptionKey,
  enumLabelKey,
  errorKey,
  errorKeys,
  fieldDescriptionKey,
  fieldLabelKey,
  formatValidationKey,
  relationKeys,
  relationTexts,
  sidebarGroupKey,
  singularField,
  textNamespaceOf,
  translatableUiOptions,
  validationKey,
} from '../src/shared/text-keys.js';
import { descriptorFileOf } from './names.js';

/**
 * The translation keys the registry requires of the English locale, as codegen writes them to
 * `src/generated/i18n-keys.json`:
 * - `required`: key → why it is needed; a missing one fails codegen.
 * - `optional`: keys the console looks up with a fallback (field descriptions, per-target relation texts).
 * - `owned`: subtrees the registry fills completely (`fields.role`, `errors.role`, `roles.type`); a key inside one
 *   that is neither required nor optional is unused (a renamed field's old label) and fails codegen too. Keys
 *   outside them belong to hand-written code, which names them literally.
 */
export interface I18nKeys {
  required: Record<string, string>;
  optional: string[];
  owned: string[];
}

const keysOfUiSchema = (node: unknown, into: string[]) => {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (translatableUiOptions.includes(key) && typeof value === 'string') into.push(value);
    else keysOfUiSchema(value, into);
  }
};

/** The translation keys a console resource's descriptor names. */
export const referencedKeys = (model: EntityModel): string[] => {
  if (!model.hasConsole) return [];
  const keys = [model.titleKey, model.list.searchPlaceholderKey, model.list.emptyKey];
  if (model.subtitleKey) keys.push(model.subtitleKey);
  for (const view of model.list.views ?? []) keys.push(view.titleKey);
  if (model.sidebar) keys.push(model.sidebar.titleKey);
  for (const column of model.list.columns) keys.push(column.titleKey, ...(column.flags ?? []).map((f) => f.labelKey));
  if (model.create) keys.push(model.create.titleKey, ...(model.create.subtitleKey ? [model.create.subtitleKey] : []));
  for (const banner of model.detail?.banners ?? []) keys.push(banner.messageKey);
  for (const action of model.detail?.actions ?? []) keys.push(action.titleKey, action.confirmKey);
  for (const tab of model.detail?.tabs ?? []) {
    keys.push(tab.titleKey);
    if (tab.kind === 'form') {
      for (const section of tab.sections)
        keys.push(section.titleKey, ...(section.descriptionKey ? [section.descriptionKey] : []));
    }
  }
  for (const filter of [
    ...(model.logFilters?.ranges ?? []),
    ...(model.logFilters?.prefixes ?? []),
    ...(model.logFilters?.values ?? []),
  ]) {
    keys.push(filter.labelKey);
  }
  keysOfUiSchema(model.uiSchema, keys);
  // A singleton has no list, so no list texts.
  return keys.filter(Boolean);
};

/** Every property path of a form schema (`config`, `config.url`, …) with its schema. */
export const formFields = (schema: JSONSchema7, prefix = ''): [string, JSONSchema7][] =>
  Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [[path, property] as [string, JSONSchema7], ...formFields(property, path)];
  });

/** A polymorphic form field's discriminator and its branches by value (`config` → `providerName`, Okta, …). */
const branchesOf = (schema: JSONSchema7): { tag: string; branches: [string, JSONSchema7][] } | undefined => {
  const tag = (schema as { discriminator?: { propertyName?: string } }).discriminator?.propertyName;
  if (!tag || !schema.oneOf) return undefined;
  return { tag, branches: schema.oneOf.map((branch) => [String(branch.properties?.[tag]?.const), branch]) };
};

const consoleForms = (model: EntityModel): FormModel[] => [
  ...(model.create ? [model.create.form] : []),
  ...(model.detail?.tabs ?? []).flatMap((tab) => (tab.kind === 'form' ? [tab.form] : [])),
];

const typesOf = (schema: JSONSchema7): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** Schema keywords whose failure the form shows with a `validation.<keyword>` message. */
const validationKeywords = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'uniqueItems',
  'maxProperties',
  'propertyNames',
];

const collectValidation = (node: unknown, add: (key: string, why: string) => void, optional: Set<string>) => {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectValidation(item, add, optional);
    return;
  }
  const schema = node as JSONSchema7 & Record<string, unknown>;
  for (const keyword of validationKeywords) {
    if (schema[keyword] !== undefined) add(validationKey(keyword), `form validation keyword ${keyword}`);
  }
  if (typesOf(schema).includes('integer')) add(validationKey('integer'), 'form validation of a whole number');
  if (typeof schema.format === 'string') optional.add(formatValidationKey(schema.format));
  if (schema.additionalProperties === false) add(validationKey('additionalProperties'), 'form validation');
  for (const [key, value] of Object.entries(schema)) {
    if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') {
      collectValidation(value, add, optional);
    }
  }
};

/** The values a field shows as labelled tags or options: its enum, or `true` for a flag. */
const labelledValues = (schema: JSONSchema7 | undefined): unknown[] => {
  if (!schema) return [];
  const values = schema.enum ?? schema.items?.enum;
  if (values) return values.filter((value) => value !== null);
  return typesOf(schema).includes('boolean') ? [true] : [];
};

export const requiredI18nKeys = (models: EntityModel[], errorCodes: string[]): I18nKeys => {
  const required = new Map<string, string>();
  const optional = new Set<string>();
  const owned = new Set<string>();
  const add = (key: string, why: string) => {
    if (!required.has(key)) required.set(key, why);
  };
  const enumKeys = (namespace: string, path: string, values: unknown[], why: string) => {
    const field = singularField(path.split('.').at(-1) ?? path);
    if (values.length === 0) return;
    owned.add(`${namespace}.${field}`);
    owned.add(`${namespace}.${field}_description`);
    for (const value of values) {
      add(enumLabelKey(namespace, path, value), `${why}, value ${String(value)}`);
      optional.add(enumDescriptionKey(namespace, path, value));
    }
  };

  for (const code of errorCodes) {
    add(errorKey(code), `error code ${code}`);
    owned.add(errorKey(code).split('.').slice(0, 2).join('.'));
  }
  // A plan feature a descriptor needs is refused with the quota error worded for that feature; the other features'
  // texts may be there.
  if (errorCodes.includes('subscription.limit_exceeded')) {
    for (const key of booleanQuotaKeys) optional.add(errorKeys('subscription.limit_exceeded', { key })[0] ?? '');
  }
  for (const model of models) {
    for (const rule of model.featureQuotas ?? []) {
      const [key] = errorKeys('subscription.limit_exceeded', rule);
      add(key ?? '', `feature quota ${rule.key} of ${descriptorFileOf(model.name)}`);
    }
  }
  add(validationKey('required'), 'form validation of a required field');
  add(validationKey('type'), 'form validation of a value of the wrong type');

  for (const model of models.filter((m) => m.hasConsole)) {
    const file = `${descriptorFileOf(model.name)}`;
    for (const key of referencedKeys(model)) add(key, `named in ${file}`);
    const namespace = textNamespaceOf(model);
    if (model.sidebar) add(sidebarGroupKey(model.sidebar.group), `sidebar group of ${file}`);
    owned.add(`fields.${model.name}`);
    const fieldKeys = (path: string, property: JSONSchema7, why: string) => {
      add(fieldLabelKey(model.name, path), `label of ${why}`);
      optional.add(fieldDescriptionKey(model.name, path));
      const values = property.enum ?? property.items?.enum ?? [];
      enumKeys(namespace, path, values, `option of ${why}`);
    };
    for (const form of consoleForms(model)) {
      collectValidation(form.schema, add, optional);
      for (const [path, property] of formFields(form.schema)) {
        fieldKeys(path, property, `form field ${model.name}.${path}`);
        // A polymorphic field: the choice of branch, each branch's name, and each branch's own fields.
        const polymorphic = branchesOf(property);
        if (!polymorphic) continue;
        const { tag, branches } = polymorphic;
        add(
          fieldLabelKey(model.name, `${path}.${tag}`),
          `label of the branch choice of form field ${model.name}.${path}`,
        );
        owned.add(`${namespace}.${tag}`);
        for (const [value, branch] of branches) {
          const why = `branch ${value} of form field ${model.name}.${path}`;
          add(branchLabelKey(namespace, tag, value), `name of ${why}`);
          for (const [branchPath, branchProperty] of formFields(branch, path)) {
            if (branchPath !== `${path}.${tag}`) fieldKeys(branchPath, branchProperty, `field ${branchPath} of ${why}`);
          }
        }
      }
    }
    for (const column of model.list.columns) {
      if (column.render === 'tag' || column.render === 'tags') {
        const values = labelledValues(model.schema.properties?.[column.field]);
        enumKeys(namespace, column.field, values, `tag in list column ${model.name}.${column.field}`);
      }
    }
    for (const field of model.detail?.tags ?? []) {
      const values = labelledValues(model.schema.properties?.[field]);
      enumKeys(namespace, field, values, `tag in the detail header of ${model.name}.${field}`);
    }
    for (const relation of model.relations) {
      if (relation.kind !== 'linked') continue;
      const shown = model.detail?.tabs.some(
        (tab) => tab.kind === 'relation' && (tab.relation === relation.name || tab.relations?.includes(relation.name)),
      );
      if (!shown) continue;
      const why = `relation tab ${model.name}.${relation.name}`;
      add(relationKeys.empty(relation.target), why);
      for (const embed of relation.embed ?? []) add(relationKeys.embedded(embed.target), why);
      // The tab shows the link's attributes when the relation lists them, each under its own title.
      if (relation.attributesAs) {
        for (const { field } of relation.attributes) add(relationKeys.attribute(field), `${why}, attribute ${field}`);
      }
      for (const key of [relationKeys.assign, relationKeys.assignSubtitle, relationKeys.assigned]) {
        optional.add(key(relation.target));
      }
      for (const text of relationTexts) optional.add(relationKeys.own(text, model.name, relation.name));
      for (const spec of relation.nested ?? [])
        add(relationKeys.nested(spec.property), `${why}, nested ${spec.property}`);
    }
  }
  const sorted = [...required].sort(([a], [b]) => a.localeCompare(b));
  return {
    required: Object.fromEntries(sorted),
    optional: [...optional].filter((key) => !required.has(key)).sort(),
    owned: [...owned].sort(),
  };
};
