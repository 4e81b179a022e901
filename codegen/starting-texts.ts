import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { errorKey, fieldLabelKey, relationKeys, textNamespaceOf } from '../src/shared/text-keys.js';
import { descriptorErrorCodes } from './error-codes.js';
import { CodegenError } from './errors.js';
import { formFields, requiredI18nKeys } from './i18n-keys.js';
import { jsonText } from './json-text.js';
import { entityLocaleFile, pluralBase, SOURCE_LANGUAGE } from './locales.js';

/** `allowSignUp` → `Allow sign up`, `created_at` → `Created at`, `MachineToMachine` → `Machine to machine`. */
export const humanize = (name: string): string => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `Workspace settings` → `workspace settings`, in the middle of a sentence (an acronym such as `API` stays). */
const inSentence = (text: string) => (/^[A-Z][A-Z]/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));

const lastSegment = (key: string) => key.split('.').at(-1) ?? key;

/** Texts that belong to the whole console, never to one entity's starting file: validation messages, sidebar groups. */
const consoleWide = (key: string) => key.startsWith('validation.') || key.startsWith('sidebar.groups.');

/** A key only this entity names: in its namespace, among its field labels, or its sidebar entry. */
const ownKey = (model: EntityModel, key: string) =>
  (model.hasConsole && key.startsWith(`${textNamespaceOf(model)}.`)) ||
  key.startsWith(`fields.${model.name}.`) ||
  key === model.sidebar?.titleKey;

/** The forms of an entity's console: its create dialog and each settings tab. */
const formSchemas = (model: EntityModel): JSONSchema7[] => [
  ...(model.create ? [model.create.form.schema] : []),
  ...(model.detail?.tabs ?? []).flatMap((tab) => (tab.kind === 'form' ? [tab.form.schema] : [])),
];

/**
 * What each key an entity names is for, as a starting English text: its title (the route's words, `Audit events`),
 * list texts from it, field labels from the property's `title` or name, an error code's generated message. The
 * first text given to a key wins; a key none names gets the words of its last part.
 */
const textsOf = (model: EntityModel): Map<string, string> => {
  const texts = new Map<string, string>();
  const put = (key: string | undefined, text: string) => {
    if (key && !texts.has(key)) texts.set(key, text);
  };
  const properties = model.schema.properties ?? {};
  const labelOf = (field: string, property?: JSONSchema7) =>
    (property ?? properties[field])?.title ?? humanize(lastSegment(field));
  const singular = model.schema.title ?? humanize(model.name);
  const routeWords = model.route
    ?.split('/')
    .filter((part) => part && !part.startsWith(':'))
    .at(-1);
  const plural = routeWords ? humanize(routeWords) : singular;
  const about = model.schema.description ?? plural;

  put(model.titleKey, plural);
  put(model.sidebar?.titleKey, plural);
  put(model.subtitleKey, about);
  put(model.list?.searchPlaceholderKey, `Search ${inSentence(plural)}`);
  put(model.list?.emptyKey, `No ${inSentence(plural)} yet.`);
  for (const column of model.list?.columns ?? []) {
    put(column.titleKey, labelOf(column.field));
    for (const flag of column.flags ?? []) put(flag.labelKey, humanize(lastSegment(flag.labelKey)));
  }
  put(model.create?.titleKey, `Create ${inSentence(singular)}`);
  put(model.create?.subtitleKey, about);
  for (const action of [...(model.list?.actions ?? []), ...(model.detail?.actions ?? [])]) {
    put(action.titleKey, humanize(action.key));
    put(action.confirmKey, `${humanize(action.key)}?`);
  }
  for (const tab of model.detail?.tabs ?? []) {
    put(tab.titleKey, humanize(tab.key));
    if (tab.kind !== 'form') continue;
    for (const section of tab.sections) {
      put(section.titleKey, humanize(lastSegment(section.titleKey)));
      put(section.descriptionKey, humanize(lastSegment(section.descriptionKey ?? '')));
    }
  }
  const filters = model.logFilters;
  for (const filter of [...(filters?.ranges ?? []), ...(filters?.prefixes ?? []), ...(filters?.values ?? [])]) {
    put(filter.labelKey, labelOf(filter.field));
  }
  for (const schema of formSchemas(model)) {
    for (const [path, property] of formFields(schema)) put(fieldLabelKey(model.name, path), labelOf(path, property));
  }
  for (const [code, { message }] of descriptorErrorCodes([model])) put(errorKey(code), message);
  for (const relation of model.relations) {
    put(relationKeys.empty(relation.target), `No ${inSentence(humanize(relation.target))} linked yet.`);
  }
  return texts;
};

/** `{ "a.b": "x", "a.c": "y" }` → `{ "a": { "b": "x", "c": "y" } }`, as the locale files nest their keys. */
const nested = (entries: [string, string][], file: string): Record<string, unknown> => {
  const tree: Record<string, unknown> = {};
  for (const [key, text] of entries) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part] ?? {};
      if (typeof next !== 'object') throw new CodegenError(`${file}: ${key} needs ${part} to hold texts, not a text`);
      node[part] = next;
      node = next as Record<string, unknown>;
    }
    const last = parts.at(-1) ?? key;
    if (typeof node[last] === 'object') throw new CodegenError(`${file}: ${key} is a text and holds texts`);
    node[last] = text;
  }
  return tree;
};

export interface StartingTexts {
  /** The entity text files to write (path relative to the root → content). */
  files: Map<string, string>;
  /** Each key they hold → its file, to check the registry's keys against as if they were written. */
  keys: Map<string, string>;
}

/**
 * The error codes of the links a relation entity declares on its sides (`errors.<code>` → the relation entity): the
 * relation's folder holds their texts, though the side's model names them.
 */
const relationOwners = (model: EntityModel): Map<string, string> =>
  new Map(
    model.relations.flatMap((relation) =>
      relation.kind === 'linked'
        ? [relation.duplicateCode, relation.missingLinkCode, relation.assignByName?.missingCode, relation.unknownCode]
            .filter((code): code is string => Boolean(code))
            .map((code) => [errorKey(code), relation.through] as const)
        : [],
    ),
  );

/** A key's text when nothing names what it is for: the words of its last part (of the field, for a flag's `true`). */
const fallbackText = (key: string) =>
  humanize(lastSegment(key) === 'true' ? (key.split('.').at(-2) ?? key) : lastSegment(key));

/**
 * The starting English texts of each new entity, one whose `locales/en.json` does not exist and none of whose own
 * texts (namespace, field labels, sidebar entry) any file holds yet: the keys the entity needs (its namespace's
 * title, list, create and tab texts, its sidebar entry, `fields.<name>.*` labels, its error codes' and relation
 * tabs' texts; a relation entity's link error codes) that no English file holds yet, each with a text derived from
 * the descriptor and schema, for the author to review. `english` is the locale as read (key → file). An existing
 * file is never rewritten; console-wide texts (validation messages, sidebar groups) are left to the console's files.
 */
export const startingTexts = (
  root: string,
  models: readonly EntityModel[],
  english: ReadonlyMap<string, string>,
): StartingTexts => {
  const present = new Set([...english.keys()].map(pluralBase));
  // The missing keys with their texts, by the entity whose file holds them, in the order the descriptor names them.
  const byOwner = new Map<string, Map<string, string>>();
  // Entities whose texts exist somewhere (namespace or labels in a console area file) are no new ones: a text they
  // lack is asked for where their others are.
  const established = new Set<string>();
  for (const model of models) {
    const codes = [...descriptorErrorCodes([model]).keys()];
    const needed = Object.keys(requiredI18nKeys([model], codes).required).filter((key) => !consoleWide(key));
    if (needed.some((key) => ownKey(model, key) && present.has(key))) established.add(model.name);
    const texts = textsOf(model);
    const owners = relationOwners(model);
    const ordered = [
      ...[...texts.keys()].filter((key) => needed.includes(key)),
      ...needed.filter((k) => !texts.has(k)),
    ];
    for (const key of ordered.filter((k) => !present.has(k))) {
      const owner = owners.get(key) ?? model.name;
      const entries = byOwner.get(owner) ?? new Map<string, string>();
      byOwner.set(owner, entries);
      if (!entries.has(key)) entries.set(key, texts.get(key) ?? fallbackText(key));
    }
  }
  const result: StartingTexts = { files: new Map(), keys: new Map() };
  for (const [owner, entries] of byOwner) {
    const file = entityLocaleFile(owner, SOURCE_LANGUAGE);
    if (established.has(owner) || existsSync(join(root, file))) continue;
    const fresh = [...entries].filter(([key]) => !result.keys.has(key));
    if (fresh.length === 0) continue;
    result.files.set(file, jsonText(nested(fresh, file)));
    for (const [key] of fresh) result.keys.set(key, file);
  }
  return result;
};
